import { sql } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import { AGENT_STATUSES } from '../../../src/contract/agents.ts';
import {
  MY_AGENT_SORT_KEYS,
  NewBrokerageAgentNote,
  type BrokerageAgentNote,
  type MyAgent,
  type MyAgentPage,
  type ResponseTime,
} from '../../../src/contract/my-agents.ts';
import type { Db } from '../../db/database.ts';
import { intArray } from '../../db/int-array.ts';
import { brokerageFromQuery, sortParam, type Sort } from '../../http/brokerage-scope.ts';
import { assertAgent, isProviderUser, notYoursError } from '../../http/ownership.ts';
import { userNameSql } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import { agentPage, agentRows, agentRule, countAgents, type AgentFilter, type AgentSortKey } from './agent-queries.ts';
import { toAgentView } from './agents.ts';

// My Agents: a brokerage's agents with overdue figures, closings and response times;
// one agent's response times; the brokerage's own notes on its agents (the provider's internal
// agent notes, /agents-api/agents/:id/notes, stay staff-only). Policy: brokerage admins for their
// own brokerage's agents, staff for any (assertAgent).

const DAY_MS = 86_400_000;

const StatusList = v.pipe(
  v.string(),
  v.transform((s) => s.split(',').map((x) => x.trim())),
  v.check(
    (list) => list.every((s) => (AGENT_STATUSES as readonly string[]).includes(s)),
    `must be statuses among ${AGENT_STATUSES.join(', ')}, comma separated`,
  ),
);

const ListQuery = v.object({
  brokerageId: v.optional(Id),
  ...Paging,
  sort: sortParam(MY_AGENT_SORT_KEYS, 'name,ASC'),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'at most 100 characters'))),
  status: v.optional(StatusList),
});

const AGENT_SORT: Record<Exclude<(typeof MY_AGENT_SORT_KEYS)[number], 'closings'>, AgentSortKey> = {
  name: 'name.last',
  score: 'agentDisplayScore',
  overdue: 'funnelStatus.overdueForFollowupCount',
  status: 'status',
};

/** The first day of the 12 months whose sales count as closings. */
const saleSinceOf = (now: Date) => new Date(now.getTime() - 365 * DAY_MS).toISOString().slice(0, 10);
const closedSince = (now: Date) => sql`r.stage in ('CLOSED', 'LEASED') and r.date_of_sale >= ${saleSinceOf(now)}::date`;

/** Closings (12 months) and average first-response seconds (referrals received in the last 7 and 30 days) of some agents. */
async function performanceOf(db: Db, ids: readonly number[], now: Date) {
  if (ids.length === 0)
    return new Map<
      number,
      { closings: number; rt7: number | null; rt30: number | null; n7: number; r7: number; n30: number; r30: number }
    >();
  const seconds = sql`extract(epoch from (r.first_response_at - r.created_at))`;
  const since7 = new Date(now.getTime() - 7 * DAY_MS);
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const rows = await db
    .selectFrom('referrals as r')
    .select([
      'r.agent_id',
      sql<number>`(count(*) filter (where ${closedSince(now)}))::int`.as('closings'),
      sql<
        number | null
      >`round(avg(${seconds}) filter (where r.created_at >= ${since7} and r.first_response_at is not null))::int`.as(
        'rt7',
      ),
      sql<
        number | null
      >`round(avg(${seconds}) filter (where r.created_at >= ${since30} and r.first_response_at is not null))::int`.as(
        'rt30',
      ),
      sql<number>`(count(*) filter (where r.created_at >= ${since7}))::int`.as('n7'),
      sql<number>`(count(*) filter (where r.created_at >= ${since7} and r.first_response_at is not null))::int`.as(
        'r7',
      ),
      sql<number>`(count(*) filter (where r.created_at >= ${since30}))::int`.as('n30'),
      sql<number>`(count(*) filter (where r.created_at >= ${since30} and r.first_response_at is not null))::int`.as(
        'r30',
      ),
    ])
    .where('r.agent_id', 'in', ids)
    .groupBy('r.agent_id')
    .execute();
  return new Map(rows.map((r) => [r.agent_id, r]));
}

const CLOSED_STAGES = ['CLOSED', 'LEASED'];
/** Past this many rows (offset + page size) the top-of-list path is not worth its first steps. */
const TOP_ROWS_MAX = 200;
/** How many agents beyond twice the rows each year's sample reads. */
const SAMPLE_EXTRA = 40;

/** The list's agent filter on `agents` (statuses, or every agent but the deleted). */
/** Each agent's sales dated from `since` in one brokerage, for some agents (referrals_closed_agent_idx alone). */
async function closingsOf(db: Db, brokerageId: number, ids: readonly number[], since: string) {
  if (ids.length === 0) return new Map<number, number>();
  const { rows } = await sql<{ agent_id: number; n: number }>`
    select r.agent_id, count(*)::int as n from referrals r
    where r.brokerage_id = ${brokerageId} and r.stage in (${sql.join(CLOSED_STAGES)})
      and r.agent_id = any(${intArray(ids)}) and r.date_of_sale >= ${since}::date
    group by r.agent_id`.execute(db);
  return new Map(rows.map((r) => [r.agent_id, Number(r.n)]));
}

