import { STAFF_ROLES, USER_MANAGER_ROLES, type Role } from './roles.ts';

// Role sets of spec 1 section 6 (and spec 2 section 2). Where the spec gives a parent and a
// list, the list's roles are what a user needs to open the page
// (docs/decisions/0028-client-bound-roles-and-least-privilege.md).
const STAFF5: Role[] = [...STAFF_ROLES];
const USER_MGMT: Role[] = [...USER_MANAGER_ROLES];
const MY: Role[] = ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN'];
const DIAGNOSTICS: Role[] = ['ADMIN', 'MANAGER', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT'];
const OUTREACH: Role[] = ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'CSR_VIEW_OPPORTUNITIES'];
const LENDER_DETAIL: Role[] = ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT', 'LOAN_OFFICE_ADMIN'];
export const CONSOLE_ROLES: Role[] = ['ADMIN', 'BROKERAGE_ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT', 'CSR', 'LOAN_OFFICE_ADMIN'];

export interface RouteEntry {
  id: string;
  /** wouter pattern */
  path: string;
  title: string;
  /** undefined: public route */
  roles?: Role[];
  /** Navigating here does not silently refresh the session afterwards (login). */
  skipReauth?: boolean;
  redirectTo?: string;
}

const r = (id: string, path: string, title: string, roles?: Role[], extra: Partial<RouteEntry> = {}): RouteEntry =>
  ({ id, path, title, ...(roles ? { roles } : {}), ...extra });

