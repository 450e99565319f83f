import { sql } from 'kysely';
import * as v from 'valibot';

import type { ViewedItem, ViewedItemPage } from '../../../src/contract/users.ts';
import { MARKETPLACE_ITEMS, MARKETPLACE_LOCATION } from '../../../src/lib/marketplace.ts';
import { badRequest } from '../../http/errors.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { check, jsonBody } from '../../http/validate.ts';

const BASE = '/users-api/users/viewed-item-tracking/location/:loc';
// Locations and the items each may hold; an unknown one is a 400, not a silent row.
const ITEMS: Record<string, readonly string[]> = { [MARKETPLACE_LOCATION]: MARKETPLACE_ITEMS };

const Location = v.pipe(
  v.string(),
  v.check((l) => l in ITEMS, 'unknown location'),
);
const ListQuery = v.object({
  pageNumber: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number)), '0'),
  pageSize: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)),
    '10',
  ),
  viewed: v.optional(v.picklist(['true', 'false'])),
});
const PutBody = v.object({ item: v.string(), location: v.string(), viewed: v.boolean() });

export const viewedItemRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: BASE,
    policy: 'signed-in',
    handler: async (c) => {
      const loc = check(Location, c.req.param('loc'), 'path');
      const q = check(ListQuery, c.req.query(), 'query');
      let base = c
        .get('db')
        .selectFrom('viewed_items')
        .where('user_id', '=', c.get('auth').user.id)
        .where('location', '=', loc);
      if (q.viewed !== undefined) base = base.where('viewed', '=', q.viewed === 'true');
      const [rows, total] = await Promise.all([
        base
          .select(['item', 'location', 'viewed'])
          .orderBy('item')
          .limit(q.pageSize)
          .offset(q.pageNumber * q.pageSize)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return c.json({ content: rows satisfies ViewedItem[], totalElements: total.n } satisfies ViewedItemPage);
    },
  }),
  route({
    method: 'PUT',
    path: `${BASE}/item/:item`,
    policy: 'signed-in',
    handler: async (c) => {
      const loc = check(Location, c.req.param('loc'), 'path');
      const item = c.req.param('item') ?? '';
      if (!ITEMS[loc]?.includes(item)) throw badRequest('unknown item', { item: 'unknown item' });
      const body = await jsonBody(c, PutBody);
      if (body.item !== item || body.location !== loc)
        throw badRequest('The body must name the same item and location as the path');
      await c
        .get('db')
        .insertInto('viewed_items')
        .values({
          user_id: c.get('auth').user.id,
          location: loc,
          item,
          viewed: body.viewed,
          updated_at: c.get('now')(),
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'location', 'item']).doUpdateSet({ viewed: body.viewed, updated_at: c.get('now')() }),
        )
        .execute();
      return c.json({ item, location: loc, viewed: body.viewed } satisfies ViewedItem);
    },
  }),
];