/**
 * The agents who can rank among the first `rows` of My Agents by closings, most first, or undefined
 * when every agent must be read (decision 0127).
 *
 * An agent's closings are its sales dated in the last 12 months, which span the calendar years from the
 * window's first day to today (and any later year a sale is dated in): m years. The sales per year are
 * kept (agent_sale_years, migration 066). A sample of each year's agents with the most sales is read
 * with their exact closings: the `rows`-th largest, L, is at most the closings at position `rows` of the
 * whole order (`rows` agents have at least L). Every agent ranked at or above that position has at
 * least L closings, so at least L / m sales in one of the years, and in each year at least L less the
 * most sales any agent has in the other years. Each year's agents with both are read from the index
 * alone, and only they are ordered, ties among them exactly as among all. When L is 0, agents without
 * a sale could rank, and every agent is read.
 */
export async function closingsCandidates(
  db: Db,
  f: AgentFilter & { brokerageId: number },
  rows: number,
  now: Date,
): Promise<number[] | undefined> {
  if (rows > TOP_ROWS_MAX || f.name) return undefined;
  const since = saleSinceOf(now);
  const first = Number(since.slice(0, 4));
  const thisYear = now.getUTCFullYear();
  const later = await sql<{ year: number }>`
    select distinct year from agent_sale_years where brokerage_id = ${f.brokerageId} and year > ${thisYear}`.execute(
    db,
  );
  const years = [
    ...Array.from({ length: thisYear - first + 1 }, (_, i) => first + i),
    ...later.rows.map((r) => r.year),
  ];
  // The sample of each year's top agents, and each year's most sales (the top of the index), at once.
  const [sample, most] = await Promise.all([
    sql<{ agent_id: number }>`
    select distinct t.agent_id from unnest(${intArray(years)}) as y(year)
    cross join lateral (
      select k.agent_id from agent_sale_years k join agents on agents.id = k.agent_id
      where k.brokerage_id = ${f.brokerageId} and k.year = y.year
        and ${agentRule(f)}
      order by k.closed desc limit ${rows * 2 + SAMPLE_EXTRA}
    ) t`.execute(db),
    sql<{ year: number; most: number }>`
    select y.year, coalesce((
      select k.closed from agent_sale_years k where k.brokerage_id = ${f.brokerageId} and k.year = y.year
      order by k.closed desc limit 1), 0) as most
    from unnest(${intArray(years)}) as y(year)`.execute(db),
  ]);
  if (sample.rows.length < rows) return undefined;
  const exact = await closingsOf(
    db,
    f.brokerageId,
    sample.rows.map((r) => r.agent_id),
    since,
  );
  const counts = sample.rows.map((r) => exact.get(r.agent_id) ?? 0).sort((a, b) => b - a);
  const floor = counts[rows - 1]!;
  if (floor <= 0) return undefined;
  // Each year's agents with enough sales there: at least L / m (one of the years holds that many),
  // and at least L less the others' most.
  const mostOf = new Map(most.rows.map((r) => [Number(r.year), Number(r.most)]));
  const allMost = [...mostOf.values()].reduce((a, b) => a + b, 0);
  const least = years.map((y) => Math.max(Math.ceil(floor / years.length), floor - (allMost - (mostOf.get(y) ?? 0))));
  const { rows: candidates } = await sql<{ agent_id: number }>`
    select distinct t.agent_id from unnest(${intArray(years)}, ${intArray(least)}) as y(year, least)
    cross join lateral (
      select k.agent_id from agent_sale_years k
      where k.brokerage_id = ${f.brokerageId} and k.year = y.year and k.closed >= y.least
    ) t`.execute(db);
  return candidates.map((c) => c.agent_id);
}

/**
 * One page of ids by closings. Most first on a page near the top: only the candidates who can rank there
 * (closingsCandidates). Otherwise the brokerage's closed referrals grouped once, then agents in that order.
 */
async function idsByClosings(
  db: Db,
  f: AgentFilter & { brokerageId: number },
  sort: Sort<string>,
  page: { offset: number; limit: number },
  now: Date,
) {
  const dir = sql.raw(sort.direction);
  const candidates =
    sort.direction === 'desc' ? await closingsCandidates(db, f, page.offset + page.limit, now) : undefined;
  const closings = db
    .selectFrom('referrals as r')
    .select(['r.agent_id', sql<number>`count(*)`.as('n')])
    .where('r.brokerage_id', '=', f.brokerageId)
    .where(sql<boolean>`${closedSince(now)}`)
    .$if(candidates !== undefined, (q) => q.where(sql<boolean>`r.agent_id = any(${intArray(candidates ?? [])})`))
    .groupBy('r.agent_id');
  let q = db.selectFrom('agents').leftJoin(closings.as('c'), 'c.agent_id', 'agents.id').where(agentRule(f));
  if (candidates !== undefined) q = q.where(sql<boolean>`agents.id = any(${intArray(candidates)})`);
  const rows = await q
    .select('agents.id')
    .orderBy(
      sql`coalesce(c.n, 0) ${dir}, agents.last_name asc nulls last, agents.first_name asc nulls last, agents.id asc`,
    )
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r) => r.id);
}

