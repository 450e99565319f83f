import { sql } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import type { BrokerageStats, BrokerScore, Product } from '../../../src/contract/brokerages.ts';
import {
  REFERRAL_STAGES,
  REFERRAL_TYPES,
  type ReferralStage,
  type ReferralType,
} from '../../../src/lib/referral-stages.ts';
import type { Db } from '../../db/database.ts';
import { OVERDUE_AFTER_DAYS } from '../../db/overdue.ts';
import { ProductParam, productsOf, readableBrokerage } from '../../http/brokerage-scope.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, params, query } from '../../http/validate.ts';
import { brokerScore, prefixLeadGenius, statSet, type StageCount } from './brokerage-figures.ts';
import { IDLE_OVERDUE_STAGES, idleOverdueSql, saleOverdueSql } from './overdue-sql.ts';

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

const textArray = (items: readonly string[]) => sql`array[${sql.join(items)}]::text[]`;

interface ProductCounts {
  counts: StageCount[];
  overdue: number;
  closedCents: number;
}

/**
 * Per product: referrals per (type, stage), overdue count and closed value. The per-stage counts are
 * one index-only count per combination (referrals_dashboard_stats_idx): at 100x the seed that is several times
 * faster than hashing every referral of the brokerage.
 */
async function referralCounts(
  db: Db,
  brokerageId: number,
  now: Date,
): Promise<Record<'PORCHLIGHT' | 'LEAD_GENIUS', ProductCounts>> {
  const [cells, totals] = await Promise.all([
    sql<{ product: 'PORCHLIGHT' | 'LEAD_GENIUS'; stage: ReferralStage; type: ReferralType; n: number }>`
      select p.product, s.stage, t.type,
        (select count(*) from referrals r where r.brokerage_id = ${brokerageId} and r.product = p.product
          and r.stage = s.stage and r.type = t.type)::int as n
      from unnest(${textArray(['PORCHLIGHT', 'LEAD_GENIUS'])}) as p(product)
      cross join unnest(${textArray(REFERRAL_STAGES)}) as s(stage)
      cross join unnest(${textArray(REFERRAL_TYPES)}) as t(type)`.execute(db),
    sql<{ product: 'PORCHLIGHT' | 'LEAD_GENIUS'; overdue: number; closed_cents: number }>`
      select p.product,
        (select count(*) from referrals r where r.brokerage_id = ${brokerageId} and r.product = p.product and ${idleOverdueSql('r', now)})::int
        + (select count(*) from referrals r where r.brokerage_id = ${brokerageId} and r.product = p.product and ${saleOverdueSql('r', now)})::int
        as overdue,
        (select coalesce(sum(r.sale_price_cents), 0) from referrals r where r.brokerage_id = ${brokerageId}
          and r.product = p.product and r.stage in ('CLOSED', 'LEASED'))::bigint as closed_cents
      from unnest(${textArray(['PORCHLIGHT', 'LEAD_GENIUS'])}) as p(product)`.execute(db),
  ]);
  const empty = (): ProductCounts => ({ counts: [], overdue: 0, closedCents: 0 });
  const out = { PORCHLIGHT: empty(), LEAD_GENIUS: empty() };
  for (const c of cells.rows) if (c.n > 0) out[c.product].counts.push({ type: c.type, stage: c.stage, count: c.n });
  for (const t of totals.rows) Object.assign(out[t.product], { overdue: t.overdue, closedCents: t.closed_cents });
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

export async function scoreOf(db: Db, brokerageId: number, now: Date): Promise<BrokerScore> {
  const since90 = new Date(now.getTime() - 90 * DAY_MS);
  const since365 = new Date(now.getTime() - 365 * DAY_MS);
  const b = brokerageId;
  const [totals, perStage] = await Promise.all([
    // Open and overdue as My Agents by overdue counts them (agent-queries.ts, byOverdueCount): the open
    // referrals of an idle-overdue stage are kept per brokerage and agent (migration 028), so the idle
    // branch is those minus the ones updated since the cut-off (a short recent range of
    // referrals_idle_since_idx), not a scan of every open referral's updated_at.
    sql<{
      accepted: number;
      declined: number;
      leads12: number;
      idle_open: number;
      under_contract: number;
      idle_recent: number;
      sale_overdue: number;
    }>`select
      (select count(*) from opportunities where brokerage_id = ${b} and assigned_at >= ${since90})::int as accepted,
      (select count(*) from opportunities where brokerage_id = ${b} and status = 'NO_AGENT_ACCEPT' and created_at >= ${since90})::int as declined,
      (select count(*) from opportunities where brokerage_id = ${b} and created_at >= ${since365})::int as leads12,
      (select coalesce(max(open), 0) from brokerage_open_referrals where brokerage_id = ${b})::int as idle_open,
      (select count(*) from referrals where brokerage_id = ${b} and stage = 'UNDER_CONTRACT')::int as under_contract,
      (select count(*) from referrals r where r.brokerage_id = ${b} and r.stage in (${sql.join(IDLE_OVERDUE_STAGES.map((st) => sql.lit(st)))})
        and r.updated_at >= (select ${now}::timestamptz - interval '${sql.raw(String(OVERDUE_AFTER_DAYS))} days'))::int as idle_recent,
      (select count(*) from referrals r where r.brokerage_id = ${b} and ${saleOverdueSql('r', now)})::int as sale_overdue`.execute(
      db,
    ),
    // Per stage, referrals received in the last 12 months and 90 days (index-only counts, referrals_dashboard_created_idx).
    sql<{ stage: ReferralStage; n365: number; n90: number }>`select s.stage,
      (select count(*) from referrals r where r.brokerage_id = ${b} and r.stage = s.stage and r.created_at >= ${since365})::int as n365,
      (select count(*) from referrals r where r.brokerage_id = ${b} and r.stage = s.stage and r.created_at >= ${since90})::int as n90
      from unnest(${textArray(REFERRAL_STAGES)}) as s(stage)`.execute(db),
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
  const sum = (key: 'n365' | 'n90', stages: readonly ReferralStage[]) =>
    perStage.rows.filter((r) => stages.includes(r.stage)).reduce((acc, r) => acc + r[key], 0);
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
      return c.json((await brokerageStats(c.var.db, id, product, c.var.now())) satisfies BrokerageStats);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/brokerages/:id{[0-9]+}/score',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await readableBrokerage(c, id);
      return c.json((await scoreOf(c.var.db, id, c.var.now())) satisfies BrokerScore);
    },
  }),
];
