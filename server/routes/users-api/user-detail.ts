import { mayActOnUser } from '../../../src/access/role-grants.ts';
import { isRole } from '../../../src/access/roles.ts';
import type { UserDetail } from '../../../src/contract/users.ts';
import { rolesOf, USER_IDENTITY_COLUMNS } from '../../auth/users.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { AppContext } from '../../http/route.ts';

/** A user's own columns as the user list and the user's detail read them. */
export const USER_SUMMARY_COLUMNS = [...USER_IDENTITY_COLUMNS, 'u.psi_last_login', 'u.created_at'] as const;

// One user as User Management shows them, and the audit row every change to a user writes.

/** Records a change made to user `targetId` by the signed-in actor (as the effective user). */
export async function audit(
  db: Db,
  c: AppContext,
  targetId: number,
  action: string,
  detail: string | null,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: c.get('auth').actor.id,
      as_user_id: c.get('auth').user.id,
      target_user_id: targetId,
      action,
      detail,
      created_at: c.get('now')(),
    })
    .execute();
}

export async function userDetail(c: AppContext, id: number): Promise<UserDetail> {
  const db = c.get('db');
  const u = await db
    .selectFrom('users as u')
    .leftJoin('brokerages as b', 'b.id', 'u.broker_id')
    .leftJoin('loan_offices as lo', 'lo.id', 'u.loan_office_id')
    .select([...USER_SUMMARY_COLUMNS, 'b.name as brokerage_name', 'lo.name as loan_office_name'])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!u) throw notFound('No such user');
  const [roles, flex, invite] = await Promise.all([
    rolesOf(db, id),
    db
      .selectFrom('user_flex_attributes as v')
      .innerJoin('flex_attributes as f', 'f.id', 'v.attribute_id')
      .select(['f.id', 'f.name', 'f.label', 'v.value', 'v.updated_at'])
      .where('v.user_id', '=', id)
      .orderBy('f.position')
      .orderBy('f.id')
      .execute(),
    u.status === 'INVITED'
      ? db
          .selectFrom('invites')
          .select(['created_at', 'expires_at'])
          .where('user_id', '=', id)
          .where('kind', '=', 'INVITE')
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  const { user, actor } = c.get('auth');
  const now = c.get('now')();
  return {
    id: u.id,
    email: u.email,
    phone: u.phone,
    firstName: u.first_name,
    lastName: u.last_name,
    roles: roles.map((r) => ({ id: r.id, name: r.name, type: r.type })),
    brokerId: u.broker_id,
    loanOfficeId: u.loan_office_id,
    agentId: u.agent_id,
    status: u.status,
    psiLastLogin: u.psi_last_login?.toISOString() ?? null,
    created: u.created_at.toISOString(),
    brokerageName: u.brokerage_name,
    loanOfficeName: u.loan_office_name,
    flexAttributes: flex.map((f) => ({
      attributeId: f.id,
      name: f.name,
      label: f.label,
      value: f.value,
      updated: f.updated_at.toISOString(),
    })),
    invite: invite
      ? {
          state: invite.expires_at > now ? 'PENDING' : 'EXPIRED',
          sentAt: invite.created_at.toISOString(),
          expiresAt: invite.expires_at.toISOString(),
        }
      : null,
    manageable:
      id !== user.id &&
      id !== actor.id &&
      mayActOnUser(user, {
        id,
        roles: roles.map((r) => r.name).filter(isRole),
        brokerId: u.broker_id,
        loanOfficeId: u.loan_office_id,
      }),
  };
}
