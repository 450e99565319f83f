import { sql } from 'kysely';
import * as v from 'valibot';

import { canGrant, organisationOf } from '../../../src/access/role-grants.ts';
import { isRole, roleDisplayName, USER_MANAGER_ROLES, type Role } from '../../../src/access/roles.ts';
import {
  RoleGrantBody,
  UserCreateBody,
  type AuditRow,
  type UserAuditPage,
  type UserDetail,
  type UserRole,
} from '../../../src/contract/users.ts';
import { personName } from '../../../src/lib/format.ts';
import { sendInvite } from '../../auth/invite-users.ts';
import { registerLink } from '../../auth/outbox.ts';
import { recordAccessChange } from '../../auth/sign-out.ts';
import { userToChange } from '../../auth/user-authority.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { route, type AppContext, type AuthUser, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import { audit, userDetail } from './user-detail.ts';

// User Management (spec 1 section 7 "Users"): one user's page, creating a user (invited to
// /register/{code}), the roles catalogue, granting and removing roles, and the user's history.
// Policy: the user-management roles of spec 1 section 6. No privilege escalation: see
// src/access/role-grants.ts; every role change is an audit row naming the user (target_user_id).

const MANAGERS = USER_MANAGER_ROLES;
const RoleParams = v.object({ id: Id, roleId: Id });

/** The user a role change is made to, refused when it is the caller or one they may not change. */
async function manageableTarget(c: AppContext, db: Db, id: number) {
  const target = await userToChange(c, db, id, { self: 'refuse', selfMessage: 'You cannot change your own roles' });
  if (target.status === 'DISABLED') throw conflict('This user is deactivated');
  return { ...target, broker_id: target.ownBrokerId, loan_office_id: target.loanOfficeId };
}

const phoneOf = (raw: string | null | undefined) => {
  const digits = (raw ?? '').replace(/\D/g, '');
  return digits ? `+1${digits.slice(-10)}` : null;
};

