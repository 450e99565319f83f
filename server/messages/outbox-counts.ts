import type { Db } from '../db/database.ts';

/** Messages in the outbox by channel and delivery status (the metrics' outbox gauge). */
export async function outboxCounts(db: Db): Promise<{ channel: string; status: string; count: number }[]> {
  const rows = await db.selectFrom('outbox').select((eb) => ['channel', 'status', eb.fn.countAll<number>().as('count')])
    .groupBy(['channel', 'status']).orderBy('channel').orderBy('status').execute();
  return rows.map((r) => ({ channel: r.channel, status: r.status, count: Number(r.count) }));
}
