import type { Db } from '../db/database.ts';

/** Finished messages (sent, delivered or dead) whose last change is older than the bound are deleted; answers how many. */
export async function pruneMessages(db: Db, now: Date, olderThanDays: number): Promise<number> {
  const bound = new Date(now.getTime() - olderThanDays * 86_400_000);
  const result = await db.deleteFrom('outbox')
    .where('status', 'in', ['sent', 'delivered', 'dead'])
    .where((eb) => eb(eb.fn.coalesce('sent_at', 'created_at'), '<', bound))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
