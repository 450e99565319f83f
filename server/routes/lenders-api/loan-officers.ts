import { sql, type Kysely } from 'kysely';
import * as v from 'valibot';

import { LENDER_DETAIL_ROLES, LENDER_LIST_ROLES, LENDER_WRITE_ROLES, STAFF_ROLES } from '../../../src/access/roles.ts';
import { enumLabel } from '../../../src/contract/labels.ts';
import {
  LoanOfficerEdit,
  LoanOfficerStatusChange,
  NewLoanOfficer,
  type LoanOfficerDetail,
  type LoanOfficerRow,
  type OfficerFigures,
} from '../../../src/contract/loan-officers.ts';
import { OPEN_STEPS } from '../../../src/lib/lender-steps.ts';
import { phoneForPost } from '../../../src/lib/validation.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { csvResponse } from '../../http/csv.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { isProviderUser, missing } from '../../http/ownership.ts';
import { countOf, IdParam, likeWildcard, Sort, TextParam } from '../../http/paging.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import { assertOfficeWrite, lenderScope, type LenderScope } from './lender-scope.ts';

// GET and POST /lenders-api/loan-officers, GET /lenders-api/loan-officers/{id} (spec 2 section 7,
// default sort lastName,ASC), PUT .../{id} (edit), PUT .../{id}/status (deactivate, reactivate) and
// GET .../export.csv (the filtered list as CSV). Roles: spec 1
// section 6, my-loan-officers list and view/:id; writes by the office's admin
// (docs/decisions/0013-lender-referrals-steps-and-access.md).

const OfficersQuery = v.object({
  ...Paging,
  loanOfficeId: IdParam,
  /** Searches name, email and NMLS id. */
  name: TextParam(),
  status: v.optional(v.picklist(['ACTIVE', 'INACTIVE'], 'status must be ACTIVE or INACTIVE')),
  sort: Sort(['lastName', 'firstName', 'created', 'status'], 'lastName,ASC'),
});
const OFFICER_SORT = {
  lastName: sql`lower(o.last_name)`,
  firstName: sql`lower(o.first_name)`,
  created: sql`o.created_at`,
  status: sql`o.status`,
};
const OPEN = sql.join(OPEN_STEPS.map((s) => sql.lit(s)));

const officers = (db: Kysely<Database>) =>
  db
    .selectFrom('loan_officers as o')
    .innerJoin('loan_offices as lo', 'lo.id', 'o.loan_office_id')
    .selectAll('o')
    .select('lo.name as office_name');
type OfficerRow = Awaited<ReturnType<ReturnType<typeof officers>['execute']>>[number];

const NO_FIGURES: OfficerFigures = { referrals: 0, open: 0, closed: 0, lastReceived: null };

