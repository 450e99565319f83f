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
import { brokerageFromQuery, sortParam, type Sort } from '../../http/brokerage-scope.ts';
import { assertAgent, isProviderUser, notYoursError } from '../../http/ownership.ts';
import { userNameSql } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import { agentPage, agentRows, countAgents, type AgentFilter, type AgentSortKey } from './agent-queries.ts';
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

const closedSince = (now: Date) =>
  sql`r.stage in ('CLOSED', 'LEASED') and r.date_of_sale >= ${new Date(now.getTime() - 365 * DAY_MS).toISOString().slice(0, 10)}::date`;

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

/** One page of ids by closings: the brokerage's closed referrals grouped once, then agents in that order. */
async function idsByClosings(
  db: Db,
  f: AgentFilter & { brokerageId: number },
  sort: Sort<string>,
  page: { offset: number; limit: number },
  now: Date,
) {
  const dir = sql.raw(sort.direction);
  const closings = db
    .selectFrom('referrals as r')
    .select(['r.agent_id', sql<number>`count(*)`.as('n')])
    .where('r.brokerage_id', '=', f.brokerageId)
    .where(sql<boolean>`${closedSince(now)}`)
    .groupBy('r.agent_id');
  let q = db
    .selectFrom('agents')
    .leftJoin(closings.as('c'), 'c.agent_id', 'agents.id')
    .where('agents.brokerage_id', '=', f.brokerageId);
  q = f.statuses ? q.where('agents.status', 'in', f.statuses) : q.where('agents.status', '<>', 'DELETED');
  if (f.name) {
    const like = `%${f.name.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q = q.where(sql<boolean>`lower(concat_ws(' ', agents.first_name, agents.last_name)) like ${like}`);
  }
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
      const db = c.var.db;
      const now = c.var.now();
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
      await assertAgent(c.var.db, c.var.auth.user, id);
      const p = (await performanceOf(c.var.db, [id], c.var.now())).get(id);
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
      await assertAgent(c.var.db, c.var.auth.user, id);
      const q = query(c, v.object(Paging));
      const db = c.var.db;
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
      const { user } = c.var.auth;
      const { brokerageId } = await assertAgent(c.var.db, user, id);
      // An agent reaching their own record through assertAgent may not write the brokerage's notes (policy already excludes AGENT).
      if (!isProviderUser(user) && user.brokerId !== brokerageId) throw notYoursError();
      const { body } = await jsonBody(c, NewBrokerageAgentNote);
      const { id: noteId } = await c.var.db
        .insertInto('brokerage_agent_notes')
        .values({
          agent_id: id,
          brokerage_id: brokerageId,
          author_user_id: user.id,
          body,
          created_at: c.var.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return c.json(noteView(await noteSelect(c.var.db).where('n.id', '=', noteId).executeTakeFirstOrThrow()), 201);
    },
  }),
];
