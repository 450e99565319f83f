import { sql } from 'kysely';
import * as v from 'valibot';

import { mayActOnUser } from '../../../src/access/role-grants.ts';
import { BROKERAGE_WORKSPACE_ROLES, isRole, USER_EDITOR_ROLES } from '../../../src/access/roles.ts';
import {
  REMOVE_LAST,
  REMOVE_SELF,
  type BrokerageAdmin,
  type UserRemoved,
} from '../../../src/contract/brokerage-admins.ts';
import { isUserManager } from '../../auth/invite-users.ts';
import { signOutEverywhere } from '../../auth/sign-out.ts';
import { loadTargetUser, mayChange, notYours } from '../../auth/user-authority.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { assertBrokerage, missing } from '../../http/ownership.ts';
import { route, type AppContext, type AuthUser, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, Paging, params, query } from '../../http/validate.ts';

// My Admins: the brokerage's administrators with status, last sign-in and invitation state, and
// the removal of one (DELETE /users-api/users/{id}). Inviting and resending are in ../invites.ts.

const ListQuery = v.object({
  ...Paging,
  brokerId: v.optional(Id),
  status: v.optional(v.picklist(['ACTIVE', 'INVITED', 'DISABLED'], 'status must be ACTIVE, INVITED or DISABLED')),
});

/** The brokerage whose admins are read: a broker admin's own; staff name one. */
function scopeOf(user: AuthUser, asked: number | undefined): number {
  if (asked !== undefined) {
    assertBrokerage(user, asked);
    return asked;
  }
  if (user.brokerId !== null) return user.brokerId;
  throw badRequest('The query is not valid', { brokerId: 'A brokerage is required' });
}

const adminsOf = (db: Db, brokerId: number) =>
  db
    .selectFrom('users as u')
    .where('u.broker_id', '=', brokerId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles as ur')
          .innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .where('r.name', '=', 'BROKERAGE_ADMIN'),
      ),
    );

async function view(
  c: AppContext,
  db: Db,
  rows: {
    id: number;
    broker_id: number | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    status: string;
    psi_last_login: Date | null;
    created_at: Date;
  }[],
  now: Date,
): Promise<BrokerageAdmin[]> {
  const ids = rows.filter((u) => u.status === 'INVITED').map((u) => u.id);
  // The latest invitation still open (not used, not revoked) of each user still registering.
  const invites =
    ids.length === 0
      ? []
      : await db
          .selectFrom('invites')
          .select(['user_id', 'created_at', 'expires_at'])
          .where('user_id', 'in', ids)
          .where('kind', '=', 'INVITE')
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .orderBy('created_at', 'desc')
          .execute();
  const roles =
    rows.length === 0
      ? []
      : await db
          .selectFrom('user_roles as ur')
          .innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select(['ur.user_id', 'r.name'])
          .where(
            'ur.user_id',
            'in',
            rows.map((u) => u.id),
          )
          .execute();
  const { user, actor } = c.get('auth');
  const manageable = (u: { id: number; broker_id: number | null }) =>
    u.id !== user.id &&
    u.id !== actor.id &&
    mayActOnUser(user, {
      id: u.id,
      roles: roles
        .filter((r) => r.user_id === u.id)
        .map((r) => r.name)
        .filter(isRole),
      brokerId: u.broker_id,
      loanOfficeId: null,
    });
  const latest = new Map<number, { created_at: Date; expires_at: Date }>();
  for (const i of invites) if (!latest.has(i.user_id)) latest.set(i.user_id, i);
  return rows.map((u) => {
    const inv = latest.get(u.id);
    return {
      id: u.id,
      firstName: u.first_name,
      lastName: u.last_name,
      email: u.email,
      status: u.status as BrokerageAdmin['status'],
      psiLastLogin: u.psi_last_login?.toISOString() ?? null,
      created: u.created_at.toISOString(),
      invite:
        u.status === 'INVITED' && inv
          ? {
              state: inv.expires_at > now ? 'PENDING' : 'EXPIRED',
              sentAt: inv.created_at.toISOString(),
              expiresAt: inv.expires_at.toISOString(),
            }
          : null,
      manageable: manageable(u),
    };
  });
}

const COLUMNS = [
  'u.id',
  'u.broker_id',
  'u.first_name',
  'u.last_name',
  'u.email',
  'u.status',
  'u.psi_last_login',
  'u.created_at',
] as const;

