import type { Db } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { assertBrokerage } from '../http/ownership.ts';
import { route, STAFF, type RouteDef } from '../http/route.ts';
import { IdParams, params } from '../http/validate.ts';

export const hasLeadGenius = (family: string) => family === 'COMBINED' || family === 'LEAD_GENIUS';

export async function brokerageView(db: Db, id: number) {
  const b = await db.selectFrom('brokerages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!b) throw notFound('No such brokerage');
  return {
    id: b.id,
    name: b.name,
    status: b.status,
    product: [{ productFamily: b.product_family }],
    email: b.email,
    phone: b.phone,
    city: b.city,
    state: b.state,
    quarterlyCap: b.quarterly_cap,
    boost: { enabled: b.boost_enabled, boostPercentage: b.boost_percentage },
    created: b.created_at.toISOString(),
  };
}

export const brokerageRoutes: RouteDef[] = [
  route({
    method: 'GET', path: '/agents-api/brokerages/:id{[0-9]+}', policy: [...STAFF, 'CSR', 'BROKERAGE_ADMIN'],
    handler: async (c) => {
      const { id } = params(c, IdParams);
      assertBrokerage(c.var.auth.user, id);
      return c.json(await brokerageView(c.var.db, id));
    },
  }),
];
