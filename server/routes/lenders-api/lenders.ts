import { sql } from 'kysely';
import * as v from 'valibot';

import { LENDER_DETAIL_ROLES } from '../../../src/access/roles.ts';
import type { Page } from '../../../src/contract/common.ts';
import type { LoanOffice, LoanOfficeSummary } from '../../../src/contract/lenders.ts';
import { notFound } from '../../http/errors.ts';
import { assertLoanOffice, isProviderUser } from '../../http/ownership.ts';
import { countOf, likeWildcard, Sort, TextParam } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, Paging, params, query } from '../../http/validate.ts';

// Loan offices; their loan officers are in loan-officers.ts. Staff see every office; a loan-office admin only their own
// (spec 1 section 6: the lenders list and my-loan-officers admit LOAN_OFFICE_ADMIN).

const OfficesQuery = v.object({ ...Paging, name: TextParam(), sort: Sort(['name', 'created'], 'name,ASC') });
export const lenderRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/lenders-api/loan-offices/:id{[0-9]+}',
    policy: LENDER_DETAIL_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      assertLoanOffice(c.get('auth').user, id);
      const o = await c.get('db').selectFrom('loan_offices').selectAll().where('id', '=', id).executeTakeFirst();
      if (!o) throw notFound('No such loan office');
      return c.json({ id: o.id, name: o.name, status: o.status, email: o.email, phone: o.phone } satisfies LoanOffice);
    },
  }),
  route({
    method: 'GET',
    path: '/lenders-api/loan-offices',
    policy: LENDER_DETAIL_ROLES,
    handler: async (c) => {
      const q = query(c, OfficesQuery);
      const { user } = c.get('auth');
      const own = isProviderUser(user) ? undefined : (user.loanOfficeId ?? -1);
      const filtered = () =>
        c
          .get('db')
          .selectFrom('loan_offices')
          .$if(own !== undefined, (qb) => qb.where('id', '=', own ?? -1))
          .$if(Boolean(q.name), (qb) => qb.where(sql`lower(name)`, 'like', likeWildcard((q.name ?? '').toLowerCase())));
      const [totalElements, rows] = await Promise.all([
        countOf(filtered().select((eb) => eb.fn.countAll<number>().as('n'))),
        filtered()
          .selectAll()
          .select(
            sql<number>`(select count(*) from loan_officers x where x.loan_office_id = loan_offices.id)::int`.as(
              'officer_count',
            ),
          )
          .orderBy(q.sort.key === 'name' ? sql`lower(name)` : sql`created_at`, q.sort.desc ? 'desc' : 'asc')
          .orderBy('id')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const content = rows.map((o): LoanOfficeSummary => ({
        id: o.id,
        name: o.name,
        status: o.status,
        email: o.email,
        phone: o.phone,
        loanOfficerCount: o.officer_count,
        created: o.created_at.toISOString(),
      }));
      return c.json({ content, totalElements } satisfies Page<LoanOfficeSummary>);
    },
  }),
];
