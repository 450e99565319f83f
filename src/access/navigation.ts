import { canAccess } from './access.ts';
import { hasProviderRole, hasStaffRole, isAgentOnly, type RoleRef } from './roles.ts';
import { routeById, type RouteId } from './route-table.ts';

export type UserType = 'lender' | 'broker' | 'agent' | 'staff';

export interface NavLink {
  kind: 'link';
  label: string;
  routeId: RouteId;
  path: string;
  chip?: 'marketplace' | 'announcements';
}
export interface NavGroup {
  kind: 'group';
  label: string;
  children: NavLink[];
}
export type NavEntry = NavLink | NavGroup;

export interface NavInput {
  roles: readonly RoleRef[];
  impersonating: 'brokerage' | 'loanOffice' | null;
  hasLeadGenius: boolean;
}

export function userTypeOf({ roles, impersonating }: Pick<NavInput, 'roles' | 'impersonating'>): UserType {
  if (impersonating === 'loanOffice') return 'lender';
  if (impersonating === 'brokerage') return 'broker';
  const names = roles.map((r) => r.name);
  if (isAgentOnly(roles)) return 'agent';
  if (names.includes('LOAN_OFFICE_ADMIN')) return 'lender';
  if (names.includes('BROKERAGE_ADMIN')) return 'broker';
  if (hasProviderRole(roles)) return 'staff';
  return names.includes('AGENT') ? 'agent' : 'staff';
}

const link = (label: string, routeId: RouteId, chip?: NavLink['chip']): NavLink => ({
  kind: 'link',
  label,
  routeId,
  path: routeById(routeId).path,
  ...(chip ? { chip } : {}),
});

// The entries per user type (spec 1 section 2, "Navigation by user type").
const ENTRIES: Record<UserType, (input: NavInput) => NavEntry[]> = {
  lender: () => [
    link('Overview', 'overview'),
    link('My Loan Officers', 'my-loan-officers'),
    link('My Referrals', 'lender-referrals'),
  ],
  broker: ({ hasLeadGenius }) => [
    link('Overview', 'overview'),
    link('My Agents', 'my-agents'),
    link('My Referrals', 'my-referrals'),
    ...(hasLeadGenius ? [link('My Leads', 'my-leads')] : []),
    link('My Notifications', 'my-notifications'),
    link('My Announcements', 'my-announcements', 'announcements'),
    link('My Admins', 'my-admins'),
    link('My Metrics', 'my-metrics'),
    link('Marketplace', 'marketplace', 'marketplace'),
  ],
  agent: () => [
    link('Follow-ups', 'agent-followups'),
    link('My Funnel', 'agent-funnel'),
    link('Announcements', 'agent-announcements', 'announcements'),
    link('Profile', 'agent-profile'),
  ],
  staff: ({ roles }) => [
    // CSR (no staff default route) opens the overview: give it an entry.
    ...(hasStaffRole(roles) ? [] : [link('Overview', 'overview')]),
    link('Brokers', 'brokerages'),
    link('Agents', 'agents'),
    link('Lenders', 'lenders'),
    {
      kind: 'group',
      label: 'Opp. Manager',
      children: [
        link('Opportunities', 'opportunities'),
        link('DNC List', 'dnc-list'),
        ...(roles.some((r) => r.name === 'ADMIN') ? [link('Bulk SMS Send', 'bulk-sms-send')] : []),
      ],
    },
    link('User Management', 'user-management'),
    link('QA Review', 'qa-review'),
    link('Announcements', 'announcements'),
    {
      kind: 'group',
      label: 'Diagnostic Tools',
      children: [
        link('Agent Assignments', 'agent-assignments'),
        link('Twilio Tasks', 'twilio-tasks'),
        link('Messages', 'messages'),
      ],
    },
    {
      kind: 'group',
      label: 'Dynamic Content',
      children: [link('Simulator', 'simulator'), link('Content Search', 'content-search')],
    },
    link('Supplier Management', 'supplier-management'),
    ...(roles.some((r) => r.name === 'ADMIN') ? [link('Impersonation Audit', 'impersonation-audit')] : []),
  ],
};

/** The drawer's entries for a user, without those the user cannot open. */
export function navigationFor(input: NavInput): NavEntry[] {
  const names = input.roles.map((r) => r.name);
  const open = (l: NavLink) => canAccess(names, routeById(l.routeId));
  return ENTRIES[userTypeOf(input)](input).flatMap((e): NavEntry[] => {
    if (e.kind === 'link') return open(e) ? [e] : [];
    const children = e.children.filter(open);
    return children.length > 0 ? [{ ...e, children }] : [];
  });
}
