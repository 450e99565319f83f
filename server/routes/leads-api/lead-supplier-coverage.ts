import { sql } from 'kysely';
import * as v from 'valibot';

import { ADMIN_ROLES } from '../../../src/access/roles.ts';
import type { Page } from '../../../src/contract/common.ts';
import {
  BulkLeadSupplierZips,
  NewLeadSupplierLimit,
  NewLeadSupplierZip,
  parseZipList,
  PatchLeadSupplierLimit,
  Zip,
  type BulkZipResult,
  type LeadSupplierLimit,
  type LeadSupplierZip,
} from '../../../src/contract/lead-suppliers.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { IdParam } from '../../http/paging.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import { monthBounds, monthOf } from '../agents-api/brokerage-figures.ts';
import { SUPPLIER_READERS, supplierOr404 } from '../users-api/lead-suppliers.ts';

// lead-supplier-zip-codes and lead-supplier-limit (spec 2 section 7). Read by the
// supplier-management roles, written by ADMIN (docs/decisions/0017-lead-supplier-limits-are-the-cap.md).

const ZipQuery = v.object({
  ...Paging,
  supplierId: IdParam,
  zip: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{0,5}$/, 'must be up to 5 digits'))),
});
const ZipParams = v.object({ supplierId: Id, zip: Zip });
const LimitQuery = v.object({ supplierId: IdParam });

const required = (id: number | undefined): number => {
  if (id === undefined) throw badRequest('The query is not valid', { supplierId: 'is required' });
  return id;
};

const audit = (db: Db, c: AppContext, action: string, detail: string) =>
  db
    .insertInto('audit_log')
    .values({
      actor_user_id: c.get('auth').actor.id,
      as_user_id: c.get('auth').user.id,
      action,
      detail,
      created_at: c.get('now')(),
    })
    .execute();

/** The supplier's limits with each brokerage's intake from it this quarter. */
async function limitsOf(db: Db, now: Date, where: { supplierId?: number; id?: number }): Promise<LeadSupplierLimit[]> {
  const { quarterStart, quarterEnd } = monthBounds(monthOf(now));
  const rows = await db
    .selectFrom('lead_supplier_limits as l')
    .innerJoin('brokerages as b', 'b.id', 'l.brokerage_id')
    .select([
      'l.id',
      'l.supplier_id',
      'l.brokerage_id',
      'b.name',
      'l.quarterly_cap',
      'l.updated_at',
      sql<number>`(select count(*) from opportunities o where o.supplier_id = l.supplier_id and o.brokerage_id = l.brokerage_id
        and o.product = 'LEAD_GENIUS' and o.created_at >= ${quarterStart} and o.created_at < ${quarterEnd})::int`.as(
        'intake',
      ),
    ])
    .$if(where.supplierId !== undefined, (q) => q.where('l.supplier_id', '=', where.supplierId ?? 0))
    .$if(where.id !== undefined, (q) => q.where('l.id', '=', where.id ?? 0))
    .orderBy(sql`lower(b.name)`)
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    supplierId: r.supplier_id,
    brokerageId: r.brokerage_id,
    brokerageName: r.name,
    quarterlyCap: r.quarterly_cap,
    quarterIngestedCount: Number(r.intake),
    updated: r.updated_at.toISOString(),
  }));
}

