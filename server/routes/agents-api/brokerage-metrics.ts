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
// the referral rows of the brokerage in the period; nothing is stored or estimated.

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

export async function brokerageMetrics(db: Db, brokerageId: number, months: number, now: Date): Promise<BrokerageMetrics> {
  const starts = monthStarts(now, months);
  const from = starts[0] ?? now;
  const fromDay = from.toISOString().slice(0, 10);
  const seconds = sql`extract(epoch from (r.first_response_at - r.created_at))`;
  const inList = (items: readonly string[]) => sql.join(items.map((s) => sql`${s}`));
  const [received, closed, rt] = await Promise.all([
    sql<{ month: string; received: number; avg_rt: number | null; met: number; converted: number }>`
      select to_char(r.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as received,
        round(avg(${seconds}) filter (where r.first_response_at is not null))::int as avg_rt,
        count(*) filter (where r.stage in (${inList(MET_OR_BEYOND)}))::int as met,
        count(*) filter (where r.stage in (${inList(CLOSED_STAGES)}))::int as converted
      from referrals r where r.brokerage_id = ${brokerageId} and r.created_at >= ${from} and r.created_at <= ${now}
      group by 1`.execute(db),
    sql<{ month: string; closed: number; cents: number | string }>`
      select to_char(r.date_of_sale, 'YYYY-MM') as month, count(*)::int as closed, coalesce(sum(r.sale_price_cents), 0)::bigint as cents
      from referrals r where r.brokerage_id = ${brokerageId} and r.stage in (${inList(CLOSED_STAGES)})
        and r.date_of_sale >= ${fromDay}::date and r.date_of_sale <= ${now.toISOString().slice(0, 10)}::date
      group by 1`.execute(db),
    sql<{ rt7: number | null; rt30: number | null }>`
      select round(avg(${seconds}) filter (where r.created_at >= ${new Date(now.getTime() - 7 * DAY_MS)}))::int as rt7,
        round(avg(${seconds}))::int as rt30
      from referrals r where r.brokerage_id = ${brokerageId} and r.created_at >= ${new Date(now.getTime() - 30 * DAY_MS)}
        and r.created_at <= ${now} and r.first_response_at is not null`.execute(db),
  ]);
  const rec = new Map(received.rows.map((r) => [r.month, r]));
  const clo = new Map(closed.rows.map((r) => [r.month, r]));
  const rows = starts.map((s): MetricMonth => {
    const key = monthKey(s);
    const r = rec.get(key);
    const c = clo.get(key);
    const n = r?.received ?? 0;
    return {
      month: key, received: n, closed: c?.closed ?? 0, closedVolume: Math.round(Number(c?.cents ?? 0) / 100),
      avgResponseSeconds: r?.avg_rt ?? null, metWithRate: pct(r?.met ?? 0, n), conversionRate: pct(r?.converted ?? 0, n),
    };
  });
  return { brokerageId, months: rows, responseTime: { last7: rt.rows[0]?.rt7 ?? null, last30: rt.rows[0]?.rt30 ?? null } };
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