async function organisationExists(db: Db, kind: 'brokerage' | 'loanOffice', id: number) {
  const row =
    kind === 'brokerage'
      ? await db.selectFrom('brokerages').select('id').where('id', '=', id).executeTakeFirst()
      : await db.selectFrom('loan_offices').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The organisation the new user's roles tie them to (a brokerage or a loan office, never both). */
async function organisationFor(
  db: Db,
  roles: Role[],
  body: { brokerId?: number | null | undefined; loanOfficeId?: number | null | undefined },
) {
  const kinds = new Set(roles.map(organisationOf).filter((k) => k !== null));
  if (kinds.size > 1)
    throw badRequest('The user is not valid', { roles: 'A user belongs to a brokerage or a loan office, not both' });
  const brokerId = body.brokerId ?? null;
  const loanOfficeId = body.loanOfficeId ?? null;
  if (kinds.has('brokerage')) {
    if (brokerId === null) throw badRequest('The user is not valid', { brokerId: 'A brokerage is required' });
    if (!(await organisationExists(db, 'brokerage', brokerId)))
      throw badRequest('The user is not valid', { brokerId: 'No such brokerage' });
  } else if (brokerId !== null)
    throw badRequest('The user is not valid', { brokerId: 'Only a brokerage role belongs to a brokerage' });
  if (kinds.has('loanOffice')) {
    if (loanOfficeId === null) throw badRequest('The user is not valid', { loanOfficeId: 'A loan office is required' });
    if (!(await organisationExists(db, 'loanOffice', loanOfficeId)))
      throw badRequest('The user is not valid', { loanOfficeId: 'No such loan office' });
  } else if (loanOfficeId !== null)
    throw badRequest('The user is not valid', { loanOfficeId: 'Only a loan-office role belongs to a loan office' });
  return { brokerId, loanOfficeId };
}

function grantableRoles(user: AuthUser, names: string[]): Role[] {
  const roles = [...new Set(names)];
  const unknown = roles.find((r) => !isRole(r));
  if (unknown !== undefined) throw badRequest('The user is not valid', { roles: `${unknown} is not a role` });
  const refused = (roles as Role[]).find((r) => !canGrant(user.roles, r));
  if (refused) throw forbidden(`You cannot grant the ${roleDisplayName(refused)} role`);
  return roles as Role[];
}

async function createUser(c: AppContext): Promise<Response> {
  const body = await jsonBody(c, UserCreateBody);
  const { user, actor } = c.get('auth');
  const roles = grantableRoles(user, body.roles);
  const now = c.get('now')();
  const id = await c
    .get('db')
    .transaction()
    .execute(async (trx) => {
      const org = await organisationFor(trx, roles, body);
      const phone = phoneOf(body.phone);
      // Any unique clash (email, phone), including one created by a racing request, is a 409.
      const row = await trx
        .insertInto('users')
        .values({
          email: body.email,
          phone,
          first_name: body.firstName,
          last_name: body.lastName,
          status: 'INVITED',
          broker_id: org.brokerId,
          loan_office_id: org.loanOfficeId,
          created_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) {
        const taken = await trx.selectFrom('users').select('email').where('email', '=', body.email).executeTakeFirst();
        throw conflict(
          'A user with these details already exists',
          taken
            ? { email: 'A user with this email address already exists' }
            : { phone: 'A user with this phone number already exists' },
        );
      }
      const ids = await trx.selectFrom('roles').select(['id', 'name']).where('name', 'in', roles).execute();
      await trx
        .insertInto('user_roles')
        .values(roles.map((r, position) => ({ user_id: row.id, role_id: ids.find((x) => x.name === r)!.id, position })))
        .execute();
      await audit(trx, c, row.id, 'USER_CREATED', `roles: ${roles.map(roleDisplayName).join(', ')}`);
      await sendInvite(trx, c, {
        userId: row.id,
        email: body.email,
        firstName: body.firstName,
        createdBy: actor.id,
        link: (code) => registerLink(c, code),
        now,
      });
      return row.id;
    });
  return c.json((await userDetail(c, id)) satisfies UserDetail, 201);
}

async function grantRole(c: AppContext): Promise<Response> {
  const { id } = params(c, IdParams);
  const body = await jsonBody(c, RoleGrantBody);
  const { user } = c.get('auth');
  await c
    .get('db')
    .transaction()
    .execute(async (trx) => {
      // One role change at a time per user, so two grants cannot both take the next position.
      await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
      const target = await manageableTarget(c, trx, id);
      const role = await trx
        .selectFrom('roles')
        .select(['id', 'name'])
        .where('id', '=', body.roleId)
        .executeTakeFirst();
      if (!role || !isRole(role.name)) throw badRequest('The role is not valid', { roleId: 'No such role' });
      const name = role.name;
      if (!canGrant(user.roles, name)) throw forbidden(`You cannot grant the ${roleDisplayName(name)} role`);
      if (target.roles.some((r) => r.id === role.id)) return; // already held: nothing to change
      const kind = organisationOf(name);
      const set: { broker_id?: number; loan_office_id?: number } = {};
      if (kind === 'brokerage') {
        if (target.loan_office_id !== null) throw conflict('This user belongs to a loan office');
        const brokerId = target.broker_id ?? body.brokerId;
        if (brokerId === undefined) throw badRequest('The role is not valid', { brokerId: 'A brokerage is required' });
        if (body.brokerId !== undefined && body.brokerId !== brokerId)
          throw conflict('This user belongs to another brokerage');
        if (!(await organisationExists(trx, 'brokerage', brokerId)))
          throw badRequest('The role is not valid', { brokerId: 'No such brokerage' });
        if (target.broker_id === null) set.broker_id = brokerId;
      } else if (kind === 'loanOffice') {
        if (target.broker_id !== null) throw conflict('This user belongs to a brokerage');
        const loanOfficeId = target.loan_office_id ?? body.loanOfficeId;
        if (loanOfficeId === undefined)
          throw badRequest('The role is not valid', { loanOfficeId: 'A loan office is required' });
        if (body.loanOfficeId !== undefined && body.loanOfficeId !== loanOfficeId)
          throw conflict('This user belongs to another loan office');
        if (!(await organisationExists(trx, 'loanOffice', loanOfficeId)))
          throw badRequest('The role is not valid', { loanOfficeId: 'No such loan office' });
        if (target.loan_office_id === null) set.loan_office_id = loanOfficeId;
      }
      if (Object.keys(set).length > 0) await trx.updateTable('users').set(set).where('id', '=', id).execute();
      // The new role goes at its place in the list (missing: last) and the roles are numbered again in
      // the order the user has them: the first one is the primary role that picks the landing page.
      const held = await trx
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', id)
        .orderBy('position')
        .orderBy('role_id')
        .execute();
      const order = held.map((r) => r.role_id);
      order.splice(Math.min(body.position ?? order.length, order.length), 0, role.id);
      await trx
        .insertInto('user_roles')
        .values({ user_id: id, role_id: role.id, position: order.length - 1 })
        .execute();
      for (const [position, roleId] of order.entries())
        await trx
          .updateTable('user_roles')
          .set({ position })
          .where('user_id', '=', id)
          .where('role_id', '=', roleId)
          .execute();
      await audit(trx, c, id, 'ROLE_GRANTED', roleDisplayName(name));
      // The user's open live streams follow the new role (and brokerage) on every process.
      await recordAccessChange(trx, [id], 'ROLES_CHANGED');
    });
  return c.json((await userDetail(c, id)) satisfies UserDetail);
}

async function revokeRole(c: AppContext): Promise<Response> {
  const { id, roleId } = params(c, RoleParams);
  const { user } = c.get('auth');
  await c
    .get('db')
    .transaction()
    .execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
      const target = await manageableTarget(c, trx, id);
      const role = target.roles.find((r) => r.id === roleId);
      if (!role) throw notFound('The user does not have this role');
      if (!canGrant(user.roles, role.name)) throw forbidden(`You cannot remove the ${roleDisplayName(role.name)} role`);
      if (target.roles.length === 1) throw conflict('A user keeps at least one role. Deactivate the user instead.');
      await trx.deleteFrom('user_roles').where('user_id', '=', id).where('role_id', '=', roleId).execute();
      await audit(trx, c, id, 'ROLE_REVOKED', roleDisplayName(role.name));
      // The user's open live streams stop hearing what the role let them hear, on every process.
      await recordAccessChange(trx, [id], 'ROLES_CHANGED');
    });
  return c.json((await userDetail(c, id)) satisfies UserDetail);
}

