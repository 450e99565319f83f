import { BRAND } from '../lib/brand.ts';
import { roleTypeOf, USER_MANAGER_ROLES, type Role } from './roles.ts';

// Who may grant which role in User Management (no privilege escalation). One rule, read
// by the server (every role change) and the console (which options it offers).
//
//  - Nobody changes their own roles.
//  - Organisation roles (a brokerage's or loan office's administrator, a lead supplier) are what user
//    managers are for: any user manager grants them.
//  - A provider role is granted only by someone who holds it; ADMIN is the top role, admitted to every
//    staff route, and counts as holding every provider role.
//  - AGENT is never granted here: agents join through the agent invitation, which links the agent record.
//  - A user manager may not change a user who holds a role the manager could not grant (a MANAGER
//    cannot demote or deactivate an ADMIN).

/** Roles that belong to an organisation rather than to the provider's staff. */
export const ORGANISATION_ROLES = [
  'BROKERAGE_ADMIN',
  'LOAN_OFFICE_ADMIN',
  'LEAD_SUPPLIER',
] as const satisfies readonly Role[];

const isManager = (held: readonly Role[]) => held.some((r) => (USER_MANAGER_ROLES as readonly Role[]).includes(r));

export function canGrant(held: readonly Role[], role: Role): boolean {
  if (!isManager(held) || role === 'AGENT') return false;
  if ((ORGANISATION_ROLES as readonly Role[]).includes(role)) return true;
  if (roleTypeOf(role) !== BRAND.roleType) return false;
  return held.includes('ADMIN') || held.includes(role);
}

/** Whether a manager holding `held` may change a user holding `target` (every role of theirs is grantable). */
export const canManageUser = (held: readonly Role[], target: readonly Role[]): boolean =>
  isManager(held) && target.every((r) => r === 'AGENT' || canGrant(held, r));

/** The roles an organisation's administrator hands out inside it (My Admins invites, My Agents enrols). */
export const ORGANISATION_ADMIN_GRANTS = {
  BROKERAGE_ADMIN: ['BROKERAGE_ADMIN', 'AGENT'],
} as const satisfies Partial<Record<Role, readonly Role[]>>;

/** Who is asking (the effective user) and who is to be changed: roles and the organisation each belongs to. */
export interface UserScope {
  id: number;
  roles: readonly Role[];
  brokerId: number | null;
  loanOfficeId: number | null;
}

/**
 * "You cannot change a user you could not grant", for everyone who changes users: whether `actor` may
 * change `target` (deactivate, resend an invitation, set attributes, end a connection, re-enable).
 * A user manager may when every role of the target is one they could grant; a brokerage administrator
 * may change users of their own brokerage whose every role is one they hand out there (administrators
 * and agents), so never a staff member, a lead supplier or anyone of another organisation. Nobody else
 * changes other users. Changing one's own account is each route's own rule, not this one.
 */
export function mayActOnUser(actor: UserScope, target: UserScope): boolean {
  if (isManager(actor.roles)) return canManageUser(actor.roles, target.roles);
  if (
    actor.roles.includes('BROKERAGE_ADMIN') &&
    actor.brokerId !== null &&
    target.brokerId === actor.brokerId &&
    target.loanOfficeId === null
  ) {
    const grants: readonly Role[] = ORGANISATION_ADMIN_GRANTS.BROKERAGE_ADMIN;
    return target.roles.every((r) => grants.includes(r));
  }
  return false;
}

/** Which organisation a role ties its holder to: a brokerage or a loan office. */
export function organisationOf(role: Role): 'brokerage' | 'loanOffice' | null {
  if (role === 'BROKERAGE_ADMIN' || role === 'LEAD_SUPPLIER') return 'brokerage';
  if (role === 'LOAN_OFFICE_ADMIN') return 'loanOffice';
  return null;
}
