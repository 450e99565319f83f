import { isRole, type Role } from '../../src/access/roles.ts';
import type { Db } from '../db/database.ts';
import type { AuthUser } from '../http/route.ts';

export async function rolesOf(db: Db, userId: number): Promise<{ name: Role; type: string; id: number }[]> {
  const rows = await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name', 'roles.type']).where('user_roles.user_id', '=', userId)
    .orderBy('user_roles.position').orderBy('roles.id').execute();
  return rows.filter((r): r is typeof r & { name: Role } => isRole(r.name));
}

export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser | undefined> {
  const user = await db.selectFrom('users')
    .select(['id', 'email', 'phone', 'first_name', 'last_name', 'broker_id', 'loan_office_id', 'agent_id', 'status'])
    .where('id', '=', userId).executeTakeFirst();
  if (!user || user.status !== 'ACTIVE') return undefined;
  const roles = await rolesOf(db, userId);
  return {
    id: user.id, email: user.email, phone: user.phone, firstName: user.first_name, lastName: user.last_name,
    roles: roles.map((r) => r.name), brokerId: user.broker_id, loanOfficeId: user.loan_office_id, agentId: user.agent_id,
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
