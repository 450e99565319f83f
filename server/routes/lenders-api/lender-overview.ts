import { sql } from 'kysely';
import type { LenderOverview } from '../../../src/contract/lender-overview.ts';
import { LENDER_STEPS, OPEN_STEPS } from '../../../src/lib/lender-steps.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { assertLoanOffice } from '../../http/ownership.ts';
import { route, STAFF_ROLES, type RouteDef } from '../../http/route.ts';
import { IdParams, params } from '../../http/validate.ts';

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

  // Four short statements (PGlite is one session, so fewer round trips is what counts): one pass
  // over the office's referrals for every total, one for the months, one per loan officer.
  const steps = LENDER_STEPS.map((st) => sql<number>`(count(*) filter (where lr.status = ${st}))::int`.as(`s_${st}`));
  const totals = await office.select([
    sql<number>`(count(*) filter (where lr.received_at >= ${monthStart}))::int`.as('this_month'),
    sql<number>`(count(*) filter (where lr.received_at >= ${lastMonthStart} and lr.received_at < ${monthStart}))::int`.as('last_month'),
    sql<number>`(count(*) filter (where lr.received_at >= ${yearStart}))::int`.as('year_received'),
    sql<number>`(count(*) filter (where lr.received_at >= ${yearStart} and lr.status = 'CLOSED'))::int`.as('year_closed'),
    sql<number>`(count(*) filter (where lr.received_at >= ${yearStart} and lr.status = 'LOST'))::int`.as('year_lost'),
    sql<number>`(count(*) filter (where lr.received_at >= ${since90}))::int`.as('received_90'),
    sql<number>`(count(lr.first_contact_at) filter (where lr.received_at >= ${since90}))::int`.as('contacted_90'),
    sql<number>`(count(*) filter (where lr.received_at >= ${since90} and lr.first_contact_at - lr.received_at <= interval '24 hours'))::int`.as('within_24'),
    sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from (lr.first_contact_at - lr.received_at)) / 3600)
      filter (where lr.received_at >= ${since90})`.as('median_hours'),
    ...steps,
  ]).executeTakeFirstOrThrow() as unknown as Record<string, number> & { median_hours: number | null };
  // Received per month of receipt; closed per month of closing.
  const months = await office.where((eb) => eb.or([eb('lr.received_at', '>=', yearStart), eb('lr.closed_at', '>=', yearStart)]))
    .select([
      sql<string>`to_char(lr.received_at at time zone 'UTC', 'YYYY-MM')`.as('received_month'),
      sql<string | null>`to_char(lr.closed_at at time zone 'UTC', 'YYYY-MM')`.as('closed_month'),
    ]).execute();
  const byOfficer = await office.leftJoin('loan_officers as o', 'o.id', 'lr.loan_officer_id')
    .groupBy(['lr.loan_officer_id', 'o.first_name', 'o.last_name', 'o.status'])
    .select([
      'lr.loan_officer_id', 'o.first_name', 'o.last_name', 'o.status',
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where lr.status in (${OPEN})))::int`.as('open'),
      sql<number>`(count(*) filter (where lr.status = 'CLOSED'))::int`.as('closed'),
    ]).execute();
  const active = await db.selectFrom('loan_officers').select(['id', 'first_name', 'last_name', 'status'])
    .where('loan_office_id', '=', officeId).where('status', '=', 'ACTIVE').execute();

  const tally = new Map<string, { received: number; closed: number }>();
  const bump = (month: string, key: 'received' | 'closed') => {
    const t = tally.get(month) ?? { received: 0, closed: 0 };
    t[key] += 1;
    tally.set(month, t);
  };
  for (const m of months) {
    bump(m.received_month, 'received');
    if (m.closed_month) bump(m.closed_month, 'closed');
  }
  const perMonth = Array.from({ length: 12 }, (_, i) => monthKey(now, 11 - i))
    .map((month) => ({ month, received: tally.get(month)?.received ?? 0, closed: tally.get(month)?.closed ?? 0 }));
  const perOfficer: LenderOverview['perOfficer'] = byOfficer.filter((o) => o.loan_officer_id !== null).map((o) => ({
    loanOfficerId: o.loan_officer_id, name: `${o.first_name ?? ''} ${o.last_name ?? ''}`.trim(), status: o.status ?? null,
    open: o.open, closed: o.closed, total: o.total,
  }));
  // Active officers without referrals show with zeros, so a new officer appears at once.
  for (const o of active) {
    if (!perOfficer.some((p) => p.loanOfficerId === o.id)) {
      perOfficer.push({ loanOfficerId: o.id, name: `${o.first_name} ${o.last_name}`, status: o.status, open: 0, closed: 0, total: 0 });
    }
  }
  perOfficer.sort((x, y) => y.open - x.open || y.total - x.total || x.name.localeCompare(y.name));
  const unassigned = byOfficer.find((o) => o.loan_officer_id === null);
  if (unassigned) perOfficer.push({ loanOfficerId: null, name: 'Unassigned', status: null, open: unassigned.open, closed: unassigned.closed, total: unassigned.total });
  const n = (key: string) => Number(totals[key] ?? 0);
  return {
    receivedThisMonth: n('this_month'),
    receivedLastMonth: n('last_month'),
    perMonth,
    byStatus: LENDER_STEPS.map((status) => ({ status, count: n(`s_${status}`) })),
    perOfficer,
    firstContact: {
      received: n('received_90'), contacted: n('contacted_90'), within24Hours: n('within_24'),
      medianHours: totals.median_hours === null ? null : Math.round(Number(totals.median_hours) * 10) / 10,
    },
    conversion: {
      received: n('year_received'), closed: n('year_closed'), lost: n('year_lost'),
      rate: n('year_received') > 0 ? n('year_closed') / n('year_received') : null,
    },
  };
}

export const lenderOverviewRoutes: RouteDef[] = [
  route({
    method: 'GET', path: '/lenders-api/loan-offices/:id{[0-9]+}/stats', policy: [...STAFF_ROLES, 'LOAN_OFFICE_ADMIN'],
    handler: async (c) => {
      const { id } = params(c, IdParams);
      assertLoanOffice(c.var.auth.user, id);
      const office = await c.var.db.selectFrom('loan_offices').select('id').where('id', '=', id).executeTakeFirst();
      if (!office) throw notFound('No such loan office');
      return c.json(await lenderOverview(c.var.db, id, c.var.now()));
    },
  }),
];
