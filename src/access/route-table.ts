import {
  ADMIN_ROLES,
  AGENT_ROLES,
  BROKERAGE_ADMIN_ROLES,
  BROKERAGE_WORKSPACE_ROLES,
  CONSOLE_ROLES,
  DASHBOARD_ROLES,
  DIAGNOSTICS_ROLES,
  DNC_ROLES,
  LENDER_DETAIL_ROLES,
  LENDER_LIST_ROLES,
  NOTIFICATION_ROLES,
  OPPORTUNITY_ROLES,
  OUTREACH_MANAGER_ROLES,
  OUTREACH_READER_ROLES,
  QA_ROLES,
  STAFF_ROLES,
  USER_MANAGER_ROLES,
  type Role,
} from './roles.ts';

// Route access of spec 1 section 6 (and spec 2 section 2): each route names one role set of
// ./roles.ts, the sets the server's policies read too.
export interface RouteEntry {
  id: string;
  /** wouter pattern */
  path: string;
  title: string;
  /** undefined: public route */
  roles?: readonly Role[];
  /** Navigating here does not silently refresh the session afterwards (login). */
  skipReauth?: boolean;
  redirectTo?: string;
}

/** A route whose id and path keep their literal types: `pathTo`, the drawer and the e2e paths are typed from them. */
const r = <const Id extends string, const Path extends string>(
  id: Id,
  path: Path,
  title: string,
  roles?: readonly Role[],
  extra: Pick<RouteEntry, 'skipReauth' | 'redirectTo'> = {},
): RouteEntry & { id: Id; path: Path } => ({ id, path, title, ...(roles ? { roles } : {}), ...extra });

