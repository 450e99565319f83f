import { sql } from 'kysely';
import * as v from 'valibot';

import { DNC_ROLES } from '../../../src/access/roles.ts';
import type { DeleteResult } from '../../../src/contract/common.ts';
import { NewDncRequest, type DncContact, type DncPage } from '../../../src/contract/interviews.ts';
import { dncChannelLabel, enumLabel } from '../../../src/contract/labels.ts';
import { dncOwnerLabel } from '../../../src/lib/format.ts';
import { csvResponse } from '../../http/csv.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { BoolParam, TextParam } from '../../http/paging.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { updateByIdOr404 } from '../../http/update.ts';
import { check, IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import { dncView, matchingIds, searchDnc } from './dnc-search.ts';

const Filters = { value: TextParam(254), blocked: BoolParam };
const SearchQuery = v.object({ ...Paging, ...Filters });
const ExportQuery = v.object(Filters);
const PatchDnc = v.strictObject({ blocked: v.boolean('blocked must be true or false') }, 'unknown field');
const MAX_DELETE = 1000;
const DeleteIds = v.pipe(
  v.array(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'each id must be a positive whole number'), v.transform(Number))),
  v.minLength(1, 'give the contacts to delete as ?id=1&id=2 or ?id=1,2'),
  v.maxLength(MAX_DELETE, `at most ${MAX_DELETE} contacts at once`),
);

const filterOf = (q: { value?: string | undefined; blocked?: 'true' | 'false' | undefined }) => ({
  value: q.value || undefined,
  blocked: q.blocked === 'true',
});

/** DELETE takes its ids in the query (`?id=1&id=2` or `?id=1,2`): bodies on DELETE are dropped by some proxies. */
function deleteIds(c: AppContext): number[] {
  const raw = (c.req.queries('id') ?? [])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(check(DeleteIds, raw, 'query'))];
}

export const dncRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/DNC/search',
    policy: DNC_ROLES,
    handler: async (c) => {
      const q = query(c, SearchQuery);
      return c.json((await searchDnc(c.get('db'), filterOf(q), q.pageIndex, q.pageSize)) satisfies DncPage);
    },
  }),
  route({
    method: 'POST',
    path: '/interviews-api/DNC',
    policy: DNC_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, NewDncRequest);
      const row = await c
        .get('db')
        .insertInto('dnc_contacts')
        .values({
          type: body.type,
          value: body.value,
          owner_type: body.ownerType,
          channel: body.channel,
          disposition: body.disposition,
          blocked: body.blocked,
          created: c.get('now')(),
        })
        .onConflict((oc) => oc.columns(['type', 'value']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) {
        const what = body.type === 'PHONE' ? 'phone number' : 'email address';
        throw conflict(`The ${what} ${body.value} is already on the do-not-call list`, {
          value: 'Already on the do-not-call list',
        });
      }
      return c.json(dncView(row) satisfies DncContact, 201);
    },
  }),
  route({
    method: 'PATCH',
    path: '/interviews-api/DNC/:id{[0-9]+}',
    policy: DNC_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const body = await jsonBody(c, PatchDnc);
      await updateByIdOr404(c.get('db'), 'dnc_contacts', id, { blocked: body.blocked }, 'No such do-not-call contact');
      const row = await c
        .get('db')
        .selectFrom('dnc_contacts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return c.json(dncView(row) satisfies DncContact);
    },
  }),
  route({
    method: 'DELETE',
    path: '/interviews-api/DNC/delete',
    policy: DNC_ROLES,
    handler: async (c) => {
      const ids = deleteIds(c);
      const res = await c.get('db').deleteFrom('dnc_contacts').where('id', 'in', ids).executeTakeFirst();
      const deleted = Number(res.numDeletedRows);
      if (deleted === 0) throw notFound('None of those do-not-call contacts exist');
      return c.json({ deleted } satisfies DeleteResult);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/DNC/export.csv',
    policy: DNC_ROLES,
    handler: async (c) => {
      const q = query(c, ExportQuery);
      const filter = filterOf(q);
      const { value } = filter;
      return csvResponse(c, 'dnc-list', filter, {
        header: [
          'Id',
          'Type',
          'Phone/Email',
          'Owner Type',
          'Channel',
          'Disposition',
          'Inbound Blocked',
          'Date Received',
        ],
        batch: (after, size) =>
          c
            .get('db')
            .selectFrom('dnc_contacts')
            .selectAll()
            .$if(value !== undefined, (qb) =>
              qb.where('id', 'in', sql<number>`(${matchingIds({ ...filter, value: value ?? '' })})`),
            )
            .$if(filter.blocked, (qb) => qb.where('blocked', '=', true))
            .$if(after !== undefined, (qb) => qb.where('id', '<', after ?? 0))
            .orderBy('id', 'desc')
            .limit(size)
            .execute(),
        cursor: (r) => r.id,
        cells: (r) => [
          r.id,
          enumLabel('dncType', r.type),
          r.value,
          dncOwnerLabel(r.owner_type),
          dncChannelLabel(r.channel),
          r.disposition,
          r.blocked,
          r.created,
        ],
      });
    },
  }),
];
