import type { Db } from '../db/database.ts';
import type { AppContext } from './route.ts';

/**
 * One audit row for a staff write, in the write's own transaction (so a refused or failed write leaves
 * none): who acted (the impersonating staff member, when there is one), as whom, what, and on which object.
 */
export async function recordAudit(c: AppContext, db: Db, action: string, detail: string): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: c.get('auth').actor.id,
      as_user_id: c.get('auth').user.id,
      action,
      detail,
      created_at: c.get('now')(),
    })
    .execute();
}
