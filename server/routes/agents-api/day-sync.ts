import { sql, type RawBuilder } from 'kysely';
import * as v from 'valibot';

import { AGENT_ROLES } from '../../../src/access/roles.ts';
import type { AgentDaySync, ReferralEvent, ReferralNote } from '../../../src/contract/referrals.ts';
import { FINAL_STAGES } from '../../../src/lib/referral-stages.ts';
import type { Db } from '../../db/database.ts';
import { notYoursError } from '../../http/ownership.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, params } from '../../http/validate.ts';
import {
  filledQuery,
  selectReferrals,
  toAgentReferralDetail,
  toReferralEvent,
  toReferralNote,
} from './referral-data.ts';
import { orderBy } from './referrals.ts';

// The agent's day kit (decision 0080): the most urgent open referrals with their contact,
// last events and last notes in one answer, so the agent app keeps every open follow-up readable
// offline without one call per referral (three per referral: 600 calls for a busy agent's day).

/** A phone keeps at most this many follow-ups; the agent app asks for this many. */
export const DAY_SYNC_MAX = 200;
/** Events and notes kept per referral: the last ones, what a phone screen shows without scrolling far. */
export const DAY_SYNC_HISTORY = 20;

const DaySyncQuery = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'must be a whole number from 1 to 200'),
      v.transform(Number),
      v.minValue(1, 'must be a whole number from 1 to 200'),
      v.maxValue(DAY_SYNC_MAX, 'must be a whole number from 1 to 200'),
    ),
    String(DAY_SYNC_MAX),
  ),
});

/** Rows `rows` reads for the referrals `ids` (the last DAY_SYNC_HISTORY of each), with how many `table` holds per referral. */
async function lastRows<T>(
  db: Db,
  ids: number[],
  rows: (idList: RawBuilder<unknown>) => Promise<T[]>,
  table: 'referral_events' | 'referral_notes',
) {
  if (ids.length === 0) return { rows: [] as T[], totals: new Map<number, number>() };
  const idList = sql.join(ids);
  const [found, counts] = await Promise.all([
    rows(idList),
    sql<{ referral_id: number; n: number }>`select referral_id, count(*)::int as n from ${sql.table(table)}
      where referral_id in (${idList}) group by referral_id`.execute(db),
  ]);
  return { rows: found, totals: new Map(counts.rows.map((c) => [c.referral_id, c.n])) };
}

type EventRow = Parameters<typeof toReferralEvent>[0] & { referral_id: number };
type NoteRow = Parameters<typeof toReferralNote>[0] & { referral_id: number };

export async function daySync(db: Db, agentId: number, limit: number, now: Date): Promise<AgentDaySync> {
  const open = sql<boolean>`r.agent_id = ${agentId} and r.stage not in (${sql.join([...FINAL_STAGES])})`;
  const [refs, total] = await Promise.all([
    selectReferrals(db, now).where(open).orderBy(orderBy('overdue')).limit(limit).execute(),
    db
      .selectFrom('referrals as r')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(open)
      .executeTakeFirstOrThrow(),
  ]);
  const ids = refs.map((r) => r.id);
  const [events, notes] = await Promise.all([
    lastRows<EventRow>(
      db,
      ids,
      async (idList) =>
        (
          await sql<EventRow>`
      select r.id as referral_id, e.id, e.type, e.from_stage, e.to_stage, e.detail, e.created_at, u.first_name, u.last_name
      from referrals r cross join lateral (select * from referral_events x where x.referral_id = r.id
        order by x.created_at desc, x.id desc limit ${DAY_SYNC_HISTORY}) e
      left join users u on u.id = e.actor_user_id
      where r.id in (${idList}) order by e.created_at desc, e.id desc`.execute(db)
        ).rows,
      'referral_events',
    ),
    lastRows<NoteRow>(
      db,
      ids,
      async (idList) =>
        (
          await sql<NoteRow>`
      select r.id as referral_id, n.id, n.body, n.created_at, u.first_name, u.last_name
      from referrals r cross join lateral (select * from referral_notes x where x.referral_id = r.id
        order by x.created_at desc, x.id desc limit ${DAY_SYNC_HISTORY}) n
      left join users u on u.id = n.author_user_id
      where r.id in (${idList}) order by n.created_at desc, n.id desc`.execute(db)
        ).rows,
      'referral_notes',
    ),
  ]);
  const byReferral = <R extends { referral_id: number }, O>(rows: R[], to: (r: R) => O) => {
    const map = new Map<number, O[]>();
    for (const row of rows) map.set(row.referral_id, [...(map.get(row.referral_id) ?? []), to(row)]);
    return map;
  };
  const eventsOf = byReferral<EventRow, ReferralEvent>(events.rows, toReferralEvent);
  const notesOf = byReferral<NoteRow, ReferralNote>(notes.rows, toReferralNote);
  return {
    syncedAt: now.toISOString(),
    totalOpen: total.n,
    content: refs.map((r) => ({
      referral: toAgentReferralDetail(r),
      events: { content: eventsOf.get(r.id) ?? [], totalElements: events.totals.get(r.id) ?? 0 },
      notes: { content: notesOf.get(r.id) ?? [], totalElements: notes.totals.get(r.id) ?? 0 },
    })),
  };
}

export const daySyncRoutes: RouteDef[] = [
  route({
    // Only the agent themself: the kit is for the agent's own phone. Staff and brokerage admins read
    // one referral at a time through /referrals/:refId as before.
    method: 'GET',
    path: '/agents-api/agents/:id{[0-9]+}/day-sync',
    policy: AGENT_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { limit } = filledQuery(c, DaySyncQuery);
      if (c.get('auth').user.agentId !== id) throw notYoursError();
      return c.json((await daySync(c.get('db'), id, limit, c.get('now')())) satisfies AgentDaySync);
    },
  }),
];
