// The lender overview's widgets: titles and what their info buttons explain.

export const LENDER_WIDGETS = {
  received: {
    title: 'Referrals Received',
    info: 'Buyers transferred to your loan office this month and last month (calendar months, UTC), and how many of your referrals are still open.',
  },
  perMonth: {
    title: 'Referrals per Month',
    info: 'Referrals received in each of the last 12 months, with the loans closed in that month.',
  },
  byStatus: {
    title: 'Referrals by Status',
    info: 'All your referrals by their current lender step: Received, Contacted, Pre-Approved, Application Taken, In Underwriting, Loan Closed and Not Proceeding. Choose a step to see its referrals.',
  },
  perOfficer: {
    title: 'Referrals per Loan Officer',
    info: 'Open, closed and total referrals held by each loan officer, and the ones nobody holds yet. Choose an officer to see their profile.',
  },
  firstContact: {
    title: 'Time to First Contact',
    info: 'For referrals received in the last 90 days: the median time from receiving a referral to its first move past Received, and the share contacted within 24 hours.',
  },
  conversion: {
    title: 'Conversion to Closed Loans',
    info: 'Of the referrals received in the last 12 months, the share that closed a loan, with the numbers closed and not proceeding.',
  },
} as const;

export type LenderWidgetId = keyof typeof LENDER_WIDGETS;
