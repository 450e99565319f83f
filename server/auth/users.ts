import { CompiledQuery, sql } from 'kysely';

import { isRole, type Role } from '../../src/access/roles.ts';
import type { Db } from '../db/database.ts';
import type { AuthUser } from '../http/route.ts';

export async function rolesOf(db: Db, userId: number): Promise<{ name: Role; type: string; id: number }[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name', 'roles.type'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('user_roles.position')
    .orderBy('roles.id')
    .execute();
  return rows.filter((r): r is typeof r & { name: Role } => isRole(r.name));
}

/**
 * Who a user is: the columns of `users as u` that every read of a user selects (the token lookup, the
 * signed-in user's own view, User Management's list and detail), each adding its own.
 */
export const USER_IDENTITY_COLUMNS = [
  'u.id',
  'u.email',
  'u.phone',
  'u.first_name',
  'u.last_name',
  'u.broker_id',
  'u.loan_office_id',
  'u.agent_id',
  'u.status',
] as const;

/** The roles of a user, in order (primary first), as one array column of a query on users. */
const rolesColumn = sql<string[]>`coalesce((select array_agg(r.name order by ur.position, r.id) from user_roles ur
  join roles r on r.id = ur.role_id where ur.user_id = u.id), '{}')`;

export interface TokenUser {
  user: AuthUser | undefined;
  clientId: string;
}
/** A token row as stored: the caller decides validity (token-cache.ts checks expiry at each use). */
export interface TokenRecord extends TokenUser {
  expiresAt: Date;
  revoked: boolean;
}
interface TokenRow extends UserRow {
  client_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  status: string;
}
let tokenUserSql: string | undefined;

/**
 * The hot path of every request: an access token with its user (undefined unless active) and the
 * user's roles, in one query (token, user and roles were three). Callers go through TokenCache.
 */
export async function loadTokenUser(db: Db, tokenHash: string): Promise<TokenRecord | undefined> {
  // Compiled once: building and compiling this query's syntax tree on every request cost more
  // CPU than running it (profiled under load on PGlite).
  tokenUserSql ??= db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.client_id', 't.expires_at', 't.revoked_at', ...USER_IDENTITY_COLUMNS, rolesColumn.as('roles')])
    .where('t.token_hash', '=', '$1')
    .compile().sql;
  const result = await db.executeQuery<TokenRow>(CompiledQuery.raw(tokenUserSql, [tokenHash]));
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    clientId: row.client_id,
    user: row.status === 'ACTIVE' ? toAuthUser(row) : undefined,
    expiresAt: row.expires_at,
    revoked: row.revoked_at !== null,
  };
}

interface UserRow {
  id: number;
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  broker_id: number | null;
  loan_office_id: number | null;
  agent_id: number | null;
  roles: string[];
}
const toAuthUser = (u: UserRow): AuthUser => ({
  id: u.id,
  email: u.email,
  phone: u.phone,
  firstName: u.first_name,
  lastName: u.last_name,
  roles: u.roles.filter(isRole),
  brokerId: u.broker_id,
  loanOfficeId: u.loan_office_id,
  agentId: u.agent_id,
});

export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser | undefined> {
  const user = await db
    .selectFrom('users as u')
    .select(USER_IDENTITY_COLUMNS)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user || user.status !== 'ACTIVE') return undefined;
  const roles = await rolesOf(db, userId);
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    firstName: user.first_name,
    lastName: user.last_name,
    roles: roles.map((r) => r.name),
    brokerId: user.broker_id,
    loanOfficeId: user.loan_office_id,
    agentId: user.agent_id,
  };
}

/** The identifier a user signs in with: a lowercased email, or a phone as +1 and ten digits. */
export function normaliseIdentifier(raw: string): { email: string } | { phone: string } | undefined {
  const value = raw.trim().toLowerCase();
  if (value.includes('@')) return { email: value };
  const digits = value.replace(/\D/g, '');
  if (digits.length < 10) return undefined;
  return { phone: `+1${digits.slice(-10)}` };
}
