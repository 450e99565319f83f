import type { Db } from '../db/database.ts';

/** The outbox keeps a message this long after it was written, once it is done with (sent, delivered or dead). */
export const MESSAGE_RETENTION_DAYS = 90;

/**
 * Deletes messages that are done with (sent, delivered, dead) and older than the bound; queued,
 * retrying and sending ones stay whatever their age. Returns how many went.
 */
export async function pruneMessages(
  db: Db,
  now: Date,
  olderThanDays: number = MESSAGE_RETENTION_DAYS,
): Promise<number> {
  const bound = new Date(now.getTime() - olderThanDays * 86_400_000);
  const res = await db
    .deleteFrom('outbox')
    .where('status', 'in', ['sent', 'delivered', 'dead'])
    .where('created_at', '<', bound)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
