import { BRAND, OAUTH_CLIENTS } from '../lib/brand.ts';

export const ROLES = [
  'ADMIN',
  'BROKERAGE_ADMIN',
  'AGENT',
  'MANAGER',
  'CSR_SUPERVISOR',
  'CSR',
  'CSR_VIEW_OPPORTUNITIES',
  'AGENT_ENGAGEMENT',
  'QA_TEAM',
  'LOAN_OFFICE_ADMIN',
  'LEAD_SUPPLIER',
  // technical roles
  'DS_TEAM',
  'APP_DEV',
  'CONTACT_CENTER',
  'AGENT_UPDATER',
  'AGENT_CHANGE_CONSUMER',
  'REFERRAL_TEAM',
  'REFERRAL_CREATOR',
  'OPPORTUNITY_CREATOR',
  'INTERACTION_USER',
  'USER_PROFILE_READER',
  'USER_CHANGE_CONSUMER',
  'WORKFLOW_EVENT_CREATOR',
  'TASK_EXECUTOR',
  'LOG_CREATOR',
  'EXAMPLE_STREAM_PROCESSOR',
  'APINATION_INTEGRATION',
] as const;
export type Role = (typeof ROLES)[number];

export type RoleType = typeof BRAND.roleType | 'LOAN_OFFICE_ROLE' | 'BROKER_ROLE';

