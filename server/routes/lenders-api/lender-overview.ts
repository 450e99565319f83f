import { sql } from 'kysely';
import type { LenderOverview } from '../../../src/contract/lender-overview.ts';
import { LENDER_STEPS, OPEN_STEPS } from '../../../src/lib/lender-steps.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { assertLoanOffice } from '../../http/ownership.ts';
import { route, STAFF, type RouteDef } from '../../http/route.ts';
import { IdParams, params } from '../../http/validate.ts';
import '../../db/schema-lender-console.ts';

// GET /lenders-api/loan-offices/{id}/stats: the loan office's overview (issue 13), every figure
// counted by SQL from lender_referrals. The overview admits the loan office's admin and staff
// (spec 2 section 2, /console); staff who are not impersonating may read any office's figures.

const OPEN = sql.join(OPEN_STEPS.map((s) => sql.lit(s)));
const DAY_MS = 86_400_000;

/** 'YYYY-MM' of the UTC month `back` months before `now`'s. */
const monthKey = (now: Date, back: number) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
};

export async function lenderOverview(db: Db, officeId: number, now: Date): Promise<LenderOverview> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const yearStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const since90 = new Date(now.getTime() - 90 * DAY_MS);
  const office = db.selectFrom('lender_referrals as lr').where('lr.loan_office_id', '=', officeId);

  const [totals, months, statuses, officers, contact] = await Promise.all([
    office.select([
      sql<number>`(count(*) filter (where lr.received_at >= ${monthStart}))::int`.as('this_month'),
      sql<number>`(count(*) filter (where lr.received_at >= ${lastMonthStart} and lr.received_at < ${monthStart}))::int`.as('last_month'),
      sql<number>`(count(*) filter (where lr.received_at >= ${yearStart}))::int`.as('year_received'),
      sql<number>`(count(*) filter (where lr.received_at >= ${yearStart} and lr.status = 'CLOSED'))::int`.as('year_closed'),
      sql<number>`(count(*) filter (where lr.received_at >= ${yearStart} and lr.status = 'LOST'))::int`.as('year_lost'),
    ]).executeTakeFirstOrThrow(),
    // Received per month of receipt; closed per month of closing.
    db.selectFrom(office.where('lr.received_at', '>=', yearStart)
      .select(sql<string>`to_char(lr.received_at at time zone 'UTC', 'YYYY-MM')`.as('month')).select(sql<string>`'received'`.as('kind'))
      .unionAll(office.where('lr.closed_at', '>=', yearStart)
        .select(sql<string>`to_char(lr.closed_at at time zone 'UTC', 'YYYY-MM')`.as('month')).select(sql<string>`'closed'`.as('kind')))
      .as('m'))
      .select(['m.month', 'm.kind', sql<number>`count(*)::int`.as('n')]).groupBy(['m.month', 'm.kind']).execute(),
    office.groupBy('lr.status').select(['lr.status', sql<number>`count(*)::int`.as('n')]).execute(),
    db.selectFrom('loan_officers as o')
      .leftJoin('lender_referrals as lr', 'lr.loan_officer_id', 'o.id')
      .where('o.loan_office_id', '=', officeId)
      .groupBy(['o.id', 'o.first_name', 'o.last_name', 'o.status'])
      .select([
        'o.id', 'o.first_name', 'o.last_name', 'o.status',
        sql<number>`count(lr.id)::int`.as('total'),
        sql<number>`(count(lr.id) filter (where lr.status in (${OPEN})))::int`.as('open'),
        sql<number>`(count(lr.id) filter (where lr.status = 'CLOSED'))::int`.as('closed'),
      ]).execute(),
    office.where('lr.received_at', '>=', since90).select([
      sql<number>`count(*)::int`.as('received'),
      sql<number>`count(lr.first_contact_at)::int`.as('contacted'),
      sql<number>`(count(*) filter (where lr.first_contact_at - lr.received_at <= interval '24 hours'))::int`.as('within_24'),
      sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from (lr.first_contact_at - lr.received_at)) / 3600)`.as('median_hours'),
    ]).executeTakeFirstOrThrow(),
  ]);

  const unassigned = await office.where('lr.loan_officer_id', 'is', null).select([
    sql<number>`count(*)::int`.as('total'),
    sql<number>`(count(*) filter (where lr.status in (${OPEN})))::int`.as('open'),
    sql<number>`(count(*) filter (where lr.status = 'CLOSED'))::int`.as('closed'),
  ]).executeTakeFirstOrThrow();

  const count = (month: string, kind: string) => months.find((m) => m.month === month && m.kind === kind)?.n ?? 0;
  const perMonth = Array.from({ length: 12 }, (_, i) => monthKey(now, 11 - i))
    .map((month) => ({ month, received: count(month, 'received'), closed: count(month, 'closed') }));
  const perOfficer = officers
    .filter((o) => o.status === 'ACTIVE' || o.total > 0)
    .map((o) => ({ loanOfficerId: o.id as number | null, name: `${o.first_name} ${o.last_name}`, status: o.status as string | null, open: o.open, closed: o.closed, total: o.total }))
    .sort((a, b) => b.open - a.open || b.total - a.total || a.name.localeCompare(b.name));
  if (unassigned.total > 0) perOfficer.push({ loanOfficerId: null, name: 'Unassigned', status: null, ...unassigned });
  return {
    receivedThisMonth: totals.this_month,
    receivedLastMonth: totals.last_month,
    perMonth,
    byStatus: LENDER_STEPS.map((status) => ({ status, count: statuses.find((s) => s.status === status)?.n ?? 0 })),
    perOfficer,
    firstContact: {
      received: contact.received, contacted: contact.contacted, within24Hours: contact.within_24,
      medianHours: contact.median_hours === null ? null : Math.round(Number(contact.median_hours) * 10) / 10,
    },
    conversion: {
      received: totals.year_received, closed: totals.year_closed, lost: totals.year_lost,
      rate: totals.year_received > 0 ? totals.year_closed / totals.year_received : null,
    },
  };
}

export const lenderOverviewRoutes: RouteDef[] = [
  route({
    method: 'GET', path: '/lenders-api/loan-offices/:id{[0-9]+}/stats', policy: [...STAFF, 'LOAN_OFFICE_ADMIN'],
    handler: async (c) => {
      const { id } = params(c, IdParams);
      assertLoanOffice(c.var.auth.user, id);
      const office = await c.var.db.selectFrom('loan_offices').select('id').where('id', '=', id).executeTakeFirst();
      if (!office) throw notFound('No such loan office');
      return c.json(await lenderOverview(c.var.db, id, c.var.now()));
    },
  }),
];
