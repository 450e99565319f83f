import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import { MAX_SAVED_VIEWS, NewSavedView, SAVED_VIEW_LISTS, type SavedView } from '../../../src/contract/saved-views.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, params, query } from '../../http/validate.ts';

// Saved views belong to the signed-in person (the actor, also while impersonating), not
// to a browser: listed on every device, kept across logouts. Policy: who opens the my-* lists.

const ListQuery = v.object({ list: v.picklist(SAVED_VIEW_LISTS, 'list must be my-agents, my-referrals or my-leads') });

const toView = (r: { id: number; list: string; name: string; query: string; created_at: Date }): SavedView => ({
  id: r.id,
  list: r.list as SavedView['list'],
  name: r.name,
  query: r.query,
  created: r.created_at.toISOString(),
});

export const savedViewRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/saved-views',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { list } = query(c, ListQuery);
      const rows = await c
        .get('db')
        .selectFrom('saved_views')
        .select(['id', 'list', 'name', 'query', 'created_at'])
        .where('user_id', '=', c.get('auth').actor.id)
        .where('list', '=', list)
        .orderBy('name')
        .execute();
      return c.json(rows.map(toView));
    },
  }),
  route({
    // Saving under a name already used replaces that view's filters (save over), answering 200.
    method: 'POST',
    path: '/users-api/saved-views',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, NewSavedView);
      const userId = c.get('auth').actor.id;
      const now = c.get('now')();
      const { row, replaced } = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const same = await trx
            .selectFrom('saved_views')
            .select('id')
            .where('user_id', '=', userId)
            .where('list', '=', body.list)
            .where('name', '=', body.name)
            .forUpdate()
            .executeTakeFirst();
          if (same) {
            const updated = await trx
              .updateTable('saved_views')
              .set({ query: body.query })
              .where('id', '=', same.id)
              .returning(['id', 'list', 'name', 'query', 'created_at'])
              .executeTakeFirstOrThrow();
            return { row: updated, replaced: true };
          }
          const { n } = await trx
            .selectFrom('saved_views')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('list', '=', body.list)
            .executeTakeFirstOrThrow();
          if (Number(n) >= MAX_SAVED_VIEWS) throw conflict(`You can keep at most ${MAX_SAVED_VIEWS} views of a list`);
          const inserted = await trx
            .insertInto('saved_views')
            .values({ user_id: userId, list: body.list, name: body.name, query: body.query, created_at: now })
            .onConflict((oc) => oc.columns(['user_id', 'list', 'name']).doUpdateSet({ query: body.query }))
            .returning(['id', 'list', 'name', 'query', 'created_at'])
            .executeTakeFirstOrThrow();
          return { row: inserted, replaced: false };
        });
      return c.json(toView(row), replaced ? 200 : 201);
    },
  }),
  route({
    method: 'DELETE',
    path: '/users-api/saved-views/:id{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const res = await c
        .get('db')
        .deleteFrom('saved_views')
        .where('id', '=', id)
        .where('user_id', '=', c.get('auth').actor.id)
        .executeTakeFirst();
      // Someone else's view is as unknown as a missing one.
      if (res.numDeletedRows === 0n) throw notFound('No such saved view');
      return c.json({ deleted: 1 });
    },
  }),
];
