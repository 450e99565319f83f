import type { Page } from '../../../src/contract/common.ts';
import { sql } from 'kysely';
import * as v from 'valibot';
import type { LoanOfficer, LoanOfficeSummary, LoanOffice } from '../../../src/contract/lenders.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { assertLoanOffice, isProviderUser } from '../../http/ownership.ts';
import { route, STAFF_ROLES, type RouteDef } from '../../http/route.ts';
import { IdParams, Paging, params, query } from '../../http/validate.ts';
import { countOf, IdParam, likeWildcard, Sort, TextParam } from '../../http/paging.ts';

// Loan offices and their loan officers. Staff see every office; a loan-office admin only their own
// (spec 1 section 6: the lenders list and my-loan-officers admit LOAN_OFFICE_ADMIN).
const LENDER_READERS = [...STAFF_ROLES, 'LOAN_OFFICE_ADMIN'] as const;

const OfficesQuery = v.object({ ...Paging, name: TextParam(), sort: Sort(['name', 'created'], 'name,ASC') });
const OfficersQuery = v.object({
  ...Paging, loanOfficeId: IdParam, name: TextParam(), sort: Sort(['lastName', 'firstName', 'created'], 'lastName,ASC'),
});
const OFFICER_SORT = { lastName: sql`lower(o.last_name)`, firstName: sql`lower(o.first_name)`, created: sql`o.created_at` };

const officers = (db: Db) => db.selectFrom('loan_officers as o').innerJoin('loan_offices as lo', 'lo.id', 'o.loan_office_id')
  .selectAll('o').select('lo.name as office_name');
type OfficerRow = Awaited<ReturnType<ReturnType<typeof officers>['execute']>>[number];
const officerView = (o: OfficerRow): LoanOfficer => ({
  id: o.id, loanOfficeId: o.loan_office_id, loanOfficeName: o.office_name, firstName: o.first_name, lastName: o.last_name,
  email: o.email, phone: o.phone, nmls: o.nmls, created: o.created_at.toISOString(),
});

export const lenderRoutes: RouteDef[] = [
  route({
    method: 'GET', path: '/lenders-api/loan-offices/:id{[0-9]+}', policy: LENDER_READERS,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      assertLoanOffice(c.var.auth.user, id);
      const o = await c.var.db.selectFrom('loan_offices').selectAll().where('id', '=', id).executeTakeFirst();
      if (!o) throw notFound('No such loan office');
      return c.json({ id: o.id, name: o.name, status: o.status, email: o.email, phone: o.phone } satisfies LoanOffice);
    },
  }),
  route({
    method: 'GET', path: '/lenders-api/loan-offices', policy: LENDER_READERS,
    handler: async (c) => {
      const q = query(c, OfficesQuery);
      const { user } = c.var.auth;
      const own = isProviderUser(user) ? undefined : (user.loanOfficeId ?? -1);
      const filtered = () => c.var.db.selectFrom('loan_offices')
        .$if(own !== undefined, (qb) => qb.where('id', '=', own ?? -1))
        .$if(Boolean(q.name), (qb) => qb.where(sql`lower(name)`, 'like', likeWildcard((q.name ?? '').toLowerCase())));
      const [totalElements, rows] = await Promise.all([
        countOf(filtered().select((eb) => eb.fn.countAll<number>().as('n'))),
        filtered().selectAll()
          .select(sql<number>`(select count(*) from loan_officers x where x.loan_office_id = loan_offices.id)::int`.as('officer_count'))
          .orderBy(q.sort.key === 'name' ? sql`lower(name)` : sql`created_at`, q.sort.desc ? 'desc' : 'asc').orderBy('id')
          .offset(q.pageIndex * q.pageSize).limit(q.pageSize).execute(),
      ]);
      const content = rows.map((o): LoanOfficeSummary => ({
        id: o.id, name: o.name, status: o.status, email: o.email, phone: o.phone, loanOfficerCount: o.officer_count,
        created: o.created_at.toISOString(),
      }));
      return c.json({ content, totalElements } satisfies Page<LoanOfficeSummary>);
    },
  }),
  route({
    method: 'GET', path: '/lenders-api/loan-officers', policy: LENDER_READERS,
    handler: async (c) => {
      const q = query(c, OfficersQuery);
      const { user } = c.var.auth;
      // A loan-office admin lists their own office's officers, with or without the parameter.
      const officeId = isProviderUser(user) ? q.loanOfficeId : (q.loanOfficeId ?? user.loanOfficeId ?? -1);
      if (officeId !== undefined) assertLoanOffice(user, officeId);
      const filtered = () => c.var.db.selectFrom('loan_officers as o')
        .$if(officeId !== undefined, (qb) => qb.where('o.loan_office_id', '=', officeId ?? -1))
        .$if(Boolean(q.name), (qb) => qb.where(sql`lower(concat_ws(' ', o.first_name, o.last_name))`, 'like', likeWildcard((q.name ?? '').toLowerCase())))
        .select('o.id');
      const [totalElements, rows] = await Promise.all([
        countOf(c.var.db.selectFrom(filtered().as('f')).select((eb) => eb.fn.countAll<number>().as('n'))),
        officers(c.var.db).where('o.id', 'in', filtered())
          .orderBy(OFFICER_SORT[q.sort.key], q.sort.desc ? 'desc' : 'asc').orderBy('o.id')
          .offset(q.pageIndex * q.pageSize).limit(q.pageSize).execute(),
      ]);
      return c.json({ content: rows.map(officerView), totalElements } satisfies Page<LoanOfficer>);
    },
  }),
  route({
    method: 'GET', path: '/lenders-api/loan-officers/:id{[0-9]+}', policy: LENDER_READERS,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const o = await officers(c.var.db).where('o.id', '=', id).executeTakeFirst();
      if (!o) throw notFound('No such loan officer');
      assertLoanOffice(c.var.auth.user, o.loan_office_id);
      return c.json(officerView(o) satisfies LoanOfficer);
    },
  }),
];