export const ROUTES = [
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
  r('brokerages', '/console/brokerages', 'Brokers', STAFF_ROLES),
  r(
    'brokerage-agent-referral',
    '/console/brokerages/view/:id/agent/:agentId/referral/:referralId',
    'Referral',
    STAFF_ROLES,
  ),
  r('brokerage-agent', '/console/brokerages/view/:id/agent/:agentId', 'Agent', STAFF_ROLES),
  r('brokerage-view', '/console/brokerages/view/:id', 'Brokerage', STAFF_ROLES),
  r('brokerage-email', '/console/brokerages/email/:id', 'Brokerage Email Settings', STAFF_ROLES),
  r('agents', '/console/agents', 'Agents', STAFF_ROLES),
  r('agent-referral', '/console/agents/view/:id/referral/:referralId', 'Referral', STAFF_ROLES),
  r('agent-view', '/console/agents/view/:id', 'Agent', STAFF_ROLES),
  r('lenders', '/console/lenders', 'Lenders', LENDER_DETAIL_ROLES),
  r('lender-view', '/console/lenders/view/:id', 'Lender', STAFF_ROLES),
  r('opportunities', '/console/opportunities', 'Opportunities', OPPORTUNITY_ROLES),
  r('opportunity-view', '/console/opportunities/view/:id', 'Opportunity', OPPORTUNITY_ROLES),
  r('user-management', '/console/user-management', 'User Management', USER_MANAGER_ROLES),
  r('user-create', '/console/user-management/create', 'Create User', USER_MANAGER_ROLES),
  r('user-edit', '/console/user-management/edit/:id', 'Edit User', USER_MANAGER_ROLES),
  r('supplier-management', '/console/supplier-management', 'Supplier Management', USER_MANAGER_ROLES),
  r('supplier-create', '/console/supplier-management/create', 'Create Supplier', ADMIN_ROLES),
  r('supplier-view', '/console/supplier-management/view/:id', 'Supplier', USER_MANAGER_ROLES),
  r('qa-review', '/console/qa-review', 'QA Review', QA_ROLES),
  r('qa-review-opportunity', '/console/qa-review/opportunity/:id', 'QA Review', QA_ROLES),
  r('announcements', '/console/announcements', 'Announcements', NOTIFICATION_ROLES),
  r('agent-assignments', '/console/agent-assignments', 'Agent Assignments', DIAGNOSTICS_ROLES),
  r('simulator', '/console/simulator', 'Simulator', DIAGNOSTICS_ROLES),
  r('content-search', '/console/content-search', 'Content Search', DIAGNOSTICS_ROLES),
  r('content-edit', '/console/content-search/view/:id', 'Edit Content', DIAGNOSTICS_ROLES),
  r('twilio-tasks', '/console/twilio-tasks', 'Twilio Tasks', OUTREACH_READER_ROLES),
  r('messages', '/console/messages', 'Messages', OUTREACH_MANAGER_ROLES),
  r('bulk-sms-send', '/console/bulk-sms-send', 'Bulk SMS Send', OUTREACH_READER_ROLES),
  r('dnc-list', '/console/dnc-list', 'DNC List', DNC_ROLES),
  r('impersonation-audit', '/console/impersonation-audit', 'Impersonation Audit', ADMIN_ROLES),
  r('my-agents', '/console/my-agents', 'My Agents', BROKERAGE_WORKSPACE_ROLES),
  r('my-agent-invitations', '/console/my-agents/invitations', 'Pending Invitations', BROKERAGE_WORKSPACE_ROLES),
  r('my-agent-referral', '/console/my-agents/view/:id/referral/:referralId', 'Referral', BROKERAGE_WORKSPACE_ROLES),
  r('view-my-agent', '/console/my-agents/view/:id', 'Agent', BROKERAGE_WORKSPACE_ROLES),
  r('my-agent-questionnaire', '/console/my-agents/questionnaire/:id', 'Questionnaire', BROKERAGE_WORKSPACE_ROLES),
  r('my-referrals', '/console/my-referrals', 'My Referrals', BROKERAGE_WORKSPACE_ROLES),
  r('my-referral-view', '/console/my-referrals/view/:referralId', 'Referral', BROKERAGE_WORKSPACE_ROLES),
  r('my-leads', '/console/my-leads', 'My Leads', BROKERAGE_WORKSPACE_ROLES),
  r('my-lead-view', '/console/my-leads/view/:id', 'My Leads', BROKERAGE_WORKSPACE_ROLES),
  r('my-lead-view-bare', '/console/my-leads/view', 'My Leads', BROKERAGE_WORKSPACE_ROLES, {
    redirectTo: '/console/my-leads',
  }),
  r('my-notifications', '/console/my-notifications', 'My Notifications', NOTIFICATION_ROLES),
  r('my-announcements', '/console/my-announcements', 'My Announcements', BROKERAGE_WORKSPACE_ROLES),
  r('my-admins', '/console/my-admins', 'My Admins', BROKERAGE_WORKSPACE_ROLES),
  r('my-admin-view', '/console/my-admins/view/:id', 'Admin', BROKERAGE_WORKSPACE_ROLES),
  r('my-metrics', '/console/my-metrics', 'My Metrics', BROKERAGE_WORKSPACE_ROLES),
  r('marketplace', '/console/marketplace', 'Marketplace', BROKERAGE_WORKSPACE_ROLES),
  r('my-loan-officers', '/console/my-loan-officers', 'My Loan Officers', LENDER_LIST_ROLES),
  r('my-loan-officer-view', '/console/my-loan-officers/view/:id', 'Loan Officer', LENDER_DETAIL_ROLES),
  r('lender-referrals', '/console/lender-referrals', 'My Referrals', LENDER_LIST_ROLES),
  r('lender-referral-view', '/console/lender-referrals/view/:id', 'Referral', LENDER_DETAIL_ROLES),
  r('agent-followups', '/console/agent-followups', 'Follow-ups', AGENT_ROLES),
  r('agent-followup-view', '/console/agent-followups/view/:id', 'Follow-up', AGENT_ROLES),
  r('agent-sync', '/console/agent-followups/sync', 'Unsynced Changes', AGENT_ROLES),
  r('agent-funnel', '/console/agent-funnel', 'My Funnel', AGENT_ROLES),
  r('agent-profile', '/console/agent-profile', 'Profile', AGENT_ROLES),
  r('agent-announcements', '/console/agent-announcements', 'Announcements', AGENT_ROLES),
  r('settings', '/console/settings', 'Settings', CONSOLE_ROLES, { redirectTo: '/console' }),
  r('settings-email', '/console/settings/email', 'Email Settings', BROKERAGE_ADMIN_ROLES),
  r('dashboard', '/console/dashboard', 'Dashboard', DASHBOARD_ROLES),
] as const satisfies readonly RouteEntry[];

/** A route's id: a name no route has fails the typecheck. */
export type RouteId = (typeof ROUTES)[number]['id'];
/** A route's wouter pattern, as the table writes it. */
export type RoutePath = (typeof ROUTES)[number]['path'];

export const routeById = (id: RouteId): RouteEntry => {
  const found = ROUTES.find((x) => x.id === id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
};

/** Fills a pattern's parameters: pathTo('view-my-agent', { id: 7 }) is /console/my-agents/view/7. */
export function pathTo(id: RouteId, params: Record<string, string | number> = {}): string {
  return (
    routeById(id)
      .path.replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')))
      .replace(/\/$/, '') || '/'
  );
}
