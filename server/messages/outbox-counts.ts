import { sql } from 'kysely';

import type { Db } from '../db/database.ts';

/** Messages per channel and status (metrics read it: queue depth, dead letters). */
export async function outboxCounts(db: Db): Promise<{ channel: string; status: string; count: number }[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['channel', 'status', sql<number>`count(*)::int`.as('count')])
    .groupBy(['channel', 'status'])
    .orderBy('channel')
    .orderBy('status')
    .execute();
  return rows.map((r) => ({ channel: r.channel, status: r.status, count: Number(r.count) }));
}