/** Which role type each role has: brokerage-side roles are BROKER_ROLE, lender LOAN_OFFICE_ROLE, the rest staff. */
export function roleTypeOf(role: Role): RoleType {
  if (role === 'LOAN_OFFICE_ADMIN') return 'LOAN_OFFICE_ROLE';
  if (role === 'BROKERAGE_ADMIN' || role === 'AGENT' || role === 'LEAD_SUPPLIER') return 'BROKER_ROLE';
  return BRAND.roleType;
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

// Role sets, each named once here: the console's route table, the server's route policies and the
// event audience import them (tests/unit/role-sets.test.ts refuses a role list written out under
// server/). Route access is spec 1 section 6's table; where the spec gives a parent and a list, the
// list's roles are what a user needs (decision 0028).
//  - STAFF_ROLES: "staff", the five provider roles with the staff console that see every brokerage
//    (brokerages, agents).
//  - provider roles (hasProviderRole): any role of the provider's role type, which includes CSR,
//    CSR_VIEW_OPPORTUNITIES and the technical roles; such users are tied to no brokerage.
//  - PROVIDER_INVITEE_ROLES: the provider roles a user-management invitation may grant.
export const STAFF_ROLES: readonly Role[] = ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT'];
export const PROVIDER_INVITEE_ROLES = [
  'ADMIN',
  'MANAGER',
  'QA_TEAM',
  'CSR_SUPERVISOR',
  'AGENT_ENGAGEMENT',
  'CSR',
  'CSR_VIEW_OPPORTUNITIES',
] as const satisfies readonly Role[];
/** What a user-management invitation grants; agents join through the agent invitation instead. */
export const INVITABLE_ROLES = [
  'BROKERAGE_ADMIN',
  'LOAN_OFFICE_ADMIN',
  ...PROVIDER_INVITEE_ROLES,
] as const satisfies readonly Role[];
/** Roles that manage users (user-management, supplier-management); they invite for any organisation. */
export const USER_MANAGER_ROLES = ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR'] as const satisfies readonly Role[];
/** Who invites and changes users: the user managers, and a brokerage admin within their own brokerage (mayActOnUser). */
export const USER_EDITOR_ROLES: readonly Role[] = [...USER_MANAGER_ROLES, 'BROKERAGE_ADMIN'];

/** One role alone: AGENT (agent-followups, agent-funnel, agent-profile and the agent's own calls). */
export const AGENT_ROLES: readonly Role[] = ['AGENT'];
/** One role alone: ADMIN (supplier create, the impersonation audit). */
export const ADMIN_ROLES: readonly Role[] = ['ADMIN'];
/** One role alone: BROKERAGE_ADMIN (settings/email). */
export const BROKERAGE_ADMIN_ROLES: readonly Role[] = ['BROKERAGE_ADMIN'];

/** /console: everyone with a console overview. */
export const CONSOLE_ROLES: readonly Role[] = [
  'ADMIN',
  'BROKERAGE_ADMIN',
  'MANAGER',
  'QA_TEAM',
  'CSR_SUPERVISOR',
  'AGENT_ENGAGEMENT',
  'CSR',
  'LOAN_OFFICE_ADMIN',
];
/** The dashboard (spec 2 section 2). */
export const DASHBOARD_ROLES: readonly Role[] = [
  'ADMIN',
  'AGENT_ENGAGEMENT',
  'BROKERAGE_ADMIN',
  'CSR',
  'LOAN_OFFICE_ADMIN',
];
/**
 * One brokerage's records (its referrals, settings, the overview's figures): staff and that brokerage's
 * admins. A loan-office admin's overview is about lender referrals, and a CSR's console is the DNC
 * list: neither reads brokerage figures or leads (403).
 */
export const BROKERAGE_READER_ROLES: readonly Role[] = [...STAFF_ROLES, 'BROKERAGE_ADMIN'];
/** An agent's records: staff, the agent's brokerage's admins and the agent. */
export const AGENT_RECORD_ROLES: readonly Role[] = [...BROKERAGE_READER_ROLES, 'AGENT'];
/** A brokerage's leads and products: staff, its admins and its lead suppliers. */
export const LEAD_READER_ROLES: readonly Role[] = [...BROKERAGE_READER_ROLES, 'LEAD_SUPPLIER'];
/** my-agents, my-referrals, my-leads, my-admins, my-metrics, marketplace; the announcements' parent. */
export const BROKERAGE_WORKSPACE_ROLES: readonly Role[] = ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN'];
/**
 * my-notifications (reading, and sending a notification by hand: not QA, decision 0085) and the
 * announcements list: the brokerage workspace's roles plus MANAGER and CSR_SUPERVISOR.
 */
export const NOTIFICATION_ROLES: readonly Role[] = [...BROKERAGE_WORKSPACE_ROLES, 'MANAGER', 'CSR_SUPERVISOR'];
/** Who reads announcements addressed to them or written by them: the list's roles, agents and loan-office admins. */
export const ANNOUNCEMENT_READER_ROLES: readonly Role[] = [...NOTIFICATION_ROLES, 'AGENT', 'LOAN_OFFICE_ADMIN'];
/** opportunities: the brokerages roles plus CSR_VIEW_OPPORTUNITIES. */
export const OPPORTUNITY_ROLES: readonly Role[] = [...STAFF_ROLES, 'CSR_VIEW_OPPORTUNITIES'];
/** An opportunity's lender: the opportunities roles plus LOAN_OFFICE_ADMIN (their own office's). */
export const OPPORTUNITY_LENDER_ROLES: readonly Role[] = [...OPPORTUNITY_ROLES, 'LOAN_OFFICE_ADMIN'];
/** lenders (list), my-loan-officers view/:id, lender-referrals detail: staff and the loan office's admins. */
export const LENDER_DETAIL_ROLES: readonly Role[] = [...STAFF_ROLES, 'LOAN_OFFICE_ADMIN'];
/** my-loan-officers and lender-referrals lists. */
export const LENDER_LIST_ROLES: readonly Role[] = ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'LOAN_OFFICE_ADMIN'];
/** A lender's writes: the loan office's admin and the staff who may impersonate one. */
export const LENDER_WRITE_ROLES: readonly Role[] = ['ADMIN', 'AGENT_ENGAGEMENT', 'LOAN_OFFICE_ADMIN'];
/** qa-review. */
export const QA_ROLES: readonly Role[] = ['ADMIN', 'QA_TEAM'];
/** The list pages of agent-assignments, simulator and content-search. */
export const DIAGNOSTICS_ROLES: readonly Role[] = ['ADMIN', 'MANAGER', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT'];
/** twilio-tasks and bulk-sms-send, the parent (manage tasks, send to anyone) and the messages page. */
export const OUTREACH_MANAGER_ROLES: readonly Role[] = ['ADMIN', 'AGENT_ENGAGEMENT'];
/** twilio-tasks and bulk-sms-send, the list: the parent's roles plus BROKERAGE_ADMIN and CSR_VIEW_OPPORTUNITIES. */
export const OUTREACH_READER_ROLES: readonly Role[] = [
  ...OUTREACH_MANAGER_ROLES,
  'BROKERAGE_ADMIN',
  'CSR_VIEW_OPPORTUNITIES',
];
/** dnc-list: staff and CSR. */
export const DNC_ROLES: readonly Role[] = [...STAFF_ROLES, 'CSR'];

/** Staff roles that may start impersonation (spec 1 section 6: ADMIN and AGENT_ENGAGEMENT views). */
export const IMPERSONATOR_ROLES: readonly Role[] = ['ADMIN', 'AGENT_ENGAGEMENT'];

/** The user role filter (spec 1 section 6). */
export const ROLE_FILTER: readonly Role[] = [
  'ADMIN',
  'BROKERAGE_ADMIN',
  'AGENT',
  'MANAGER',
  'CSR_SUPERVISOR',
  'CSR',
  'AGENT_ENGAGEMENT',
  'QA_TEAM',
];

const FIXED_DISPLAY_NAMES: Partial<Record<Role, string>> = {
  CSR: 'CSR',
  CSR_SUPERVISOR: 'CSR Supervisor',
  QA_TEAM: 'QA Team',
};

/** Abbreviations title-casing keeps in capitals ("CSR View Opportunities", not "Csr View Opportunities"). */
const ABBREVIATIONS = new Set(['CSR', 'DS', 'QA']);

export function roleDisplayName(role: Role): string {
  return (
    FIXED_DISPLAY_NAMES[role] ??
    role
      .split('_')
      .map((w) => (ABBREVIATIONS.has(w) ? w : w.charAt(0) + w.slice(1).toLowerCase()))
      .join(' ')
  );
}

/** Who a role is for: the groups Create User shows the roles in, in this order. */
export type RoleGroup = 'staff' | 'brokerage' | 'lender' | 'technical';
export const ROLE_GROUP_LABELS: Record<RoleGroup, string> = {
  staff: 'Staff',
  brokerage: 'Brokerage',
  lender: 'Lender',
  technical: 'Technical (system integrations)',
};
const PEOPLE_ROLE_GROUP: Partial<Record<Role, RoleGroup>> = {
  ADMIN: 'staff',
  MANAGER: 'staff',
  QA_TEAM: 'staff',
  CSR_SUPERVISOR: 'staff',
  AGENT_ENGAGEMENT: 'staff',
  CSR: 'staff',
  CSR_VIEW_OPPORTUNITIES: 'staff',
  BROKERAGE_ADMIN: 'brokerage',
  AGENT: 'brokerage',
  LEAD_SUPPLIER: 'brokerage',
  LOAN_OFFICE_ADMIN: 'lender',
};
export const roleGroupOf = (role: Role): RoleGroup => PEOPLE_ROLE_GROUP[role] ?? 'technical';

/** One line per role saying what it opens; the technical roles are for systems, not people. */
export const ROLE_DESCRIPTIONS: Partial<Record<Role, string>> = {
  ADMIN: 'Every staff screen; may impersonate a brokerage or user',
  MANAGER: 'Staff console: brokerages, agents, lenders and users',
  QA_TEAM: 'Staff console and the QA review of recorded calls',
  CSR_SUPERVISOR: "Staff console and the contact center's tasks",
  AGENT_ENGAGEMENT: 'Staff console, bulk SMS and agent support; may impersonate',
  CSR: 'The overview and the do-not-call list',
  CSR_VIEW_OPPORTUNITIES: 'Reads opportunities, nothing else',
  BROKERAGE_ADMIN: 'Runs one brokerage: its agents, referrals, leads and settings',
  AGENT: 'The agent app (agents join by invitation)',
  LEAD_SUPPLIER: 'Supplies leads to a brokerage, beside its brokerage admin role',
  LOAN_OFFICE_ADMIN: 'Runs one loan office: its loan officers and referrals',
};
export const TECHNICAL_ROLE_DESCRIPTION = 'For a system integration, not a person: no console screens';
export const roleDescription = (role: Role): string => ROLE_DESCRIPTIONS[role] ?? TECHNICAL_ROLE_DESCRIPTION;

export interface RoleRef {
  name: string;
  type: string;
}

/** Whether any role is of the provider's role type (role names as the server holds them, or users/me's role objects). */
export const hasProviderRole = (roles: readonly (Role | RoleRef)[]): boolean =>
  roles.some((r) => (typeof r === 'string' ? roleTypeOf(r) : r.type) === BRAND.roleType);
export const hasStaffRole = (roles: readonly (Role | RoleRef)[]): boolean =>
  roles.some((r) => (STAFF_ROLES as readonly string[]).includes(typeof r === 'string' ? r : r.name));
export const isAgentOnly = (roles: readonly RoleRef[]): boolean => roles.length === 1 && roles[0]?.name === 'AGENT';

/**
 * The roles a token of this OAuth client carries (the server enforces it on every request; the
 * console reads the result from users/me). The agents' client (agent hosts, the agent apps) is
 * for the AGENT role only; the general client drops AGENT from a user who has other roles, as
 * spec 1 section 4 keeps the agent role on agent hosts only. An agent-only user keeps it on the
 * general client: the spec records their desktop visits (agentDesktopLastAccessed).
 */
export function rolesForClient<R extends { name: string } | string>(roles: readonly R[], clientId: string): R[] {
  const name = (r: R) => (typeof r === 'string' ? r : r.name);
  if (clientId === OAUTH_CLIENTS.agent) return roles.filter((r) => name(r) === 'AGENT');
  if (clientId === OAUTH_CLIENTS.console)
    return roles.length === 1 ? [...roles] : roles.filter((r) => name(r) !== 'AGENT');
  return [];
}
