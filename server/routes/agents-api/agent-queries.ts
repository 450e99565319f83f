import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

import type { Db } from '../../db/database.ts';
import { intArray } from '../../db/int-array.ts';
import { daysSinceSql, overduePredicate } from '../../db/overdue.ts';
import type { Database } from '../../db/schema.ts';
import type { Sort } from '../../http/brokerage-scope.ts';
import { idleOverdueSql, idleRecentSql, saleOverdueSql } from './overdue-sql.ts';

// The queries behind the agents list, the single agent and the leaderboard (routes in agents.ts).

export const AGENT_STATUSES = [
  'UNSIGNED',
  'INVITED',
  'ACTIVE',
  'PAUSED',
  'DEACTIVATED',
  'ADMIN_HOLD',
  'IN_TRAINING',
  'DELETED',
] as const;
export const AGENT_SORT_KEYS = [
  'name.last',
  'name.first',
  'funnelStatus.overdueForFollowupCount',
  'funnelStatus.maxDaysOverdue',
  'agentDisplayScore',
  'status',
  'created',
] as const;
export type AgentSortKey = (typeof AGENT_SORT_KEYS)[number];
export const LEADERBOARD_SORT_KEYS = ['score', 'agentDisplayScore', 'name', 'closings', 'revenue'] as const;
export type LeaderboardSortKey = (typeof LEADERBOARD_SORT_KEYS)[number];
/** Agents who work referrals appear on the leaderboard; deleted, deactivated and not-yet-enrolled ones do not. */
const LEADERBOARD_STATUSES = ['ACTIVE', 'IN_TRAINING', 'PAUSED', 'ADMIN_HOLD'];
const DAY_MS = 86_400_000;

export interface AgentFilter {
  brokerageId?: number;
  /** Case-insensitive part of the first, last or full name. */
  name?: string;
  /** Statuses to list; without it every agent but the DELETED ones. */
  statuses?: readonly string[];
}

type Agents = SelectQueryBuilder<Database, 'agents', object>;

/**
 * The agent list's filter over `agents`: the brokerage, the listed statuses (else everyone but the
 * deleted) and part of the name. Every query of the list's agents (the rows, the total, the sorts'
 * candidates) narrows by this one rule.
 */
