import { sql } from 'kysely';

import {
  BROKERAGE_READER_ROLES,
  BROKERAGE_WORKSPACE_ROLES,
  LEAD_READER_ROLES,
  STAFF_ROLES,
} from '../../../src/access/roles.ts';
import { BrokerageUpdate, type ApinationState, type ProductOffering } from '../../../src/contract/brokerage-admin.ts';
import type { Brokerage } from '../../../src/contract/brokerages.ts';
import { personName } from '../../../src/lib/format.ts';
import type { Db } from '../../db/database.ts';
import { assertBrokerage, missing } from '../../http/ownership.ts';
import { route, type AuthUser, type RouteDef } from '../../http/route.ts';
import { updateByIdOr404 } from '../../http/update.ts';
import { IdParams, jsonBody, params } from '../../http/validate.ts';
import { brokerageView } from './brokerages.ts';

// Brokerage administration (spec 2 section 7 "Brokerages"):
// - PUT /agents-api/brokerages/{id}: the full edit, staff only (the brokerages route's roles,
//   spec 1 section 6: ADMIN, MANAGER, QA_TEAM, CSR_SUPERVISOR, AGENT_ENGAGEMENT).
// - GET /agents-api/product: the product families offered, for staff (the brokerage edit) and for
//   brokerage admins and lead suppliers (the dashboard's product selector, spec 2 section 6).
// - Apination: reading the state is for staff and the brokerage's own admin; enabling and disabling
//   is for the marketplace's roles (spec 1 section 6: ADMIN, AGENT_ENGAGEMENT, BROKERAGE_ADMIN),
//   a brokerage admin on their own brokerage only.

async function apinationState(db: Db, brokerageId: number): Promise<ApinationState> {
  const row = await db
    .selectFrom('brokerage_apination as a')
    .innerJoin('users as u', 'u.id', 'a.changed_by')
    .leftJoin('users as r', 'r.id', 'a.acted_by')
    .select([
      'a.enabled',
      'a.changed_at',
      'a.changed_by',
      'a.acted_by',
      'u.first_name',
      'u.last_name',
      'u.email',
      'r.first_name as r_first',
      'r.last_name as r_last',
      'r.email as r_email',
    ])
    .where('a.brokerage_id', '=', brokerageId)
    .executeTakeFirst();
  if (!row) return { brokerageId, enabled: false, changedBy: null, actedBy: null, changedAt: null };
  return {
    brokerageId,
    enabled: row.enabled,
    changedBy: {
      id: row.changed_by,
      name: personName(row.first_name, row.last_name, row.email ?? `User ${row.changed_by}`),
    },
    actedBy:
      row.acted_by === null
        ? null
        : { id: row.acted_by, name: personName(row.r_first, row.r_last, row.r_email ?? `User ${row.acted_by}`) },
    changedAt: new Date(row.changed_at).toISOString(),
  };
}

/** The brokerage must exist (404 to staff, 403 to anyone else, as ownership.ts `missing` says) and be the caller's. */
async function ownBrokerage(db: Db, user: AuthUser, id: number): Promise<void> {
  assertBrokerage(user, id);
  const found = await db.selectFrom('brokerages').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw missing(user, 'brokerage');
}

const apinationSwitch = (enabled: boolean) =>
  route({
    method: 'POST',
    path: `/agents-api/brokerages/:id{[0-9]+}/apination/${enabled ? 'enable' : 'disable'}`,
    policy: BROKERAGE_WORKSPACE_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { user, actor, impersonating } = c.get('auth');
      await ownBrokerage(c.get('db'), user, id);
      const row = {
        brokerage_id: id,
        enabled,
        changed_by: user.id,
        acted_by: impersonating ? actor.id : null,
        changed_at: c.get('now')(),
      };
      // One upsert: enabling twice keeps the first enabler (nothing changed), so only a real change is recorded.
      await c
        .get('db')
        .insertInto('brokerage_apination')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('brokerage_id')
            .doUpdateSet({ enabled, changed_by: row.changed_by, acted_by: row.acted_by, changed_at: row.changed_at })
            .where('brokerage_apination.enabled', '<>', enabled),
        )
        .execute();
      return c.json((await apinationState(c.get('db'), id)) satisfies ApinationState);
    },
  });

export const brokerageAdminRoutes: RouteDef[] = [
  route({
    method: 'PUT',
    path: '/agents-api/brokerages/:id{[0-9]+}',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const b = await jsonBody(c, BrokerageUpdate);
      await updateByIdOr404(
        c.get('db'),
        'brokerages',
        id,
        {
          name: b.name,
          status: b.status,
          product_family: b.productFamily,
          email: b.email,
          phone: b.phone,
          street: b.street,
          city: b.city,
          state: b.state,
          zip: b.zip,
        },
        'No such brokerage',
      );
      return c.json((await brokerageView(c.get('db'), id)) satisfies Brokerage);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/product',
    policy: LEAD_READER_ROLES,
    handler: async (c) => {
      const rows = await c
        .get('db')
        .selectFrom('products as p')
        .select(['p.product_family', 'p.name', 'p.description'])
        .select(
          sql<number>`(select count(*) from brokerages b where b.product_family = p.product_family)::int`.as(
            'brokerage_count',
          ),
        )
        .orderBy('p.position')
        .execute();
      return c.json(
        rows.map((r) => ({
          productFamily: r.product_family,
          name: r.name,
          description: r.description,
          brokerageCount: Number(r.brokerage_count),
        })) satisfies ProductOffering[],
      );
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/brokerages/:id{[0-9]+}/apination',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await ownBrokerage(c.get('db'), c.get('auth').user, id);
      return c.json((await apinationState(c.get('db'), id)) satisfies ApinationState);
    },
  }),
  apinationSwitch(true),
  apinationSwitch(false),
];
