import { sql, type ExpressionBuilder } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES, STAFF_ROLES } from '../../../src/access/roles.ts';
import {
  BROKERAGE_STATUSES,
  PRODUCT_FAMILIES,
  type Brokerage,
  type BrokerageName,
  type BrokerageSummary,
} from '../../../src/contract/brokerages.ts';
import type { Page } from '../../../src/contract/common.ts';
import { normalisePhone } from '../../../src/contract/interviews.ts';
import { enumLabel } from '../../../src/contract/labels.ts';
import { productFamilyLabel } from '../../../src/lib/format.ts';
import { EMAIL_PATTERN } from '../../../src/lib/validation.ts';
import type { Db } from '../../db/database.ts';
import { quarterlyCapSql } from '../../db/lead-caps.ts';
import type { Database } from '../../db/schema.ts';
import { csvResponse } from '../../http/csv.ts';
import { notFound } from '../../http/errors.ts';
import { assertBrokerage } from '../../http/ownership.ts';
import { countOf, likeWildcard, Sort, TextParam } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { updateByIdOr404 } from '../../http/update.ts';
import { IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';

export async function brokerageView(db: Db, id: number): Promise<Brokerage> {
  const b = await db
    .selectFrom('brokerages')
    .selectAll()
    .select(quarterlyCapSql(sql.ref('brokerages.id')).as('quarterly_cap'))
    .where('id', '=', id)
    .executeTakeFirst();
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
    street: b.street,
    zip: b.zip,
    quarterlyCap: Number(b.quarterly_cap),
    boost: { enabled: b.boost_enabled, boostPercentage: b.boost_percentage },
    created: b.created_at.toISOString(),
  };
}

const Filters = {
  name: TextParam(),
  productFamily: v.optional(
    v.picklist(PRODUCT_FAMILIES, `productFamily must be one of ${PRODUCT_FAMILIES.join(', ')}`),
  ),
  status: v.optional(v.picklist(BROKERAGE_STATUSES, `status must be one of ${BROKERAGE_STATUSES.join(', ')}`)),
};
type BrokerageFilter = v.InferOutput<v.ObjectSchema<typeof Filters, undefined>>;
const ListQuery = v.object({ ...Paging, ...Filters, sort: Sort(['name', 'status', 'created'], 'name,ASC') });
const SORT_COLUMNS = {
  name: sql`lower(brokerages.name)`,
  status: sql`brokerages.status`,
  created: sql`brokerages.created_at`,
};

const nullableText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max))));
const PatchBrokerage = v.strictObject(
  {
    name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty('Name is required'),
        v.maxLength(255, 'Name must be less than 255 characters'),
      ),
    ),
    status: v.optional(v.picklist(BROKERAGE_STATUSES, 'status must be ACTIVE, PAUSED or HIDDEN')),
    productFamily: v.optional(
      v.picklist(PRODUCT_FAMILIES, 'productFamily must be COMBINED, PORCHLIGHT or LEAD_GENIUS'),
    ),
    email: v.optional(
      v.nullable(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(EMAIL_PATTERN, 'Invalid e-mail.'))),
    ),
    phone: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.check((p) => normalisePhone(p) !== null, 'Invalid phone number.'),
          v.transform((p) => normalisePhone(p)),
        ),
      ),
    ),
    city: nullableText(120),
    state: v.optional(
      v.nullable(
        v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'state must be a two-letter code')),
      ),
    ),
  },
  'unknown field',
);

function where(f: BrokerageFilter) {
  return (eb: ExpressionBuilder<Database, 'brokerages'>) =>
    eb.and([
      ...(f.name ? [eb(sql`lower(name)`, 'like', likeWildcard(f.name.toLowerCase()))] : []),
      ...(f.productFamily ? [eb('product_family', '=', f.productFamily)] : []),
      ...(f.status ? [eb('status', '=', f.status)] : []),
    ]);
}

const summaryQuery = (db: Db, f: BrokerageFilter) =>
  db
    .selectFrom('brokerages')
    .where(where(f))
    .selectAll('brokerages')
    .select(
      sql<number>`(select count(*) from agents a where a.brokerage_id = brokerages.id and a.status <> 'DELETED')::int`.as(
        'agent_count',
      ),
    );
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

const summaryView = (b: SummaryRow): BrokerageSummary => ({
  id: b.id,
  name: b.name,
  status: b.status,
  product: [{ productFamily: b.product_family }],
  email: b.email,
  phone: b.phone,
  city: b.city,
  state: b.state,
  created: b.created_at.toISOString(),
  agentCount: b.agent_count,
});

export const brokerageRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/agents-api/brokerages/:id{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      assertBrokerage(c.get('auth').user, id);
      return c.json((await brokerageView(c.get('db'), id)) satisfies Brokerage);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/brokerages',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const db = c.get('db');
      const [totalElements, rows] = await Promise.all([
        countOf(
          db
            .selectFrom('brokerages')
            .where(where(q))
            .select((eb) => eb.fn.countAll<number>().as('n')),
        ),
        summaryQuery(db, q)
          .orderBy(SORT_COLUMNS[q.sort.key], q.sort.desc ? 'desc' : 'asc')
          .orderBy('brokerages.id')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      return c.json({ content: rows.map(summaryView), totalElements } satisfies Page<BrokerageSummary>);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/brokerages/names',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const rows = await c
        .get('db')
        .selectFrom('brokerages')
        .select(['id', 'name'])
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute();
      return c.json(rows satisfies BrokerageName[]);
    },
  }),
  route({
    method: 'PATCH',
    path: '/agents-api/brokerages/:id{[0-9]+}',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const b = await jsonBody(c, PatchBrokerage);
      const set = Object.fromEntries(
        Object.entries({
          name: b.name,
          status: b.status,
          product_family: b.productFamily,
          email: b.email,
          phone: b.phone,
          city: b.city,
          state: b.state,
        }).filter(([, val]) => val !== undefined),
      );
      if (Object.keys(set).length > 0) {
        await updateByIdOr404(c.get('db'), 'brokerages', id, set, 'No such brokerage');
      }
      return c.json((await brokerageView(c.get('db'), id)) satisfies Brokerage);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/brokerages/export.csv',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const f = query(c, v.object(Filters));
      return csvResponse(c, 'brokerages', f, {
        header: ['Id', 'Name', 'Status', 'Product Family', 'Email', 'Phone', 'City', 'State', 'Agents', 'Created'],
        batch: (after, size) =>
          summaryQuery(c.get('db'), f)
            .$if(after !== undefined, (qb) => qb.where('brokerages.id', '>', after ?? 0))
            .orderBy('brokerages.id')
            .limit(size)
            .execute(),
        cursor: (r) => r.id,
        cells: (r) => [
          r.id,
          r.name,
          enumLabel('brokerageStatus', r.status),
          productFamilyLabel(r.product_family),
          r.email,
          r.phone,
          r.city,
          r.state,
          r.agent_count,
          r.created_at,
        ],
      });
    },
  }),
];
