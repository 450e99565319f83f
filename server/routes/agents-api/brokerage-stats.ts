import { sql, type RawBuilder } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import type { BrokerageStats, BrokerScore, Product } from '../../../src/contract/brokerages.ts';
import { REFERRAL_STAGES, type ReferralStage, type ReferralType } from '../../../src/lib/referral-stages.ts';
import type { Db } from '../../db/database.ts';
import { ProductParam, productsOf, readableBrokerage } from '../../http/brokerage-scope.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, params, query } from '../../http/validate.ts';
import { brokerScore, prefixLeadGenius, statSet, type StageCount } from './brokerage-figures.ts';
import { IDLE_OVERDUE_STAGES, idleRecentSql, saleOverdueSql } from './overdue-sql.ts';

const DAY_MS = 86_400_000;
/** Open for the score's Updates figure: not finished and not parked on long-term hold (both overdue branches lie inside). */
const OPEN_STAGES = REFERRAL_STAGES.filter((s) => !['CLOSED', 'LEASED', 'REMOVED', 'LONG_TERM_HOLD'].includes(s));
export const MET_OR_BEYOND: readonly ReferralStage[] = [
  'SHOWN_HOMES',
  'MET_WITH_SELLER',
  'LISTED_HOME',
  'OFFER_MADE',
  'UNDER_CONTRACT',
  'CLOSED',
  'LEASED',
];

interface ProductCounts {
  counts: StageCount[];
  overdue: number;
  closedCents: number;
}

/**
 * Per product: referrals per (type, stage), overdue count and closed value. The per-stage counts and
 * the closed value are kept per brokerage, product, type and stage (referral_stage_counts, migration
 * 061, decision 0123). The idle-overdue branch is the kept open referrals of an idle-overdue stage
 * minus those updated since the cut-off (a short recent range of referrals_idle_since_idx), as the
 * score counts it; the sale branch counts the brokerage's UNDER_CONTRACT referrals.
 */
async function referralCounts(
  db: Db,
  brokerageId: number,
  now: Date,
): Promise<Record<'PORCHLIGHT' | 'LEAD_GENIUS', ProductCounts>> {
  const [cells, recent] = await Promise.all([
    db
      .selectFrom('referral_stage_counts')
      .select(['product', 'type', 'stage', 'n', 'sale_cents'])
      .where('brokerage_id', '=', brokerageId)
      .where('n', '<>', 0)
      .execute(),
    // One pass of each index range, grouped by product.
    sql<{ product: 'PORCHLIGHT' | 'LEAD_GENIUS'; idle_recent: number; sale_overdue: number }>`
      select product, sum(idle_recent)::int as idle_recent, sum(sale_overdue)::int as sale_overdue from (
        select r.product, count(*) as idle_recent, 0 as sale_overdue from referrals r
          where r.brokerage_id = ${brokerageId} and ${idleRecentSql('r', now)}
          group by r.product
        union all
        select r.product, 0, count(*) from referrals r where r.brokerage_id = ${brokerageId} and ${saleOverdueSql('r', now)}
          group by r.product
      ) x group by product`.execute(db),
  ]);
  const empty = (): ProductCounts => ({ counts: [], overdue: 0, closedCents: 0 });
  const out = { PORCHLIGHT: empty(), LEAD_GENIUS: empty() };
  const idle = new Set<string>(IDLE_OVERDUE_STAGES);
  for (const c of cells) {
    const p = out[c.product as 'PORCHLIGHT' | 'LEAD_GENIUS'];
    const stage = c.stage as ReferralStage;
    p.counts.push({ type: c.type as ReferralType, stage, count: Number(c.n) });
    if (stage === 'CLOSED' || stage === 'LEASED') p.closedCents += Number(c.sale_cents);
    if (idle.has(stage)) p.overdue += Number(c.n);
  }
  for (const t of recent.rows) out[t.product].overdue += t.sale_overdue - t.idle_recent;
  return out;
}

export async function brokerageStats(
  db: Db,
  brokerageId: number,
  product: Product,
  now: Date,
): Promise<BrokerageStats> {
  const byProduct = await referralCounts(db, brokerageId, now);
  const chosen = productsOf(product).map((p) => byProduct[p]);
  const selected = statSet(
    chosen.flatMap((p) => p.counts),
    chosen.reduce((s, p) => s + p.overdue, 0),
    chosen.reduce((s, p) => s + p.closedCents, 0),
  );
  const lg = byProduct.LEAD_GENIUS;
  return { brokerageId, product, ...selected, ...prefixLeadGenius(statSet(lg.counts, lg.overdue, lg.closedCents)) };
}

/** The UTC day a window starts on ('YYYY-MM-DD') and the start of the day after it. */
export function windowStart(since: Date): { day: string; dayEnd: Date } {
  const start = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate());
  return { day: new Date(start).toISOString().slice(0, 10), dayEnd: new Date(start + DAY_MS) };
}

/**
 * A brokerage's opportunities counted since `since`, exact to the moment: the kept days after the
 * window's first day (opportunity_days' `kept` column) plus the rest of that first day counted from the
 * rows by `at` (one day of one brokerage's rows, by index), narrowed by `filter` when given.
 */