export const userManagementRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/users/:id{[0-9]+}',
    policy: MANAGERS,
    handler: async (c) => c.json((await userDetail(c, params(c, IdParams).id)) satisfies UserDetail),
  }),
  route({ method: 'POST', path: '/users-api/users', policy: MANAGERS, handler: createUser }),
  route({
    method: 'GET',
    path: '/users-api/userRoles',
    policy: MANAGERS,
    handler: async (c) => {
      const rows = await c.get('db').selectFrom('roles').select(['id', 'name', 'type']).orderBy('id').execute();
      const held = c.get('auth').user.roles;
      const list = rows
        .filter((r): r is typeof r & { name: Role } => isRole(r.name))
        .map((r): UserRole => ({
          id: r.id,
          name: r.name,
          type: r.type,
          displayName: roleDisplayName(r.name),
          grantable: canGrant(held, r.name),
        }));
      return c.json(list satisfies UserRole[]);
    },
  }),
  route({ method: 'POST', path: '/users-api/users/:id{[0-9]+}/roles', policy: MANAGERS, handler: grantRole }),
  route({
    method: 'DELETE',
    path: '/users-api/users/:id{[0-9]+}/roles/:roleId{[0-9]+}',
    policy: MANAGERS,
    handler: revokeRole,
  }),
  route({
    method: 'GET',
    path: '/users-api/users/:id{[0-9]+}/audit',
    policy: MANAGERS,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const q = query(c, v.object(Paging));
      const db = c.get('db');
      if (!(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()))
        throw notFound('No such user');
      const [total, rows] = await Promise.all([
        db
          .selectFrom('audit_log')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('target_user_id', '=', id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('audit_log as a')
          .leftJoin('users as actor', 'actor.id', 'a.actor_user_id')
          .leftJoin('users as asu', 'asu.id', 'a.as_user_id')
          .select([
            'a.id',
            'a.action',
            'a.detail',
            'a.created_at',
            'a.actor_user_id',
            'a.as_user_id',
            'actor.first_name as af',
            'actor.last_name as al',
            'actor.email as ae',
            'asu.first_name as sf',
            'asu.last_name as sl',
            'asu.email as se',
          ])
          .where('a.target_user_id', '=', id)
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(q.pageSize)
          .offset(q.pageIndex * q.pageSize)
          .execute(),
      ]);
      const content = rows.map((r): AuditRow => ({
        id: r.id,
        action: r.action,
        detail: r.detail,
        created: r.created_at.toISOString(),
        actor:
          r.actor_user_id === null ? null : { id: r.actor_user_id, name: personName(r.af, r.al, null), email: r.ae },
        asUser: r.as_user_id === null ? null : { id: r.as_user_id, name: personName(r.sf, r.sl, null), email: r.se },
      }));
      return c.json({ content, totalElements: total.n } satisfies UserAuditPage);
    },
  }),
];
