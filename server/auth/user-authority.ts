import { sql } from 'kysely';

import { mayActOnUser } from '../../src/access/role-grants.ts';
import { isRole, type Role } from '../../src/access/roles.ts';
import type { Db } from '../db/database.ts';
import { forbidden, type HttpError } from '../http/errors.ts';
import { isProviderUser, missing } from '../http/ownership.ts';
import type { AppContext } from '../http/route.ts';

// One "may act on this user" check for every route that changes another user (the
// security review): deactivation, role changes, invitation resends, flex attributes, ending a connection, the
// sign-in of an agent record. The rule itself is mayActOnUser (src/access/role-grants.ts), which the
// console reads too (the user page's `manageable`).

/** A user about to be changed: what the rule and the routes read of them. */
export interface TargetUser {
  id: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  status: string;
  passwordHash: string | null;
  /** The user's own brokerage, or their agent record's. */
  brokerId: number | null;
  ownBrokerId: number | null;
  loanOfficeId: number | null;
  agentId: number | null;
  roles: { id: number; name: Role }[];
  disabledReason: string | null;
}

export async function loadTargetUser(db: Db, id: number, forUpdate = false): Promise<TargetUser | undefined> {
  if (forUpdate) await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
  const u = await db
    .selectFrom('users as u')
    .leftJoin('agents as a', 'a.id', 'u.agent_id')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.status',
      'u.password_hash',
      'u.broker_id',
      'u.loan_office_id',
      'u.agent_id',
      'u.disabled_reason',
      'a.brokerage_id as agent_brokerage_id',
      sql<
        { id: number; name: string }[]
      >`coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by ur.position, r.id)
        from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json)`.as('roles'),
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!u) return undefined;
  return {
    id: u.id,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    status: u.status,
    passwordHash: u.password_hash,
    brokerId: u.broker_id ?? u.agent_brokerage_id,
    ownBrokerId: u.broker_id,
    loanOfficeId: u.loan_office_id,
    agentId: u.agent_id,
    roles: u.roles.filter((r): r is { id: number; name: Role } => isRole(r.name)),
    disabledReason: u.disabled_reason,
  };
}

/**
 * The refusal for a user the caller may not change. Staff see every user (the user list), so to them
 * a missing id is 404 and an existing one says why; anyone else gets one answer whether the user
 * exists or not (ids are not probed).
 */
export function notYours(c: AppContext, target: TargetUser | undefined): HttpError {
  const { user } = c.get('auth');
  if (target && isProviderUser(user)) return forbidden('This user holds a role you cannot grant');
  return missing(user, 'user');
}

/** Whether the effective user may change `target` (the rule of src/access/role-grants.ts). */
export function mayChange(c: AppContext, target: TargetUser): boolean {
  const { user } = c.get('auth');
  return mayActOnUser(user, {
    id: target.id,
    roles: target.roles.map((r) => r.name),
    brokerId: target.brokerId,
    loanOfficeId: target.loanOfficeId,
  });
}

/**
 * The user a route is about to change, refused (before any write) when the caller may not change
 * them. `self`: whether the route lets a user change themself (their own profile) or refuses it.
 */
export async function userToChange(
  c: AppContext,
  db: Db,
  id: number,
  o: { self: 'allow' | 'refuse'; forUpdate?: boolean; selfMessage?: string },
): Promise<TargetUser> {
  const { user, actor } = c.get('auth');
  const target = await loadTargetUser(db, id, o.forUpdate);
  if (target && (id === user.id || id === actor.id)) {
    if (o.self === 'allow' && id === user.id) return target;
    throw forbidden(o.selfMessage ?? 'You cannot change your own account here');
  }
  if (!target || !mayChange(c, target)) throw notYours(c, target);
  return target;
}