export const ROUTES: RouteEntry[] = [
  // public
  r('home', '/', 'Login', undefined, { skipReauth: true }),
  r('login', '/login', 'Login', undefined, { skipReauth: true }),
  r('register', '/register', 'Register'),
  r('register-code', '/register/:code', 'Register'),
  r('forgot-password', '/forgot-password', 'Forgot Password'),
  r('agent-onboarding-decline', '/agent-onboarding/:inviteCode/decline', 'Decline Invitation'),
  r('agent-onboarding', '/agent-onboarding/:inviteCode?', 'Agent Onboarding'),
  r('cloze', '/cloze', 'Cloze'),
  r('not-found', '/404', 'Not Found'),
  // console
  r('overview', '/console', 'Overview', CONSOLE_ROLES),
  r('brokerages', '/console/brokerages', 'Brokers', STAFF5),
  r('brokerage-agent-referral', '/console/brokerages/view/:id/agent/:agentId/referral/:referralId', 'Referral', STAFF5),
  r('brokerage-agent', '/console/brokerages/view/:id/agent/:agentId', 'Agent', STAFF5),
  r('brokerage-view', '/console/brokerages/view/:id', 'Brokerage', STAFF5),
  r('brokerage-email', '/console/brokerages/email/:id', 'Brokerage Email Settings', STAFF5),
  r('agents', '/console/agents', 'Agents', STAFF5),
  r('agent-referral', '/console/agents/view/:id/referral/:referralId', 'Referral', STAFF5),
  r('agent-view', '/console/agents/view/:id', 'Agent', STAFF5),
  r('lenders', '/console/lenders', 'Lenders', [...STAFF5, 'LOAN_OFFICE_ADMIN']),
  r('lender-view', '/console/lenders/view/:id', 'Lender', STAFF5),
  r('opportunities', '/console/opportunities', 'Opportunities', [...STAFF5, 'CSR_VIEW_OPPORTUNITIES']),
  r('opportunity-view', '/console/opportunities/view/:id', 'Opportunity', [...STAFF5, 'CSR_VIEW_OPPORTUNITIES']),
  r('user-management', '/console/user-management', 'User Management', USER_MGMT),
  r('user-create', '/console/user-management/create', 'Create User', USER_MGMT),
  r('user-edit', '/console/user-management/edit/:id', 'Edit User', USER_MGMT),
  r('supplier-management', '/console/supplier-management', 'Supplier Management', USER_MGMT),
  r('supplier-create', '/console/supplier-management/create', 'Create Supplier', ['ADMIN']),
  r('supplier-view', '/console/supplier-management/view/:id', 'Supplier', USER_MGMT),
  r('qa-review', '/console/qa-review', 'QA Review', ['ADMIN', 'QA_TEAM']),
  r('qa-review-opportunity', '/console/qa-review/opportunity/:id', 'QA Review', ['ADMIN', 'QA_TEAM']),
  r('announcements', '/console/announcements', 'Announcements', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'MANAGER', 'CSR_SUPERVISOR']),
  r('agent-assignments', '/console/agent-assignments', 'Agent Assignments', DIAGNOSTICS),
  r('simulator', '/console/simulator', 'Simulator', DIAGNOSTICS),
  r('content-search', '/console/content-search', 'Content Search', DIAGNOSTICS),
  r('content-edit', '/console/content-search/view/:id', 'Edit Content', DIAGNOSTICS),
  r('twilio-tasks', '/console/twilio-tasks', 'Twilio Tasks', OUTREACH),
  r('messages', '/console/messages', 'Messages', ['ADMIN', 'AGENT_ENGAGEMENT']),
  r('bulk-sms-send', '/console/bulk-sms-send', 'Bulk SMS Send', OUTREACH),
  r('dnc-list', '/console/dnc-list', 'DNC List', [...STAFF5, 'CSR']),
  r('impersonation-audit', '/console/impersonation-audit', 'Impersonation Audit', ['ADMIN']),
  r('my-agents', '/console/my-agents', 'My Agents', MY),
  r('my-agent-invitations', '/console/my-agents/invitations', 'Pending Invitations', MY),
  r('my-agent-referral', '/console/my-agents/view/:id/referral/:referralId', 'Referral', MY),
  r('view-my-agent', '/console/my-agents/view/:id', 'Agent', MY),
  r('my-agent-questionnaire', '/console/my-agents/questionnaire/:id', 'Questionnaire', MY),
  r('my-referrals', '/console/my-referrals', 'My Referrals', MY),
  r('my-referral-view', '/console/my-referrals/view/:referralId', 'Referral', MY),
  r('my-leads', '/console/my-leads', 'My Leads', MY),
  r('my-lead-view', '/console/my-leads/view/:id', 'My Leads', MY),
  r('my-lead-view-bare', '/console/my-leads/view', 'My Leads', MY, { redirectTo: '/console/my-leads' }),
  r('my-notifications', '/console/my-notifications', 'My Notifications', [...MY, 'MANAGER', 'CSR_SUPERVISOR']),
  r('my-announcements', '/console/my-announcements', 'My Announcements', MY),
  r('my-admins', '/console/my-admins', 'My Admins', MY),
  r('my-admin-view', '/console/my-admins/view/:id', 'Admin', MY),
  r('my-metrics', '/console/my-metrics', 'My Metrics', MY),
  r('marketplace', '/console/marketplace', 'Marketplace', MY),
  r('my-loan-officers', '/console/my-loan-officers', 'My Loan Officers', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'LOAN_OFFICE_ADMIN']),
  r('my-loan-officer-view', '/console/my-loan-officers/view/:id', 'Loan Officer', LENDER_DETAIL),
  r('lender-referrals', '/console/lender-referrals', 'My Referrals', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'LOAN_OFFICE_ADMIN']),
  r('lender-referral-view', '/console/lender-referrals/view/:id', 'Referral', LENDER_DETAIL),
  r('agent-followups', '/console/agent-followups', 'Follow-ups', ['AGENT']),
  r('agent-followup-view', '/console/agent-followups/view/:id', 'Follow-up', ['AGENT']),
  r('agent-sync', '/console/agent-followups/sync', 'Unsynced Changes', ['AGENT']),
  r('agent-funnel', '/console/agent-funnel', 'My Funnel', ['AGENT']),
  r('agent-profile', '/console/agent-profile', 'Profile', ['AGENT']),
  r('agent-announcements', '/console/agent-announcements', 'Announcements', ['AGENT']),
  r('settings', '/console/settings', 'Settings', CONSOLE_ROLES, { redirectTo: '/console' }),
  r('settings-email', '/console/settings/email', 'Email Settings', ['BROKERAGE_ADMIN']),
  r('dashboard', '/console/dashboard', 'Dashboard', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'CSR', 'LOAN_OFFICE_ADMIN']),
];

export const routeById = (id: string): RouteEntry => {
  const found = ROUTES.find((x) => x.id === id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
};

/** Fills a pattern's parameters: pathTo('view-my-agent', { id: 7 }) is /console/my-agents/view/7. */
export function pathTo(id: string, params: Record<string, string | number> = {}): string {
  return routeById(id).path.replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')))
    .replace(/\/$/, '') || '/';
}