function opportunityWindow(
  brokerageId: number,
  kept: 'created' | 'declined' | 'assigned',
  since: Date,
  at: 'created_at' | 'assigned_at',
  filter?: RawBuilder<boolean>,
): RawBuilder<number> {
  const w = windowStart(since);
  const count = filter ? sql`count(*) filter (where ${filter})` : sql`count(*)`;
  return sql<number>`((select coalesce(sum(${sql.ref(kept)}), 0) from opportunity_days
      where brokerage_id = ${brokerageId} and day > ${w.day}::date)::int
    + (select ${count} from opportunities where brokerage_id = ${brokerageId}
      and ${sql.ref(at)} >= ${since} and ${sql.ref(at)} < ${w.dayEnd})::int)`;
}

/**
 * The score's counts. Its windows (the last 90 days, the last 12 months) read the kept days after the
 * window's first day (opportunity_days, referral_days: migration 061, decision 0123) and count the
 * remainder of that first day from the rows, so each figure is exactly the rows' count since the moment.
 */
export async function scoreOf(db: Db, brokerageId: number, now: Date): Promise<BrokerScore> {
  const since90 = new Date(now.getTime() - 90 * DAY_MS);
  const since365 = new Date(now.getTime() - 365 * DAY_MS);
  const w90 = windowStart(since90);
  const w365 = windowStart(since365);
  const b = brokerageId;
  const [totals, keptStages, firstDay] = await Promise.all([
    // Open and overdue as My Agents by overdue counts them (agent-queries.ts, byOverdueCount): the open
    // referrals of an idle-overdue stage are kept per brokerage (migration 054), so the idle branch is
    // those minus the ones updated since the cut-off (a short recent range of referrals_idle_since_idx).
    sql<{
      accepted: number;
      declined: number;
      leads12: number;
      idle_open: number;
      under_contract: number;
      idle_recent: number;
      sale_overdue: number;
    }>`select
      ${opportunityWindow(b, 'assigned', since90, 'assigned_at')} as accepted,
      -- A filter, not a condition: the day's range of opportunities_brokerage_idx, not the status index.
      ${opportunityWindow(b, 'declined', since90, 'created_at', sql`status = 'NO_AGENT_ACCEPT'`)} as declined,
      ${opportunityWindow(b, 'created', since365, 'created_at')} as leads12,
      (select coalesce(max(open), 0) from brokerage_open_referrals where brokerage_id = ${b})::int as idle_open,
      (select coalesce(sum(n), 0) from referral_stage_counts where brokerage_id = ${b} and stage = 'UNDER_CONTRACT')::int as under_contract,
      (select count(*) from referrals r where r.brokerage_id = ${b} and ${idleRecentSql('r', now)})::int as idle_recent,
      (select count(*) from referrals r where r.brokerage_id = ${b} and ${saleOverdueSql('r', now)})::int as sale_overdue`.execute(
      db,
    ),
    // Per stage, referrals received on the whole days of the last 12 months and 90 days.
    sql<{ stage: ReferralStage; n365: number; n90: number }>`select stage,
      sum(n)::int as n365, coalesce(sum(n) filter (where day > ${w90.day}::date), 0)::int as n90
      from referral_days where brokerage_id = ${b} and day > ${w365.day}::date group by stage`.execute(db),
    // And on the rest of each window's first day (referrals_metrics_created_idx).
    sql<{ stage: ReferralStage; n365: number; n90: number }>`select stage,
      count(*) filter (where created_at >= ${since365} and created_at < ${w365.dayEnd})::int as n365,
      count(*) filter (where created_at >= ${since90} and created_at < ${w90.dayEnd})::int as n90
      from referrals where brokerage_id = ${b}
        and ((created_at >= ${since365} and created_at < ${w365.dayEnd}) or (created_at >= ${since90} and created_at < ${w90.dayEnd}))
      group by stage`.execute(db),
  ]);
  const row = totals.rows[0];
  if (!row) throw new Error('score query answered no row');
  const t = {
    accepted: row.accepted,
    declined: row.declined,
    leads12: row.leads12,
    open: row.idle_open + row.under_contract,
    overdue: row.idle_open - row.idle_recent + row.sale_overdue,
  };
  const perStage = [...keptStages.rows, ...firstDay.rows];
  const sum = (key: 'n365' | 'n90', stages: readonly ReferralStage[]) =>
    perStage.filter((r) => stages.includes(r.stage)).reduce((acc, r) => acc + r[key], 0);
  return brokerScore(brokerageId, {
    ...t,
    received90: sum('n90', REFERRAL_STAGES),
    met90: sum('n90', MET_OR_BEYOND),
    closed12: sum('n365', ['CLOSED', 'LEASED']),
    removed12: sum('n365', ['REMOVED']),
    pipeline12: sum('n365', OPEN_STAGES),
  });
}

const StatsQuery = v.object({ product: ProductParam });

export const brokerageStatsRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/agents-api/brokerages/:id{[0-9]+}/stats',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { product = 'COMBINED' } = query(c, StatsQuery);
      await readableBrokerage(c, id);
      return c.json((await brokerageStats(c.get('db'), id, product, c.get('now')())) satisfies BrokerageStats);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/brokerages/:id{[0-9]+}/score',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await readableBrokerage(c, id);
      return c.json((await scoreOf(c.get('db'), id, c.get('now')())) satisfies BrokerScore);
    },
  }),
];
