import { sql } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_WORKSPACE_ROLES } from '../../../src/access/roles.ts';
import { METRIC_PERIODS, type BrokerageMetrics, type MetricMonth } from '../../../src/contract/brokerage-metrics.ts';
import type { Db } from '../../db/database.ts';
import { readableBrokerage } from '../../http/brokerage-scope.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, params, query } from '../../http/validate.ts';

// My Metrics: the brokerage's trends per calendar month (UTC). Every figure is a count or sum over
// the referral and potential-agent rows of the brokerage in the period; nothing is stored or estimated.

const CLOSED_STAGES = ['CLOSED', 'LEASED'];
const DAY_MS = 86_400_000;

const MetricsQuery = v.object({
  months: v.optional(
    v.pipe(v.picklist(METRIC_PERIODS.map(String), 'months must be 3, 6 or 12'), v.transform(Number)),
    '12',
  ),
});

/** The first instant of each of the `n` calendar months (UTC) ending with the month of `now`. */
export function monthStarts(now: Date, n: number): Date[] {
  return Array.from(
    { length: n },
    (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (n - 1) + i, 1)),
  );
}
const monthKey = (d: Date) => d.toISOString().slice(0, 7);
const pct = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 100);

/**
 * One statement: for each month (a VALUES row with its bounds), the referral figures from
 * referral_months (migration 025: counts and sums the referral rows' trigger keeps, one row per
 * brokerage and month), the referrals closed by sale date (a range scan of the partial sale-date index),
 * invitations sent and redeemed; and the 7/30-day response times, a scan of the last 30 days only.
 */
export async function brokerageMetrics(
  db: Db,
  brokerageId: number,
  months: number,
  now: Date,
): Promise<BrokerageMetrics> {
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
  // Literal stages: the partial sale-date index (stage in ('CLOSED', 'LEASED')) must match the query.
  const closedStages = sql.raw(`(${CLOSED_STAGES.map((s) => `'${s}'`).join(', ')})`);
  const result = await sql<{
    i: number;
    received: number | null;
    answered: number | null;
    micros: number | string | null;
    met: number | null;
    converted: number | null;
    s30: number | string | null;
    n30: number;
    s7: number | string | null;
    n7: number;
    closed: number;
    cents: number | string;
    sent: number;
    redeemed: number;
  }>`
    select m.i, rec.received, rec.answered, rec.response_micros as micros, rec.met, rec.converted, recent.s30, recent.n30, recent.s7, recent.n7,
      sale.closed, sale.cents, inv.sent, red.redeemed
    from (values ${sql.join(bounds)}) as m (i, start_at, stop_at, start_day, stop_day)
    left join referral_months rec on rec.brokerage_id = ${brokerageId} and rec.month = m.start_day
    cross join (
      select sum(${seconds}) as s30, count(*)::int as n30,
        sum(${seconds}) filter (where r.created_at >= ${since7}) as s7, count(*) filter (where r.created_at >= ${since7})::int as n7
      from referrals r where r.brokerage_id = ${brokerageId} and r.created_at >= ${since30} and r.created_at <= ${now} and r.first_response_at is not null
    ) recent
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
  const mean = (sum: number | string | null, n: number) =>
    n === 0 || sum === null ? null : Math.round(Number(sum) / n);
  const first = result.rows[0];
  const rows = result.rows.map((r): MetricMonth => {
    const received = r.received ?? 0;
    return {
      month: monthKey(starts[r.i]!),
      received,
      closed: r.closed,
      closedVolume: Math.round(Number(r.cents) / 100),
      avgResponseSeconds: mean(r.micros === null ? null : Number(r.micros) / 1e6, r.answered ?? 0),
      metWithRate: pct(r.met ?? 0, received),
      conversionRate: pct(r.converted ?? 0, received),
      invitationsSent: r.sent,
      invitationsRedeemed: r.redeemed,
    };
  });
  return {
    brokerageId,
    months: rows,
    responseTime: { last7: first ? mean(first.s7, first.n7) : null, last30: first ? mean(first.s30, first.n30) : null },
  };
}

export const brokerageMetricsRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/agents-api/brokerages/:id{[0-9]+}/metrics',
    policy: BROKERAGE_WORKSPACE_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { months } = query(c, MetricsQuery);
      const b = await readableBrokerage(c, id);
      return c.json(await brokerageMetrics(c.get('db'), b.id, months, c.get('now')()));
    },
  }),
];
