import { ROLES, roleTypeOf } from '../src/access/roles.ts';
import { openCode } from './auth/invites.ts';
import type { Db } from './db/database.ts';

/**
 * Outside demo mode an empty database gets no demo data: only the role catalogue and, when
 * ADMIN_EMAIL is set, one ADMIN account without a password and a registration link for it,
 * printed to the operator's log once (no mail provider is assumed on a first start).
 */
export async function bootstrapProduction(
  db: Db,
  o: { adminEmail: string | undefined; publicOrigin: string; now: Date; log: (msg: string) => void },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const known = new Set((await trx.selectFrom('roles').select('name').execute()).map((r) => r.name));
    const missing = ROLES.filter((name) => !known.has(name));
    if (missing.length > 0)
      await trx
        .insertInto('roles')
        .values(missing.map((name) => ({ name, type: roleTypeOf(name) })))
        .execute();
    if (!o.adminEmail || (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst())) return;
    const { id } = await trx
      .insertInto('users')
      .values({ email: o.adminEmail.toLowerCase(), status: 'INVITED', created_at: o.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await trx.selectFrom('roles').select('id').where('name', '=', 'ADMIN').executeTakeFirstOrThrow();
    await trx.insertInto('user_roles').values({ user_id: id, role_id: role.id, position: 0 }).execute();
    const { code } = await openCode(trx, { userId: id, kind: 'INVITE', createdBy: null, now: o.now });
    o.log(`first administrator ${o.adminEmail}: register at ${o.publicOrigin}/register/${encodeURIComponent(code)}`);
  });
}
