import { BRAND, OAUTH_CLIENTS } from '../lib/brand.ts';

export const ROLES = [
  'ADMIN', 'BROKERAGE_ADMIN', 'AGENT', 'MANAGER', 'CSR_SUPERVISOR', 'CSR', 'CSR_VIEW_OPPORTUNITIES',
  'AGENT_ENGAGEMENT', 'QA_TEAM', 'LOAN_OFFICE_ADMIN', 'LEAD_SUPPLIER',
  // technical roles
  'DS_TEAM', 'APP_DEV', 'CONTACT_CENTER', 'AGENT_UPDATER', 'AGENT_CHANGE_CONSUMER', 'REFERRAL_TEAM',
  'REFERRAL_CREATOR', 'OPPORTUNITY_CREATOR', 'INTERACTION_USER', 'USER_PROFILE_READER',
  'USER_CHANGE_CONSUMER', 'WORKFLOW_EVENT_CREATOR', 'TASK_EXECUTOR', 'LOG_CREATOR',
  'EXAMPLE_STREAM_PROCESSOR', 'APINATION_INTEGRATION',
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

// Role sets, one word and one definition each (server policies and the console read these):
//  - STAFF_ROLES: "staff", the five provider roles with the staff console that see every brokerage
//    (spec 1 section 6); the server's route policy STAFF_ROLES is this list.
//  - provider roles (hasProviderRole): any role of the provider's role type, which includes CSR,
//    CSR_VIEW_OPPORTUNITIES and the technical roles; such users are tied to no brokerage.
//  - PROVIDER_INVITEE_ROLES: the provider roles a user-management invitation may grant.
export const STAFF_ROLES: readonly Role[] = ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT'];
export const PROVIDER_INVITEE_ROLES = ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT', 'CSR', 'CSR_VIEW_OPPORTUNITIES'] as const satisfies readonly Role[];
/** Roles that manage users (spec 1 section 6, user-management); they invite for any organisation. */
export const USER_MANAGER_ROLES = ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR'] as const satisfies readonly Role[];
/** Roles that send an agent a notification by hand (a sample, an overdue reminder): the my-notifications page's; not QA (decision 0085). */
export const NOTIFICATION_SENDER_ROLES = ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'MANAGER', 'CSR_SUPERVISOR'] as const satisfies readonly Role[];

/** Staff roles that may start impersonation (DESIGN.md, docs/spec/DECISIONS.md demo accounts). */
export const IMPERSONATOR_ROLES: readonly Role[] = ['ADMIN', 'AGENT_ENGAGEMENT'];

/** The user role filter (spec 1 section 6). */
export const ROLE_FILTER: readonly Role[] = [
  'ADMIN', 'BROKERAGE_ADMIN', 'AGENT', 'MANAGER', 'CSR_SUPERVISOR', 'CSR', 'AGENT_ENGAGEMENT', 'QA_TEAM',
];

const FIXED_DISPLAY_NAMES: Partial<Record<Role, string>> = {
  CSR: 'CSR',
  CSR_SUPERVISOR: 'CSR Supervisor',
  QA_TEAM: 'QA Team',
};

/** Abbreviations title-casing keeps in capitals ("CSR View Opportunities", not "Csr View Opportunities"). */
const ABBREVIATIONS = new Set(['CSR', 'DS', 'QA']);

export function roleDisplayName(role: Role): string {
  return FIXED_DISPLAY_NAMES[role]
    ?? role.split('_').map((w) => (ABBREVIATIONS.has(w) ? w : w.charAt(0) + w.slice(1).toLowerCase())).join(' ');
}

/** Who a role is for: the groups Create User shows the roles in, in this order. */
export type RoleGroup = 'staff' | 'brokerage' | 'lender' | 'technical';
export const ROLE_GROUP_LABELS: Record<RoleGroup, string> = {
  staff: 'Staff', brokerage: 'Brokerage', lender: 'Lender', technical: 'Technical (system integrations)',
};
const PEOPLE_ROLE_GROUP: Partial<Record<Role, RoleGroup>> = {
  ADMIN: 'staff', MANAGER: 'staff', QA_TEAM: 'staff', CSR_SUPERVISOR: 'staff', AGENT_ENGAGEMENT: 'staff', CSR: 'staff',
  CSR_VIEW_OPPORTUNITIES: 'staff', BROKERAGE_ADMIN: 'brokerage', AGENT: 'brokerage', LEAD_SUPPLIER: 'brokerage',
  LOAN_OFFICE_ADMIN: 'lender',
};
export const roleGroupOf = (role: Role): RoleGroup => PEOPLE_ROLE_GROUP[role] ?? 'technical';

/** One line per role saying what it opens; the technical roles are for systems, not people. */
export const ROLE_DESCRIPTIONS: Partial<Record<Role, string>> = {
  ADMIN: 'Every staff screen; may impersonate a brokerage or user',
  MANAGER: 'Staff console: brokerages, agents, lenders and users',
  QA_TEAM: 'Staff console and the QA review of recorded calls',
  CSR_SUPERVISOR: 'Staff console and the contact center\'s tasks',
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

export interface RoleRef { name: string; type: string }

/** Whether any role is of the provider's role type (role names as the server holds them, or users/me's role objects). */
export const hasProviderRole = (roles: readonly (Role | RoleRef)[]): boolean =>
  roles.some((r) => (typeof r === 'string' ? roleTypeOf(r) : r.type) === BRAND.roleType);
export const hasStaffRole = (roles: readonly (Role | RoleRef)[]): boolean =>
  roles.some((r) => (STAFF_ROLES as readonly string[]).includes(typeof r === 'string' ? r : r.name));
export const isAgentOnly = (roles: readonly RoleRef[]): boolean => roles.length === 1 && roles[0]?.name === 'AGENT';
export function isViewOpportunitiesOnly(roles: readonly RoleRef[]): boolean {
  const names = new Set(roles.map((r) => r.name));
  return names.has('CSR_VIEW_OPPORTUNITIES')
    && !STAFF_ROLES.some((r) => names.has(r));
}

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
  if (clientId === OAUTH_CLIENTS.console) return roles.length === 1 ? [...roles] : roles.filter((r) => name(r) !== 'AGENT');
  return [];
}