async function removeUser(c: AppContext): Promise<Response> {
  const { id } = params(c, IdParams);
  const { user } = c.get('auth');
  const now = c.get('now')();
  const db = c.get('db');
  if (id === user.id || id === c.get('auth').actor.id) throw conflict(REMOVE_SELF);
  // One rule for everyone who changes users (src/access/role-grants.ts, mayActOnUser): a brokerage admin
  // removes only users of their brokerage they could have invited, never one who also holds a staff role;
  // a user manager only someone whose every role they could grant.
  const found = await loadTargetUser(db, id);
  if (!found || !mayChange(c, found)) throw notYours(c, found);
  const manager = isUserManager(user);
  const target = { id, broker_id: found.ownBrokerId, status: found.status };
  const isAdmin =
    (await adminsOf(db, target.broker_id ?? 0)
      .select('u.id')
      .where('u.id', '=', id)
      .executeTakeFirst()) !== undefined;
  if (!manager && !isAdmin) throw forbidden('You may remove administrators of your brokerage only');
  if (target.status === 'DISABLED') return c.json({ id, status: 'DISABLED' } satisfies UserRemoved);
  await db.transaction().execute(async (trx) => {
    if (target.broker_id !== null) {
      // One removal at a time per brokerage, so two admins removing each other cannot leave none.
      await trx.selectFrom('brokerages').select('id').where('id', '=', target.broker_id).forUpdate().execute();
      if (isAdmin && target.status === 'ACTIVE') {
        const others = await adminsOf(trx, target.broker_id)
          .select(sql<number>`count(*)::int`.as('n'))
          .where('u.status', '=', 'ACTIVE')
          .where('u.id', '<>', id)
          .executeTakeFirstOrThrow();
        if (others.n === 0) throw conflict(REMOVE_LAST);
      }
    }
    // Deactivated, never deleted: the user's history (notes, audit rows) keeps its author.
    await trx
      .updateTable('users')
      .set({ status: 'DISABLED', disabled_reason: 'USER_REMOVED' })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('invites')
      .set({ revoked_at: now })
      .where('user_id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await signOutEverywhere(trx, { userIds: [id] }, now);
    await trx
      .insertInto('audit_log')
      .values({
        actor_user_id: c.get('auth').actor.id,
        as_user_id: user.id,
        action: 'USER_REMOVED',
        detail: `user ${id}`,
        target_user_id: id,
        created_at: now,
      })
      .execute();
  });
  return c.json({ id, status: 'DISABLED' } satisfies UserRemoved);
}

export const brokerageAdminRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/brokerage-admins',
    policy: BROKERAGE_WORKSPACE_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const brokerId = scopeOf(c.get('auth').user, q.brokerId);
      const db = c.get('db');
      // Removed admins are shown only when asked for (status=DISABLED).
      const filtered = () =>
        adminsOf(db, brokerId)
          .$if(q.status !== undefined, (qb) => qb.where('u.status', '=', q.status ?? ''))
          .$if(q.status === undefined, (qb) => qb.where('u.status', '<>', 'DISABLED'));
      const [total, rows] = await Promise.all([
        filtered()
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow(),
        filtered()
          .select(COLUMNS)
          .orderBy(sql`case u.status when 'ACTIVE' then 0 else 1 end`)
          .orderBy(sql`lower(u.last_name)`)
          .orderBy('u.id')
          .limit(q.pageSize)
          .offset(q.pageIndex * q.pageSize)
          .execute(),
      ]);
      return c.json({ content: await view(c, db, rows, c.get('now')()), totalElements: total.n });
    },
  }),
  route({
    method: 'GET',
    path: '/users-api/brokerage-admins/:id{[0-9]+}',
    policy: BROKERAGE_WORKSPACE_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { user } = c.get('auth');
      const db = c.get('db');
      const row = await db.selectFrom('users as u').select(COLUMNS).where('u.id', '=', id).executeTakeFirst();
      if (!row || row.broker_id === null) throw missing(user, 'administrator');
      assertBrokerage(user, row.broker_id);
      if (!(await adminsOf(db, row.broker_id).select('u.id').where('u.id', '=', id).executeTakeFirst()))
        throw missing(user, 'administrator');
      const [admin] = await view(c, db, [row], c.get('now')());
      return c.json(admin);
    },
  }),
  // Removing a user (spec 1 section 7): user managers any user, a brokerage admin the admins of their brokerage.
  route({ method: 'DELETE', path: '/users-api/users/:id{[0-9]+}', policy: USER_EDITOR_ROLES, handler: removeUser }),
];
