import { sql } from 'kysely';

import { LENDER_DETAIL_ROLES } from '../../../src/access/roles.ts';
import type { LenderOverview } from '../../../src/contract/lender-overview.ts';
import { LENDER_STEPS, OPEN_STEPS } from '../../../src/lib/lender-steps.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { assertLoanOffice } from '../../http/ownership.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, params } from '../../http/validate.ts';

// GET /lenders-api/loan-offices/{id}/stats: the loan office's overview, every figure
// counted by SQL from lender_referrals. The overview admits the loan office's admin and staff
// (spec 2 section 2, /console); staff who are not impersonating may read any office's figures.

const DAY_MS = 86_400_000;

/** 'YYYY-MM' of the UTC month `back` months before `now`'s. */
const monthKey = (now: Date, back: number) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
};

export async function lenderOverview(db: Db, officeId: number, now: Date): Promise<LenderOverview> {
  const since90 = new Date(now.getTime() - 90 * DAY_MS);

  // The counts by officer, status and month of receipt, and the closed loans per month, are kept by a
  // trigger (migration 057, decision 0119): a few hundred rows per office, whatever its history. Months
  // before the 12 shown fold into one bucket. Only the 90-day figures read referrals, in one pass over the
  // last 90 days' through the (office, received) index.
  const cutoff = `${monthKey(now, 12)}-01`;
  const [groups, recent, closedMonths, officers] = await Promise.all([
    db
      .selectFrom('lender_referral_counts')
      .where('loan_office_id', '=', officeId)
      .where('n', '<>', 0)
      .groupBy(['officer_key', 'status', sql`3`])
      .select([
        'officer_key',
        'status',
        sql<string>`to_char(greatest(received_month, ${cutoff}::date), 'YYYY-MM')`.as('month'),
        sql<number>`sum(n)::int`.as('n'),
      ])
      .execute(),
    db
      .selectFrom('lender_referrals as lr')
      .where('lr.loan_office_id', '=', officeId)
      .where('lr.received_at', '>=', since90)
      .select([
        sql<number>`count(*)::int`.as('received_90'),
        sql<number>`count(lr.first_contact_at)::int`.as('contacted_90'),
        sql<number>`(count(*) filter (where lr.first_contact_at - lr.received_at <= interval '24 hours'))::int`.as(
          'within_24',
        ),
        // Ordered-set aggregates skip nulls: the median is of the contacted referrals only.
        sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (lr.first_contact_at - lr.received_at)) / 3600)`.as(
          'median_hours',
        ),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('lender_referral_closed_months')
      .where('loan_office_id', '=', officeId)
      .where('closed_month', '>=', `${monthKey(now, 11)}-01`)
      .where('n', '<>', 0)
      .select([sql<string>`to_char(closed_month, 'YYYY-MM')`.as('month'), 'n'])
      .execute(),
    db
      .selectFrom('loan_officers')
      .select(['id', 'first_name', 'last_name', 'status'])
      .where('loan_office_id', '=', officeId)
      .execute(),
  ]);

  const thisMonth = monthKey(now, 0);
  const lastMonth = monthKey(now, 1);
  const firstMonth = monthKey(now, 11);
  const perMonthTally = new Map<string, { received: number; closed: number }>();
  const byStatus = new Map<string, number>();
  const byOfficer = new Map<number | null, { open: number; closed: number; total: number }>();
  const t = {
    thisMonth: 0,
    lastMonth: 0,
    yearReceived: 0,
    yearClosed: 0,
    yearLost: 0,
  };
  for (const g of groups) {
    const officer = g.officer_key === 0 ? null : g.officer_key;
    byStatus.set(g.status, (byStatus.get(g.status) ?? 0) + g.n);
    const o = byOfficer.get(officer) ?? { open: 0, closed: 0, total: 0 };
    o.total += g.n;
    if (g.status === 'CLOSED') o.closed += g.n;
    else if ((OPEN_STEPS as readonly string[]).includes(g.status)) o.open += g.n;
    byOfficer.set(officer, o);
    if (g.month === thisMonth) t.thisMonth += g.n;
    if (g.month === lastMonth) t.lastMonth += g.n;
    if (g.month >= firstMonth) {
      t.yearReceived += g.n;
      if (g.status === 'CLOSED') t.yearClosed += g.n;
      if (g.status === 'LOST') t.yearLost += g.n;
      const m = perMonthTally.get(g.month) ?? { received: 0, closed: 0 };
      m.received += g.n;
      perMonthTally.set(g.month, m);
    }
  }
  for (const c of closedMonths) {
    const m = perMonthTally.get(c.month) ?? { received: 0, closed: 0 };
    m.closed += c.n;
    perMonthTally.set(c.month, m);
  }
  const perMonth = Array.from({ length: 12 }, (_, i) => monthKey(now, 11 - i)).map((month) => ({
    month,
    received: perMonthTally.get(month)?.received ?? 0,
    closed: perMonthTally.get(month)?.closed ?? 0,
  }));

  const perOfficer: LenderOverview['perOfficer'] = [];
  for (const o of officers) {
    const f = byOfficer.get(o.id);
    // Active officers show even with no referral (a new officer appears at once); inactive ones while they hold some.
    if (f || o.status === 'ACTIVE') {
      perOfficer.push({
        loanOfficerId: o.id,
        name: `${o.first_name} ${o.last_name}`.trim(),
        status: o.status,
        open: f?.open ?? 0,
        closed: f?.closed ?? 0,
        total: f?.total ?? 0,
      });
    }
  }
  perOfficer.sort((x, y) => y.open - x.open || y.total - x.total || x.name.localeCompare(y.name));
  const unassigned = byOfficer.get(null);
  if (unassigned) perOfficer.push({ loanOfficerId: null, name: 'Unassigned', status: null, ...unassigned });
  return {
    receivedThisMonth: t.thisMonth,
    receivedLastMonth: t.lastMonth,
    perMonth,
    byStatus: LENDER_STEPS.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    perOfficer,
    firstContact: {
      received: recent.received_90,
      contacted: recent.contacted_90,
      within24Hours: recent.within_24,
      medianHours: recent.median_hours === null ? null : Math.round(Number(recent.median_hours) * 10) / 10,
    },
    conversion: {
      received: t.yearReceived,
      closed: t.yearClosed,
      lost: t.yearLost,
      rate: t.yearReceived > 0 ? t.yearClosed / t.yearReceived : null,
      receivedFrom: `${firstMonth}-01`,
    },
  };
}

export const lenderOverviewRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/lenders-api/loan-offices/:id{[0-9]+}/stats',
    policy: LENDER_DETAIL_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      assertLoanOffice(c.get('auth').user, id);
      const office = await c.get('db').selectFrom('loan_offices').select('id').where('id', '=', id).executeTakeFirst();
      if (!office) throw notFound('No such loan office');
      return c.json(await lenderOverview(c.get('db'), id, c.get('now')()));
    },
  }),
];