const noteSelect = (db: Db) =>
  db
    .selectFrom('brokerage_agent_notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_user_id')
    .select(['n.id', 'n.agent_id', 'n.body', 'n.author_user_id', 'n.created_at', userNameSql('u').as('author_name')]);
const noteView = (n: {
  id: number;
  agent_id: number;
  body: string;
  author_user_id: number | null;
  author_name: string | null;
  created_at: Date;
}): BrokerageAgentNote => ({
  id: n.id,
  agentId: n.agent_id,
  body: n.body,
  author: { id: n.author_user_id, name: n.author_name },
  created: n.created_at.toISOString(),
});

export const myAgentRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/agents-api/my-agents',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const db = c.get('db');
      const now = c.get('now')();
      const brokerage = await brokerageFromQuery(c, q.brokerageId);
      // A name search finds every agent of that name, deleted ones too (their status says so); without
      // a name or a status the roster leaves the deleted out.
      const statuses = q.status ?? (q.name ? AGENT_STATUSES : undefined);
      const filter = {
        brokerageId: brokerage.id,
        ...(q.name ? { name: q.name } : {}),
        ...(statuses ? { statuses } : {}),
      };
      const page = { offset: q.pageIndex * q.pageSize, limit: q.pageSize };
      const [rows, totalElements] = await Promise.all([
        q.sort.key === 'closings'
          ? idsByClosings(db, filter, q.sort, page, now).then(async (ids) => {
              const byId = new Map((await agentRows(db, now, ids)).map((r) => [r.id, r]));
              return ids.flatMap((id) => byId.get(id) ?? []);
            })
          : agentPage(db, now, filter, { key: AGENT_SORT[q.sort.key], direction: q.sort.direction }, page),
        countAgents(db, filter),
      ]);
      const perf = await performanceOf(
        db,
        rows.map((r) => r.id),
        now,
      );
      const content = rows.map((r): MyAgent => {
        const p = perf.get(r.id);
        return {
          ...toAgentView(r),
          closings: p?.closings ?? 0,
          last7ResponseTime: p?.rt7 ?? null,
          last30ResponseTime: p?.rt30 ?? null,
        };
      });
      return c.json({ content, totalElements } satisfies MyAgentPage);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/performanceMetrics/responseTime/:id{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await assertAgent(c.get('db'), c.get('auth').user, id);
      const p = (await performanceOf(c.get('db'), [id], c.get('now')())).get(id);
      const body: ResponseTime = {
        agentId: id,
        last7ResponseTime: p?.rt7 ?? null,
        last30ResponseTime: p?.rt30 ?? null,
        last7Received: p?.n7 ?? 0,
        last7Responded: p?.r7 ?? 0,
        last30Received: p?.n30 ?? 0,
        last30Responded: p?.r30 ?? 0,
      };
      return c.json(body);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/agents/:id{[0-9]+}/brokerage-notes',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await assertAgent(c.get('db'), c.get('auth').user, id);
      const q = query(c, v.object(Paging));
      const db = c.get('db');
      const [rows, total] = await Promise.all([
        noteSelect(db)
          .where('n.agent_id', '=', id)
          .orderBy('n.created_at', 'desc')
          .orderBy('n.id', 'desc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
        db
          .selectFrom('brokerage_agent_notes')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('agent_id', '=', id)
          .executeTakeFirstOrThrow(),
      ]);
      return c.json({ content: rows.map(noteView), totalElements: total.n });
    },
  }),
  route({
    method: 'POST',
    path: '/agents-api/agents/:id{[0-9]+}/brokerage-notes',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { user } = c.get('auth');
      const { brokerageId } = await assertAgent(c.get('db'), user, id);
      // An agent reaching their own record through assertAgent may not write the brokerage's notes (policy already excludes AGENT).
      if (!isProviderUser(user) && user.brokerId !== brokerageId) throw notYoursError();
      const { body } = await jsonBody(c, NewBrokerageAgentNote);
      const { id: noteId } = await c
        .get('db')
        .insertInto('brokerage_agent_notes')
        .values({
          agent_id: id,
          brokerage_id: brokerageId,
          author_user_id: user.id,
          body,
          created_at: c.get('now')(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return c.json(noteView(await noteSelect(c.get('db')).where('n.id', '=', noteId).executeTakeFirstOrThrow()), 201);
    },
  }),
];