export function agentRule(f: AgentFilter): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  if (f.brokerageId !== undefined) parts.push(sql<boolean>`agents.brokerage_id = ${f.brokerageId}`);
  parts.push(
    f.statuses
      ? sql<boolean>`agents.status in (${sql.join(f.statuses.map((s) => sql`${s}`))})`
      : sql<boolean>`agents.status <> 'DELETED'`,
  );
  if (f.name) {
    const like = `%${f.name.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    parts.push(sql<boolean>`lower(concat_ws(' ', agents.first_name, agents.last_name)) like ${like}`);
  }
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

function filtered(db: Db, f: AgentFilter): Agents {
  return db.selectFrom('agents').where(agentRule(f));
}

export const countAgents = async (db: Db, f: AgentFilter): Promise<number> =>
  Number(
    (
      await filtered(db, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * One page of agents, in two steps so the list never runs a query per agent: (1) the page's ids in
 * sort order, where sorting by overdue figures groups the brokerage's overdue referrals once by
 * agent (cheap rule form, counts only); (2) the page's agents with their overdue count and days,
 * grouped over just their referrals with overdue.ts's own rule. An agent's overdue referrals are
 * those of their own brokerage.
 */
export async function agentPage(
  db: Db,
  now: Date,
  f: AgentFilter,
  sort: Sort<AgentSortKey>,
  page: { offset: number; limit: number },
) {
  const dir = sql.raw(sort.direction);
  const names = (first: 'first_name' | 'last_name', second: 'first_name' | 'last_name') => [
    sql`agents.${sql.ref(first)} ${dir} nulls last`,
    sql`agents.${sql.ref(second)} ${dir} nulls last`,
  ];
  const byOverdue = sort.key === 'funnelStatus.overdueForFollowupCount' || sort.key === 'funnelStatus.maxDaysOverdue';
  const order = {
    'name.last': names('last_name', 'first_name'),
    'name.first': names('first_name', 'last_name'),
    'funnelStatus.overdueForFollowupCount': [sql`coalesce(od.overdue, 0) ${dir}`, ...names('last_name', 'first_name')],
    'funnelStatus.maxDaysOverdue': [
      sql`od.oldest ${sql.raw(sort.direction === 'desc' ? 'asc' : 'desc')} nulls ${sql.raw(sort.direction === 'desc' ? 'last' : 'first')}`,
      ...names('last_name', 'first_name'),
    ],
    agentDisplayScore: [sql`agents.display_score ${dir} nulls last`],
    status: [sql`agents.status ${dir}`, ...names('last_name', 'first_name')],
    created: [sql`agents.created_at ${dir}`],
  }[sort.key];
  // Only the aggregate the sort needs: the days of the most overdue referral follow from its oldest time.
  // The rule's two branches, each read from its partial index only (migration 013), then grouped once.
  const branch = (rule: typeof idleOverdueSql, since: RawBuilder<Date>) => {
    let q = db
      .selectFrom('referrals as r')
      .select(['r.agent_id', 'r.brokerage_id', since.as('since')])
      .where(rule('r', now));
    if (f.brokerageId !== undefined) q = q.where('r.brokerage_id', '=', f.brokerageId);
    return q;
  };
  const overdueRows = branch(idleOverdueSql, sql<Date>`r.updated_at`).unionAll(
    branch(saleOverdueSql, sql<Date>`r.date_of_sale::timestamptz`),
  );
  const od = db
    .selectFrom(overdueRows.as('o'))
    .select([
      'o.agent_id',
      'o.brokerage_id',
      sort.key === 'funnelStatus.maxDaysOverdue'
        ? sql<Date>`min(o.since)`.as('oldest')
        : sql<number>`count(*)`.as('overdue'),
    ])
    .groupBy(['o.agent_id', 'o.brokerage_id']);
  const base = filtered(db, f);
  const byCount = sort.key === 'funnelStatus.overdueForFollowupCount' && f.brokerageId !== undefined;
  // Most overdue first, on a page near the top: only the agents who could rank there are read.
  const only =
    byCount && sort.direction === 'desc' ? await overdueCandidates(db, now, f, page.offset + page.limit) : undefined;
  const ids = (
    await (
      byCount && f.brokerageId !== undefined
        ? byOverdueCount(db, now, f.brokerageId, base, only).orderBy(
            sql.join([
              sql`coalesce(k.open, 0) - coalesce(rc.n, 0) + coalesce(sc.n, 0) ${dir}`,
              ...names('last_name', 'first_name'),
              sql`agents.id asc`,
            ]),
          )
        : (byOverdue
            ? base.leftJoin(od.as('od'), (j) =>
                j.onRef('od.agent_id', '=', 'agents.id').onRef('od.brokerage_id', '=', 'agents.brokerage_id'),
              )
            : base
          ).orderBy(sql.join([...order, sql`agents.id asc`]))
    )
      .select('agents.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute()
  ).map((r) => r.id);
  const rows = await agentRows(db, now, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Past this many rows (offset + page size) the top-of-list path is not worth its first step. */
const TOP_ROWS_MAX = 200;
/** How many agents beyond twice the rows the floor's sample reads. */
const SAMPLE_EXTRA = 40;

/** How many agents with the most overdue sales are read whatever their open count (overdueCandidates). */
const HEAVY_SELLERS = 50;

/** Who can rank among the first rows most overdue: `open >= floor`, or one of `heavy` (overdueCandidates). */
export interface OverdueCandidates {
  floor: number;
  heavy: number[];
}

/**
 * The agents who can rank among the first `rows` most overdue agents of one brokerage (with the list's
 * filters), or undefined when every agent must be read.
 *
 * An agent's overdue count is `open - recent + sale` (byOverdueCount). A sample of the agents with the
 * most open referrals (more than `rows`: an agent with many open referrals may have updated most of them
 * lately) is read with their exact counts: the `rows`-th largest of those, L, is at most the count at
 * position `rows` of the whole order (there are `rows` agents with at least L). Every agent ranked at or
 * above that position has a count of at least L, so `open + sale >= L`. The brokerage's overdue sales
 * (UNDER_CONTRACT past its date) are grouped per agent: the HEAVY_SELLERS agents with most are read
 * whatever their open count, and every other agent has at most S of them (the next one's count), so it
 * needs `open >= L - S`. Those agents, and only those, are ordered; ties among them exactly as among all
 * (decisions 0126 and 0129). When `L - S` is 0 or less, agents with no open referral could rank, and
 * every agent is read.
 */
export async function overdueCandidates(
  db: Db,
  now: Date,
  f: AgentFilter,
  rows: number,
): Promise<OverdueCandidates | undefined> {
  if (f.brokerageId === undefined || rows > TOP_ROWS_MAX) return undefined;
  const brokerageId = f.brokerageId;
  const [top, sellers] = await Promise.all([
    filtered(db, f)
      .innerJoin('agent_open_referrals as k', (j) =>
        j.onRef('k.agent_id', '=', 'agents.id').onRef('k.brokerage_id', '=', 'agents.brokerage_id'),
      )
      .select(['agents.id', 'k.open'])
      .orderBy('k.open', 'desc')
      .limit(rows * 2 + SAMPLE_EXTRA)
      .execute(),
    db
      .selectFrom('referrals as r')
      .select(['r.agent_id', sql<number>`count(*)::int`.as('n')])
      .where('r.brokerage_id', '=', brokerageId)
      .where(saleOverdueSql('r', now))
      .groupBy('r.agent_id')
      .orderBy('n', 'desc')
      .orderBy('r.agent_id')
      .limit(HEAVY_SELLERS + 1)
      .execute(),
  ]);
  if (top.length < rows) return undefined;
  const parts = await db
    .selectFrom('referrals as r')
    .select([
      'r.agent_id',
      sql<number>`count(*) filter (where ${idleRecentSql('r', now)})`.as('recent'),
      sql<number>`count(*) filter (where ${saleOverdueSql('r', now)})`.as('sale'),
    ])
    .where(
      'r.agent_id',
      'in',
      top.map((t) => t.id),
    )
    .where('r.brokerage_id', '=', brokerageId)
    .groupBy('r.agent_id')
    .execute();
  const byAgent = new Map(parts.map((p) => [p.agent_id, p]));
  const exact = top
    .map((t) => {
      const p = byAgent.get(t.id);
      return t.open - Number(p?.recent ?? 0) + Number(p?.sale ?? 0);
    })
    .sort((a, b) => b - a);
  const heavy = sellers.slice(0, HEAVY_SELLERS).map((s) => s.agent_id);
  const floor = exact[rows - 1]! - Number(sellers[HEAVY_SELLERS]?.n ?? 0);
  return floor > 0 ? { floor, heavy } : undefined;
}

/**
 * One brokerage's agents with what their overdue count is made of, without grouping every overdue
 * referral: the idle branch is the agent's open referrals (kept by migration 028's trigger) minus those
 * updated since the cut-off (a short recent range of referrals_idle_since_idx); the UNDER_CONTRACT branch
 * is grouped as it is. Order by `open - recent + sale`.
 * With `only` (overdueCandidates), just those agents are read, and their recent counts alone grouped.
 */
function byOverdueCount(db: Db, now: Date, brokerageId: number, base: Agents, only?: OverdueCandidates) {
  const candidates = only
    ? db
        .selectFrom('agent_open_referrals as kc')
        .select('kc.agent_id')
        .where('kc.brokerage_id', '=', brokerageId)
        .where('kc.open', '>=', only.floor)
        .union(sql<{ agent_id: number }>`select unnest(${intArray(only.heavy)}) as agent_id`)
    : undefined;
  const counted = (rule: typeof idleRecentSql) => {
    const q = db
      .selectFrom('referrals as r')
      .select(['r.agent_id', sql<number>`count(*)`.as('n')])
      .where('r.brokerage_id', '=', brokerageId)
      .where(rule('r', now));
    return (candidates ? q.where('r.agent_id', 'in', candidates) : q).groupBy('r.agent_id');
  };
  const joined = (candidates ? base.where('agents.id', 'in', candidates) : base)
    .leftJoin('agent_open_referrals as k', (j) =>
      j.onRef('k.agent_id', '=', 'agents.id').onRef('k.brokerage_id', '=', 'agents.brokerage_id'),
    )
    .leftJoin(counted(idleRecentSql).as('rc'), 'rc.agent_id', 'agents.id')
    .leftJoin(counted(saleOverdueSql).as('sc'), 'sc.agent_id', 'agents.id');
  return joined;
}

/** Agents by id with their overdue count and the days of the most overdue referral (overdue.ts's rule). */
export async function agentRows(db: Db, now: Date, ids: readonly number[]) {
  if (ids.length === 0) return [];
  // An agent's overdue referrals are those of their own brokerage: grouped by both, joined on both.
  const od = db
    .selectFrom('referrals as r')
    .select([
      'r.agent_id',
      'r.brokerage_id',
      sql<number>`count(*)::int`.as('overdue'),
      sql<number>`max(${daysSinceSql('r', now)})::int`.as('max_days'),
    ])
    .where('r.agent_id', 'in', ids)
    .where(overduePredicate('r', now))
    .groupBy(['r.agent_id', 'r.brokerage_id']);
  return db
    .selectFrom('agents')
    .leftJoin(od.as('od'), (j) =>
      j.onRef('od.agent_id', '=', 'agents.id').onRef('od.brokerage_id', '=', 'agents.brokerage_id'),
    )
    .select([
      'agents.id',
      'agents.brokerage_id',
      'agents.first_name',
      'agents.last_name',
      'agents.email',
      'agents.phone',
      'agents.status',
      'agents.display_score',
      'agents.agent_desktop_last_accessed',
      'agents.created_at',
      sql<number>`coalesce(od.overdue, 0)`.as('overdue'),
      sql<number>`coalesce(od.max_days, 0)`.as('max_days'),
    ])
    .where('agents.id', 'in', ids)
    .execute();
}
export type AgentRow = Awaited<ReturnType<typeof agentRows>>[number];

/**
 * Leaderboard rows: closings and revenue over sales dated in the last 12 months, average first
 * response times over referrals received in the last 7 and 30 days. Like the agents list: the
 * page's ids first (grouping the brokerage's closed referrals only when sorting by them), then the
 * figures of just those agents.
 */
export async function leaderboardRows(
  db: Db,
  brokerageId: number,
  now: Date,
  sort: Sort<LeaderboardSortKey>,
  page: { offset: number; limit: number },
) {
  const saleSince = new Date(now.getTime() - 365 * DAY_MS).toISOString().slice(0, 10);
  const closed = sql`r.stage in ('CLOSED', 'LEASED') and r.date_of_sale >= ${saleSince}::date`;
  const dir = sql.raw(sort.direction);
  const order = {
    score: [sql`agents.display_score ${dir} nulls last`],
    agentDisplayScore: [sql`agents.display_score ${dir} nulls last`],
    name: [sql`agents.last_name ${dir} nulls last`, sql`agents.first_name ${dir} nulls last`],
    closings: [sql`coalesce(s.closings, 0) ${dir}`],
    revenue: [sql`coalesce(s.revenue_cents, 0) ${dir}`],
  }[sort.key];
  const sales = db
    .selectFrom('referrals as r')
    .select([
      'r.agent_id',
      sql<number>`count(*)`.as('closings'),
      sql<number>`sum(r.sale_price_cents)`.as('revenue_cents'),
    ])
    .where('r.brokerage_id', '=', brokerageId)
    .where(sql<boolean>`${closed}`)
    .groupBy('r.agent_id');
  const base = db
    .selectFrom('agents')
    .where('agents.brokerage_id', '=', brokerageId)
    .where('agents.status', 'in', LEADERBOARD_STATUSES);
  const [idRows, total] = await Promise.all([
    (sort.key === 'closings' || sort.key === 'revenue' ? base.leftJoin(sales.as('s'), 's.agent_id', 'agents.id') : base)
      .select('agents.id')
      .orderBy(sql.join([...order, sql`agents.id asc`]))
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = idRows.map((r) => r.id);
  if (ids.length === 0) return { rows: [], total: Number(total.n) };
  const seconds = sql`extract(epoch from (r.first_response_at - r.created_at))`;
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const perf = db
    .selectFrom('referrals as r')
    .select([
      'r.agent_id',
      sql<number>`count(*) filter (where ${closed})`.as('closings'),
      sql<number>`coalesce(sum(r.sale_price_cents) filter (where ${closed}), 0)`.as('revenue_cents'),
      sql<
        number | null
      >`round(avg(${seconds}) filter (where r.created_at >= ${since(7)} and r.first_response_at is not null))`.as(
        'rt7',
      ),
      sql<
        number | null
      >`round(avg(${seconds}) filter (where r.created_at >= ${since(30)} and r.first_response_at is not null))`.as(
        'rt30',
      ),
    ])
    .where('r.brokerage_id', '=', brokerageId)
    .where('r.agent_id', 'in', ids)
    .groupBy('r.agent_id');
  const rows = await db
    .selectFrom('agents')
    .leftJoin(perf.as('p'), 'p.agent_id', 'agents.id')
    .select([
      'agents.id',
      'agents.first_name',
      'agents.last_name',
      'agents.display_score',
      sql<number>`coalesce(p.closings, 0)::int`.as('closings'),
      sql<number>`coalesce(p.revenue_cents, 0)`.as('revenue_cents'),
      sql<number | null>`p.rt7::int`.as('rt7'),
      sql<number | null>`p.rt30::int`.as('rt30'),
    ])
    .where('agents.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: Number(total.n) };
}