export const leadSupplierCoverageRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/leads-api/lead-supplier-zip-codes',
    policy: SUPPLIER_READERS,
    handler: async (c) => {
      const q = query(c, ZipQuery);
      const supplierId = required(q.supplierId);
      await supplierOr404(c.get('db'), supplierId);
      const base = c
        .get('db')
        .selectFrom('lead_supplier_zip_codes')
        .where('supplier_id', '=', supplierId)
        .$if(!!q.zip, (qb) => qb.where('zip', 'like', `${q.zip ?? ''}%`));
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .select(['supplier_id', 'zip', 'created_at'])
          .orderBy('zip')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const content = rows.map((r) => ({ supplierId: r.supplier_id, zip: r.zip, created: r.created_at.toISOString() }));
      return c.json({ content, totalElements: Number(count.n) } satisfies Page<LeadSupplierZip>);
    },
  }),
  route({
    method: 'POST',
    path: '/leads-api/lead-supplier-zip-codes',
    policy: ADMIN_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, NewLeadSupplierZip);
      await supplierOr404(c.get('db'), body.supplierId);
      const row = await c
        .get('db')
        .insertInto('lead_supplier_zip_codes')
        .values({ supplier_id: body.supplierId, zip: body.zip, created_at: c.get('now')() })
        .onConflict((oc) => oc.columns(['supplier_id', 'zip']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) throw conflict(`ZIP ${body.zip} is already covered`, { zip: 'Already covered by this supplier' });
      return c.json(
        { supplierId: row.supplier_id, zip: row.zip, created: row.created_at.toISOString() } satisfies LeadSupplierZip,
        201,
      );
    },
  }),
  route({
    method: 'POST',
    path: '/leads-api/lead-supplier-zip-codes/bulk',
    policy: ADMIN_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, BulkLeadSupplierZips);
      await supplierOr404(c.get('db'), body.supplierId);
      const { valid, invalid } = parseZipList(body.zips);
      if (valid.length === 0 && invalid.length === 0)
        throw badRequest('The request is not valid', { zips: 'Paste at least one ZIP' });
      const now = c.get('now')();
      const saved =
        valid.length === 0
          ? 0
          : await c
              .get('db')
              .transaction()
              .execute(async (trx) => {
                let n = 0;
                for (let i = 0; i < valid.length; i += 1000) {
                  const rows = await trx
                    .insertInto('lead_supplier_zip_codes')
                    .values(
                      valid.slice(i, i + 1000).map((zip) => ({ supplier_id: body.supplierId, zip, created_at: now })),
                    )
                    .onConflict((oc) => oc.columns(['supplier_id', 'zip']).doNothing())
                    .returning('zip')
                    .execute();
                  n += rows.length;
                }
                return n;
              });
      const answer: BulkZipResult = { saved, alreadyCovered: valid.length - saved, invalid };
      return c.json(answer);
    },
  }),
  route({
    method: 'DELETE',
    path: '/leads-api/lead-supplier-zip-codes/:supplierId/:zip',
    policy: ADMIN_ROLES,
    handler: async (c) => {
      const { supplierId, zip } = params(c, ZipParams);
      const res = await c
        .get('db')
        .deleteFrom('lead_supplier_zip_codes')
        .where('supplier_id', '=', supplierId)
        .where('zip', '=', zip)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound('This supplier does not cover that ZIP');
      return c.body(null, 204);
    },
  }),
  route({
    method: 'GET',
    path: '/leads-api/lead-supplier-limit',
    policy: SUPPLIER_READERS,
    handler: async (c) => {
      const supplierId = required(query(c, LimitQuery).supplierId);
      await supplierOr404(c.get('db'), supplierId);
      return c.json((await limitsOf(c.get('db'), c.get('now')(), { supplierId })) satisfies LeadSupplierLimit[]);
    },
  }),
  route({
    method: 'POST',
    path: '/leads-api/lead-supplier-limit',
    policy: ADMIN_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, NewLeadSupplierLimit);
      const db = c.get('db');
      await supplierOr404(db, body.supplierId);
      const brokerage = await db
        .selectFrom('brokerages')
        .select('id')
        .where('id', '=', body.brokerageId)
        .executeTakeFirst();
      if (!brokerage) throw notFound('No such brokerage');
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('lead_supplier_limits')
          .values({
            supplier_id: body.supplierId,
            brokerage_id: body.brokerageId,
            quarterly_cap: body.quarterlyCap,
            updated_by: c.get('auth').actor.id,
            updated_at: c.get('now')(),
          })
          .onConflict((oc) => oc.columns(['supplier_id', 'brokerage_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row)
          throw conflict('This supplier already has a limit for that brokerage', {
            brokerageId: 'Already has a limit: change it instead',
          });
        await audit(
          trx,
          c,
          'LEAD_SUPPLIER_LIMIT_SET',
          `limit ${row.id}: supplier ${body.supplierId}, brokerage ${body.brokerageId}, quarterly cap ${body.quarterlyCap}`,
        );
        return row.id;
      });
      const [limit] = await limitsOf(db, c.get('now')(), { id });
      return c.json(limit satisfies LeadSupplierLimit | undefined, 201);
    },
  }),
  route({
    method: 'PATCH',
    path: '/leads-api/lead-supplier-limit/:id{[0-9]+}',
    policy: ADMIN_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const body = await jsonBody(c, PatchLeadSupplierLimit);
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const before = await trx
            .selectFrom('lead_supplier_limits')
            .select('quarterly_cap')
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!before) throw notFound('No such lead supplier limit');
          await trx
            .updateTable('lead_supplier_limits')
            .set({ quarterly_cap: body.quarterlyCap, updated_by: c.get('auth').actor.id, updated_at: c.get('now')() })
            .where('id', '=', id)
            .execute();
          await audit(
            trx,
            c,
            'LEAD_SUPPLIER_LIMIT_SET',
            `limit ${id}: quarterly cap ${before.quarterly_cap} -> ${body.quarterlyCap}`,
          );
        });
      const [limit] = await limitsOf(c.get('db'), c.get('now')(), { id });
      return c.json(limit satisfies LeadSupplierLimit | undefined);
    },
  }),
];
