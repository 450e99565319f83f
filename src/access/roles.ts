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

/** Staff roles that may start impersonation (DESIGN.md, DECISIONS.md demo accounts). */
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

export function roleDisplayName(role: Role): string {
  return FIXED_DISPLAY_NAMES[role]
    ?? role.toLowerCase().split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

export interface RoleRef { name: string; type: string }

export const isProviderStaff = (roles: readonly RoleRef[]): boolean => roles.some((r) => r.type === BRAND.roleType);
export const isAgentOnly = (roles: readonly RoleRef[]): boolean => roles.length === 1 && roles[0]?.name === 'AGENT';
export function isViewOpportunitiesOnly(roles: readonly RoleRef[]): boolean {
  const names = new Set(roles.map((r) => r.name));
  return names.has('CSR_VIEW_OPPORTUNITIES')
    && !['ADMIN', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT', 'MANAGER', 'QA_TEAM'].some((r) => names.has(r));
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
