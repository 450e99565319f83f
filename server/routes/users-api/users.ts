import { sql } from 'kysely';
import * as v from 'valibot';

import { isRole, rolesForClient, USER_MANAGER_ROLES, type Role } from '../../../src/access/roles.ts';
import { isoTimeAsDate } from '../../../src/contract/common.ts';
import { personNamePart } from '../../../src/contract/person-name.ts';
import { PASSWORD_MAX, PasswordUpdate, type Me } from '../../../src/contract/users.ts';
import { changeOwnPassword } from '../../auth/password-change.ts';
import { userToChange } from '../../auth/user-authority.ts';
import { USER_IDENTITY_COLUMNS } from '../../auth/users.ts';
import type { Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { route, type AuthUser, type RouteDef } from '../../http/route.ts';
import { updateByIdOr404 } from '../../http/update.ts';
import { IdParams, jsonBody, params } from '../../http/validate.ts';

/** The user and their roles (primary first) in one query. */
export async function userView(db: Db, id: number) {
  const u = await db
    .selectFrom('users as u')
    .select([
      ...USER_IDENTITY_COLUMNS,
      'u.password_expired',
      'u.psi_last_login',
      sql<{ id: number; name: string; type: string }[]>`coalesce((
        select json_agg(json_build_object('id', r.id, 'name', r.name, 'type', r.type) order by ur.position, r.id)
        from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json)`.as('roles'),
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!u) throw notFound('No such user');
  return {
    id: u.id,
    email: u.email,
    phone: u.phone,
    firstName: u.first_name,
    lastName: u.last_name,
    roles: u.roles.filter((r): r is typeof r & { name: Role } => isRole(r.name)),
    brokerId: u.broker_id,
    loanOfficeId: u.loan_office_id,
    agentId: u.agent_id,
    status: u.status,
    passwordExpired: u.password_expired,
    psiLastLogin: u.psi_last_login?.toISOString() ?? null,
  };
}

const canManage = (user: AuthUser) => user.roles.some((r) => (USER_MANAGER_ROLES as readonly string[]).includes(r));

const PatchUser = v.strictObject(
  {
    psiLastLogin: v.optional(isoTimeAsDate('psiLastLogin must be an ISO time that the calendar has')),
    firstName: v.optional(personNamePart('First name')),
    lastName: v.optional(personNamePart('Last name')),
    // The signed-in user's new password (server/auth/password-change.ts decides when currentPassword is needed).
    password: v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX))),
    currentPassword: PasswordUpdate.entries.currentPassword,
  },
  'unknown field',
);

export const usersRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/users/me',
    policy: 'signed-in',
    handler: async (c) => {
      // The roles the token carries, which are the ones the server enforces for this client.
      const view = await userView(c.get('db'), c.get('auth').user.id);
      return c.json({ ...view, roles: rolesForClient(view.roles, c.get('auth').clientId) } satisfies Me);
    },
  }),
  route({
    method: 'PATCH',
    path: '/users-api/users/:id{[0-9]+}',
    policy: 'signed-in',
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { user } = c.get('auth');
      if (id !== user.id && !canManage(user)) throw forbidden('You may only change your own account');
      // Another user: only one the caller may change (src/access/role-grants.ts, mayActOnUser).
      if (id !== user.id) await userToChange(c, c.get('db'), id, { self: 'allow' });
      const body = await jsonBody(c, PatchUser);
      if (body.password !== undefined) await changeOwnPassword(c, id, body.password, body.currentPassword);
      const set = {
        ...(body.psiLastLogin !== undefined ? { psi_last_login: body.psiLastLogin } : {}),
        ...(body.firstName !== undefined ? { first_name: body.firstName } : {}),
        ...(body.lastName !== undefined ? { last_name: body.lastName } : {}),
      };
      if (Object.keys(set).length > 0) {
        await updateByIdOr404(c.get('db'), 'users', id, set, 'No such user');
      }
      return c.json((await userView(c.get('db'), id)) satisfies Me);
    },
  }),
];
