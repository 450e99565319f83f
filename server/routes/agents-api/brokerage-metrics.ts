import { sql } from 'kysely';
import * as v from 'valibot';
import type { Role } from '../../../src/access/roles.ts';
import { METRIC_PERIODS, type BrokerageMetrics, type MetricMonth } from '../../../src/contract/brokerage-metrics.ts';
import type { Db } from '../../db/database.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, params, query } from '../../http/validate.ts';
import { readableBrokerage } from '../../http/brokerage-scope.ts';
import { MET_OR_BEYOND } from './brokerage-stats.ts';

// My Metrics: the brokerage's trends per calendar month (UTC). Every figure is a count or sum over
// the referral and potential-agent rows of the brokerage in the period; nothing is stored or estimated.

/** my-metrics (spec 1 section 6). */
const METRICS_READERS: readonly Role[] = ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN'];
const CLOSED_STAGES = ['CLOSED', 'LEASED'];
const DAY_MS = 86_400_000;

const MetricsQuery = v.object({
  months: v.optional(v.pipe(v.picklist(METRIC_PERIODS.map(String), 'months must be 3, 6 or 12'), v.transform(Number)), '12'),
});

/** The first instant of each of the `n` calendar months (UTC) ending with the month of `now`. */
export function monthStarts(now: Date, n: number): Date[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (n - 1) + i, 1)));
}
const monthKey = (d: Date) => d.toISOString().slice(0, 7);
const pct = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 100);

/**
 * One statement: for each month (a VALUES row with its bounds), four aggregates without GROUP BY, each
 * an index range scan of that month only (migrations 012 and 014): referrals received (with the met,
 * converted and response-time figures), referrals closed by sale date, invitations sent and redeemed.
 * No per-row month formatting and no hashing; the 7/30-day response times are sums and counts of
 * the received scan (the period always covers the last 30 days), divided here.
 */
export async function brokerageMetrics(db: Db, brokerageId: number, months: number, now: Date): Promise<BrokerageMetrics> {
  const starts = monthStarts(now, months);
  const bounds = starts.map((s, i) => {
    const stop = new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, 1));
    return sql`(${i}::int, ${s}::timestamptz, ${stop}::timestamptz, ${s.toISOString().slice(0, 10)}::date, ${stop.toISOString().slice(0, 10)}::date)`;
  });
  const today = now.toISOString().slice(0, 10);
  const since7 = new Date(now.getTime() - 7 * DAY_MS);
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  // date_part is float8: summing floats per row costs far less than extract's numeric.
  const seconds = sql`date_part('epoch', r.first_response_at - r.created_at)`;
  const answered30 = sql`r.first_response_at is not null and r.created_at >= ${since30}`;
  const answered7 = sql`r.first_response_at is not null and r.created_at >= ${since7}`;
  const met = sql.join(MET_OR_BEYOND.map((s) => sql`${s}`));
  // Literal stages: the partial sale-date index (stage in ('CLOSED', 'LEASED')) must match the query.
  const closedStages = sql.raw(`(${CLOSED_STAGES.map((s) => `'${s}'`).join(', ')})`);
  const result = await sql<{
    i: number; received: number; answered: number; seconds: number | string | null; met: number; converted: number;
    s30: number | string | null; n30: number; s7: number | string | null; n7: number;
    closed: number; cents: number | string; sent: number; redeemed: number;
  }>`
    select m.i, rec.received, rec.answered, rec.seconds, rec.met, rec.converted, rec.s30, rec.n30, rec.s7, rec.n7,
      sale.closed, sale.cents, inv.sent, red.redeemed
    from (values ${sql.join(bounds)}) as m (i, start_at, stop_at, start_day, stop_day)
    cross join lateral (
      select count(*)::int as received,
        count(r.first_response_at)::int as answered,
        sum(${seconds}) as seconds,
        count(*) filter (where r.stage in (${met}))::int as met,
        count(*) filter (where r.stage in ${closedStages})::int as converted,
        sum(${seconds}) filter (where ${answered30}) as s30, count(*) filter (where ${answered30})::int as n30,
        sum(${seconds}) filter (where ${answered7}) as s7, count(*) filter (where ${answered7})::int as n7
      from referrals r where r.brokerage_id = ${brokerageId} and r.created_at >= m.start_at and r.created_at < m.stop_at and r.created_at <= ${now}
    ) rec
    cross join lateral (
      select count(*)::int as closed, coalesce(sum(r.sale_price_cents), 0)::bigint as cents
      from referrals r where r.brokerage_id = ${brokerageId} and r.stage in ${closedStages}
        and r.date_of_sale >= m.start_day and r.date_of_sale < m.stop_day and r.date_of_sale <= ${today}::date
    ) sale
    cross join lateral (
      select count(*)::int as sent from potential_agents p
      where p.brokerage_id = ${brokerageId} and p.invite_sent_at >= m.start_at and p.invite_sent_at < m.stop_at and p.invite_sent_at <= ${now}
    ) inv
    cross join lateral (
      select count(*)::int as redeemed from potential_agents p
      where p.brokerage_id = ${brokerageId} and p.status = 'INVITE_REDEEMED'
        and p.responded_at >= m.start_at and p.responded_at < m.stop_at and p.responded_at <= ${now}
    ) red
    order by m.i`.execute(db);
  const mean = (sum: number | string | null, n: number) => (n === 0 || sum === null ? null : Math.round(Number(sum) / n));
  const total = (key: 's30' | 'n30' | 's7' | 'n7') => result.rows.reduce((acc, r) => acc + Number(r[key] ?? 0), 0);
  const rows = result.rows.map((r): MetricMonth => ({
    month: monthKey(starts[r.i]!), received: r.received, closed: r.closed, closedVolume: Math.round(Number(r.cents) / 100),
    avgResponseSeconds: mean(r.seconds, r.answered), metWithRate: pct(r.met, r.received), conversionRate: pct(r.converted, r.received),
    invitationsSent: r.sent, invitationsRedeemed: r.redeemed,
  }));
  return { brokerageId, months: rows, responseTime: { last7: mean(total('s7'), total('n7')), last30: mean(total('s30'), total('n30')) } };
}

export const brokerageMetricsRoutes: RouteDef[] = [
  route({
    method: 'GET', path: '/agents-api/brokerages/:id{[0-9]+}/metrics', policy: METRICS_READERS,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { months } = query(c, MetricsQuery);
      const b = await readableBrokerage(c, id);
      return c.json(await brokerageMetrics(c.var.db, b.id, months, c.var.now()));
    },
  }),
];
