import { notFound } from '../http/errors.ts';
import { assertLoanOffice } from '../http/ownership.ts';
import { route, STAFF, type RouteDef } from '../http/route.ts';
import { IdParams, params } from '../http/validate.ts';

export const lenderRoutes: RouteDef[] = [
  route({
    method: 'GET', path: '/lenders-api/loan-offices/:id{[0-9]+}', policy: [...STAFF, 'LOAN_OFFICE_ADMIN'],
    handler: async (c) => {
      const { id } = params(c, IdParams);
      assertLoanOffice(c.var.auth.user, id);
      const o = await c.var.db.selectFrom('loan_offices').selectAll().where('id', '=', id).executeTakeFirst();
      if (!o) throw notFound('No such loan office');
      return c.json({ id: o.id, name: o.name, status: o.status, email: o.email, phone: o.phone });
    },
  }),
];
