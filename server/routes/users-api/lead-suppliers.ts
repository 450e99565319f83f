import { sql, type ExpressionBuilder } from 'kysely';
import * as v from 'valibot';

import { ADMIN_ROLES, USER_MANAGER_ROLES } from '../../../src/access/roles.ts';
import type { Page } from '../../../src/contract/common.ts';
import { NewLeadSupplier, type LeadSupplier } from '../../../src/contract/lead-suppliers.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { countOf, likeWildcard, Sort, TextParam } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import { monthBounds, monthOf } from '../agents-api/brokerage-figures.ts';

// Lead suppliers: the supplier-management route's roles read (spec 1 section 6: ADMIN,
// MANAGER, QA_TEAM, CSR_SUPERVISOR); creating one is ADMIN only, as the create route is.
export const SUPPLIER_READERS = USER_MANAGER_ROLES;

const ListQuery = v.object({ ...Paging, name: TextParam(), sort: Sort(['name', 'created'], 'name,ASC') });
const SORT = { name: sql`lower(s.name)`, created: sql`s.created_at` };

/** The supplier rows with ZIP and limit counts and this quarter's IRIS leads. */
function suppliersQuery(db: Db, now: Date) {
  const { quarterStart, quarterEnd } = monthBounds(monthOf(now));
  return db.selectFrom('lead_suppliers as s').select([
    's.id',
    's.name',
    's.created_at',
    sql<number>`(select count(*) from lead_supplier_zip_codes z where z.supplier_id = s.id)::int`.as('zip_count'),
    sql<number>`(select count(*) from lead_supplier_limits l where l.supplier_id = s.id)::int`.as('limit_count'),
    sql<number>`(select count(*) from opportunities o where o.supplier_id = s.id and o.product = 'LEAD_GENIUS'
      and o.created_at >= ${quarterStart} and o.created_at < ${quarterEnd})::int`.as('leads'),
  ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof suppliersQuery>['execute']>>[number];
const view = (r: Row): LeadSupplier => ({
  id: r.id,
  name: r.name,
  zipCount: Number(r.zip_count),
  limitCount: Number(r.limit_count),
  leadsThisQuarter: Number(r.leads),
  created: r.created_at.toISOString(),
});

const nameFilter = (name: string | undefined) => (eb: ExpressionBuilder<Database, 'lead_suppliers'>) =>
  name ? eb(sql`lower(name)`, 'like', likeWildcard(name.toLowerCase())) : eb.lit(true);

/** The supplier or 404. */
export async function supplierOr404(db: Db, id: number): Promise<{ id: number; name: string }> {
  const s = await db.selectFrom('lead_suppliers').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!s) throw notFound('No such lead supplier');
  return s;
}

export const leadSupplierRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/lead-suppliers',
    policy: SUPPLIER_READERS,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const db = c.get('db');
      const [totalElements, rows] = await Promise.all([
        countOf(
          db
            .selectFrom('lead_suppliers')
            .where(nameFilter(q.name))
            .select((eb) => eb.fn.countAll<number>().as('n')),
        ),
        suppliersQuery(db, c.get('now')())
          .where(q.name ? sql<boolean>`lower(s.name) like ${likeWildcard(q.name.toLowerCase())}` : sql<boolean>`true`)
          .orderBy(SORT[q.sort.key], q.sort.desc ? 'desc' : 'asc')
          .orderBy('s.id')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      return c.json({ content: rows.map(view), totalElements } satisfies Page<LeadSupplier>);
    },
  }),
  route({
    method: 'GET',
    path: '/users-api/lead-suppliers/:id{[0-9]+}',
    policy: SUPPLIER_READERS,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const row = await suppliersQuery(c.get('db'), c.get('now')()).where('s.id', '=', id).executeTakeFirst();
      if (!row) throw notFound('No such lead supplier');
      return c.json(view(row) satisfies LeadSupplier);
    },
  }),
  route({
    method: 'POST',
    path: '/users-api/lead-suppliers',
    policy: ADMIN_ROLES,
    handler: async (c) => {
      const { name } = await jsonBody(c, NewLeadSupplier);
      const now = c.get('now')();
      const id = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const taken = await trx
            .selectFrom('lead_suppliers')
            .select('id')
            .where(sql`lower(name)`, '=', name.toLowerCase())
            .executeTakeFirst();
          if (taken)
            throw conflict(`A lead supplier named ${name} already exists`, {
              name: 'A lead supplier with this name already exists',
            });
          const row = await trx
            .insertInto('lead_suppliers')
            .values({ name, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('audit_log')
            .values({
              actor_user_id: c.get('auth').actor.id,
              as_user_id: c.get('auth').user.id,
              action: 'LEAD_SUPPLIER_CREATED',
              detail: `${row.id} ${name}`,
              created_at: now,
            })
            .execute();
          return row.id;
        });
      const row = await suppliersQuery(c.get('db'), now).where('s.id', '=', id).executeTakeFirstOrThrow();
      return c.json(view(row) satisfies LeadSupplier, 201);
    },
  }),
];
