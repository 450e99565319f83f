// The widgets' titles and what their info buttons explain.

export const WIDGETS = {
  brokerScore: {
    title: 'Broker Score',
    info: 'How your brokerage is doing on four measures and overall. Invites: the share of referral invitations your agents accepted in the last 90 days. Updates: open referrals that are up to date. Met With: referrals received in the last 90 days that reached a meeting. Conversion: leads of the last 12 months expected to close. Levels run Red, Bronze, Silver, Gold and Platinum.',
  },
  salesFunnel: {
    title: 'Sales Funnel',
    info: 'Overall: how many referrals stand at each stage now. Seller, Buyer and Rental: how many reached each step of their path, so a referral further along counts in every earlier step; rentals end in Leased. Choose a step to see its referrals.',
  },
  overallTotals: {
    title: 'Overall Totals',
    info: 'Your referrals by where they stand now: active, closed, removed, and overdue for follow-up (no update for more than 7 days, or under contract more than 1 day past the sale date).',
  },
  leadProgression: {
    title: 'Lead Progression',
    info: 'How far IRIS leads got: received, responded, qualified, assigned to an agent and closed, for all leads, new leads and database leads.',
  },
  leadsCap: {
    title: 'New Leads Sent vs. Quarterly Cap',
    info: 'New IRIS leads sent to your brokerage this month, against your quarterly cap. "No cap" means the brokerage has no limit.',
  },
  recentReferrals: {
    title: 'Recently Assigned Referrals',
    info: 'The five referrals most recently assigned to your agents.',
  },
  overdueAgents: {
    title: 'Agents with Overdue Referrals',
    info: 'Agents who have referrals overdue for follow-up, the most overdue first, with the age of their oldest overdue referral.',
  },
  respondedLeads: {
    title: 'Responded Leads Status',
    info: 'Where the leads that responded stand now: previous interest, unserviceable (do not contact, unserviceable or unqualified), future interest, contact established, transfer incomplete and no agent accepted.',
  },
  referralSummary: {
    title: 'Referral Summary',
    info: 'The share of your active, closed and removed referrals that met or showed homes, made an offer, went under contract and closed.',
  },
  performance: {
    title: 'Performance',
    info: 'Closed referrals and their sale value, and the closings expected from the open pipeline at your close rate.',
  },
  leadsBySource: {
    title: 'Leads by Source',
    info: 'IRIS leads per lead supplier, with the share assigned to an agent and the share closed.',
  },
  leadsByStatus: {
    title: 'Leads by Status',
    info: 'IRIS leads by their current status. Choose a status to see its leads.',
  },
  leadsLimit: {
    title: 'Leads Limit',
    info: 'New IRIS leads this quarter against your quarterly cap, and how many remain.',
  },
  leaderboard: {
    title: 'Agent Leaderboard',
    info: 'Your working agents with their score, closings and transaction volume of the last 12 months, and their average response time to referrals received in the last 7 and 30 days. Choose an agent to see their profile.',
  },
  referralProgression: {
    title: 'Referral Progression',
    info: 'IRIS referrals at each stage, and the most recent leads. Choose a lead to see its details.',
  },
  recentIrisReferrals: {
    title: 'Recently Assigned IRIS Referrals',
    info: 'The five IRIS leads most recently assigned to your agents.',
  },
  callToAction: {
    title: 'Get More With IRIS',
    info: 'IRIS sends your brokerage qualified leads and shows how they progress. Ask our sales team about adding it.',
  },
  inviteAgents: {
    title: 'Grow Your Team',
    info: 'More agents means more referrals accepted and fewer left waiting. Invite agents to join your brokerage.',
  },
} as const;

export type WidgetId = keyof typeof WIDGETS;