/** Referral counts per officer, limited to a brokerage's referrals for a brokerage admin. */
async function figuresOf(
  db: Db,
  officerIds: number[],
  brokerageId: number | undefined,
): Promise<Map<number, OfficerFigures>> {
  if (officerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lender_referrals as lr')
    .where('lr.loan_officer_id', 'in', officerIds)
    .$if(brokerageId !== undefined, (qb) => qb.where('lr.brokerage_id', '=', brokerageId ?? -1))
    .groupBy('lr.loan_officer_id')
    .select([
      'lr.loan_officer_id',
      sql<number>`count(*)::int`.as('referrals'),
      sql<number>`(count(*) filter (where lr.status in (${OPEN})))::int`.as('open'),
      sql<number>`(count(*) filter (where lr.status = 'CLOSED'))::int`.as('closed'),
      sql<Date | null>`max(lr.received_at)`.as('last_received'),
    ])
    .execute();
  return new Map(
    rows.map((r) => [
      r.loan_officer_id ?? 0,
      {
        referrals: r.referrals,
        open: r.open,
        closed: r.closed,
        lastReceived: r.last_received ? new Date(r.last_received).toISOString() : null,
      },
    ]),
  );
}

const rowView = (o: OfficerRow, figures: OfficerFigures | undefined): LoanOfficerRow => ({
  id: o.id,
  loanOfficeId: o.loan_office_id,
  loanOfficeName: o.office_name,
  firstName: o.first_name,
  lastName: o.last_name,
  email: o.email,
  phone: o.phone,
  nmls: o.nmls,
  created: o.created_at.toISOString(),
  status: o.status,
  figures: figures ?? NO_FIGURES,
});

/** One officer with their figures; 404 for staff, 403 for anyone else when not theirs or missing. */
export async function loanOfficerDetail(db: Db, c: AppContext, id: number): Promise<LoanOfficerDetail> {
  const { user } = c.get('auth');
  const o = await officers(db).where('o.id', '=', id).executeTakeFirst();
  if (!o) throw missing(user, 'loan officer', 'loan officer');
  if (!isProviderUser(user) && user.loanOfficeId !== o.loan_office_id)
    throw missing(user, 'loan officer', 'loan officer');
  const [figures, speed] = await Promise.all([
    figuresOf(db, [id], undefined),
    db
      .selectFrom('lender_referrals as lr')
      .where('lr.loan_officer_id', '=', id)
      .select([
        sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (lr.first_contact_at - lr.received_at)) / 3600)`.as(
          'median_hours',
        ),
        sql<number>`(count(*) filter (where lr.status = 'CLOSED'))::int`.as('closed'),
        sql<number>`(count(*) filter (where lr.status in ('CLOSED', 'LOST')))::int`.as('decided'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...rowView(o, figures.get(id)),
    deactivated: o.deactivated_at ? o.deactivated_at.toISOString() : null,
    medianHoursToContact: speed.median_hours === null ? null : Math.round(Number(speed.median_hours) * 10) / 10,
    conversionRate: speed.decided > 0 ? speed.closed / speed.decided : null,
  };
}

type OfficersFilter = Omit<v.InferOutput<typeof OfficersQuery>, 'pageIndex' | 'pageSize' | 'sort'>;

/** The ids of the officers a list (or its export) shows: the user's scope, then the filters. */
const officerIds = (db: Db, scope: LenderScope, q: OfficersFilter) =>
  db
    .selectFrom('loan_officers as o')
    .$if(scope.officeId !== undefined, (qb) => qb.where('o.loan_office_id', '=', scope.officeId ?? -1))
    .$if(q.status !== undefined, (qb) => qb.where('o.status', '=', q.status ?? 'ACTIVE'))
    .$if(Boolean(q.name), (qb) => {
      const like = likeWildcard((q.name ?? '').toLowerCase());
      return qb.where((eb) =>
        eb.or([
          eb(sql`lower(concat_ws(' ', o.first_name, o.last_name))`, 'like', like),
          eb(sql`lower(coalesce(o.email, ''))`, 'like', like),
          eb(sql`coalesce(o.nmls, '')`, 'like', like),
        ]),
      );
    })
    // A brokerage admin sees the officers their brokerage's referrals went to.
    .$if(scope.brokerageId !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('lender_referrals as lr')
            .select('lr.id')
            .whereRef('lr.loan_officer_id', '=', 'o.id')
            .where('lr.brokerage_id', '=', scope.brokerageId ?? -1),
        ),
      ),
    )
    .select('o.id');

async function listOfficers(c: AppContext) {
  const q = query(c, OfficersQuery);
  const scope: LenderScope = lenderScope(c.get('auth').user, q.loanOfficeId);
  const db = c.get('db');
  const [totalElements, rows] = await Promise.all([
    countOf(db.selectFrom(officerIds(db, scope, q).as('f')).select((eb) => eb.fn.countAll<number>().as('n'))),
    officers(db)
      .where('o.id', 'in', officerIds(db, scope, q))
      .orderBy(OFFICER_SORT[q.sort.key], q.sort.desc ? 'desc' : 'asc')
      .orderBy('o.id')
      .offset(q.pageIndex * q.pageSize)
      .limit(q.pageSize)
      .execute(),
  ]);
  const figures = await figuresOf(
    db,
    rows.map((r) => r.id),
    scope.brokerageId,
  );
  return c.json({ content: rows.map((o) => rowView(o, figures.get(o.id))), totalElements });
}

const ExportQuery = v.object({ loanOfficeId: IdParam, name: TextParam(), status: OfficersQuery.entries.status });

/** The filtered list as CSV (the list's columns), in batches by id, figures scoped as on the list. */
async function exportOfficers(c: AppContext) {
  const q = query(c, ExportQuery);
  const scope = lenderScope(c.get('auth').user, q.loanOfficeId);
  const db = c.get('db');
  return csvResponse(c, 'loan-officers', q, {
    header: [
      'Id',
      'First Name',
      'Last Name',
      'Loan Office',
      'NMLS ID',
      'Email',
      'Phone',
      'Status',
      'Open Referrals',
      'Closed Loans',
      'Referrals',
      'Added',
    ],
    batch: async (after, size) => {
      const rows = await officers(db)
        .where('o.id', 'in', officerIds(db, scope, q))
        .$if(after !== undefined, (qb) => qb.where('o.id', '>', after ?? 0))
        .orderBy('o.id')
        .limit(size)
        .execute();
      const figures = await figuresOf(
        db,
        rows.map((r) => r.id),
        scope.brokerageId,
      );
      return rows.map((o) => ({ o, f: figures.get(o.id) ?? NO_FIGURES }));
    },
    cursor: (r) => r.o.id,
    cells: ({ o, f }) => [
      o.id,
      o.first_name,
      o.last_name,
      o.office_name,
      o.nmls,
      o.email,
      o.phone,
      enumLabel('loanOfficerStatus', o.status),
      f.open,
      f.closed,
      f.referrals,
      o.created_at,
    ],
  });
}

export const loanOfficerRoutes: RouteDef[] = [
  // The list serves my-loan-officers (spec 1 section 6) and the staff lender view (lenders view/:id, all staff).
  route({
    method: 'GET',
    path: '/lenders-api/loan-officers',
    policy: [...STAFF_ROLES, ...LENDER_LIST_ROLES],
    handler: listOfficers,
  }),
  route({
    method: 'GET',
    path: '/lenders-api/loan-officers/export.csv',
    policy: [...STAFF_ROLES, ...LENDER_LIST_ROLES],
    handler: exportOfficers,
  }),
  route({
    method: 'GET',
    path: '/lenders-api/loan-officers/:id{[0-9]+}',
    policy: LENDER_DETAIL_ROLES,
    handler: async (c) => c.json(await loanOfficerDetail(c.get('db'), c, params(c, IdParams).id)),
  }),
  route({
    method: 'POST',
    path: '/lenders-api/loan-officers',
    policy: LENDER_WRITE_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, NewLoanOfficer);
      const { user } = c.get('auth');
      const officeId = body.loanOfficeId ?? (isProviderUser(user) ? undefined : (user.loanOfficeId ?? undefined));
      if (officeId === undefined)
        throw badRequest('The request body is not valid', { loanOfficeId: 'A loan office is required' });
      assertOfficeWrite(user, officeId);
      const created = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const office = await trx
            .selectFrom('loan_offices')
            .select('id')
            .where('id', '=', officeId)
            .executeTakeFirst();
          if (!office) throw missing(user, 'loan office');
          const taken = await trx
            .selectFrom('loan_officers')
            .select('id')
            .where('loan_office_id', '=', officeId)
            .where(sql`lower(email)`, '=', body.email)
            .executeTakeFirst();
          if (taken)
            throw conflict('A loan officer with this email already exists', {
              email: 'A loan officer with this email already exists',
            });
          const row = await trx
            .insertInto('loan_officers')
            .values({
              loan_office_id: officeId,
              first_name: body.firstName,
              last_name: body.lastName,
              email: body.email,
              phone: phoneForPost(body.phone),
              nmls: body.nmls,
              created_at: c.get('now')(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return loanOfficerDetail(trx, c, row.id);
        });
      return c.json(created, 201);
    },
  }),
  route({
    method: 'PUT',
    path: '/lenders-api/loan-officers/:id{[0-9]+}',
    policy: LENDER_WRITE_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const body = await jsonBody(c, LoanOfficerEdit);
      const { user } = c.get('auth');
      const result = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const o = await trx
            .selectFrom('loan_officers')
            .select(['id', 'loan_office_id'])
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!o) throw missing(user, 'loan officer');
          assertOfficeWrite(user, o.loan_office_id);
          const taken = await trx
            .selectFrom('loan_officers')
            .select('id')
            .where('loan_office_id', '=', o.loan_office_id)
            .where(sql`lower(email)`, '=', body.email)
            .where('id', '<>', id)
            .executeTakeFirst();
          if (taken)
            throw conflict('A loan officer with this email already exists', {
              email: 'A loan officer with this email already exists',
            });
          await trx
            .updateTable('loan_officers')
            .set({
              first_name: body.firstName,
              last_name: body.lastName,
              email: body.email,
              phone: phoneForPost(body.phone),
              nmls: body.nmls,
            })
            .where('id', '=', id)
            .execute();
          return loanOfficerDetail(trx, c, id);
        });
      return c.json(result satisfies LoanOfficerDetail);
    },
  }),
  route({
    method: 'PUT',
    path: '/lenders-api/loan-officers/:id{[0-9]+}/status',
    policy: LENDER_WRITE_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { status } = await jsonBody(c, LoanOfficerStatusChange);
      const { user } = c.get('auth');
      const now = c.get('now')();
      const result = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const o = await trx
            .selectFrom('loan_officers')
            .select(['id', 'loan_office_id', 'status'])
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!o) throw missing(user, 'loan officer');
          assertOfficeWrite(user, o.loan_office_id);
          if (o.status !== status) {
            await trx
              .updateTable('loan_officers')
              .set({ status, deactivated_at: status === 'INACTIVE' ? now : null })
              .where('id', '=', id)
              .execute();
            if (status === 'INACTIVE') {
              // A deactivated officer's open referrals go back to the office's unassigned queue, so
              // none waits on someone who has left; the history says why.
              const released = await trx
                .updateTable('lender_referrals')
                .set({ loan_officer_id: null, updated_at: now })
                .where('loan_officer_id', '=', id)
                .where('status', 'in', [...OPEN_STEPS])
                .returning('id')
                .execute();
              if (released.length > 0) {
                await trx
                  .insertInto('lender_referral_events')
                  .values(
                    released.map((r) => ({
                      lender_referral_id: r.id,
                      type: 'UNASSIGNED' as const,
                      loan_officer_id: id,
                      detail: 'Loan officer deactivated',
                      actor_user_id: c.get('auth').actor.id,
                      created_at: now,
                    })),
                  )
                  .execute();
              }
            }
          }
          return loanOfficerDetail(trx, c, id);
        });
      return c.json(result);
    },
  }),
];
