import { sql } from 'kysely';
import * as v from 'valibot';

import { DIAGNOSTICS_ROLES } from '../../../src/access/roles.ts';
import {
  ContentItemPatch,
  USAGE_TYPES,
  type ContentAudience,
  type ContentAudiencePage,
  type ContentItem,
  type ContentItemPage,
  type ContentMatchResult,
  type ContentUsagePage,
  type ContentVersionPage,
  type UsageType,
} from '../../../src/contract/content-items.ts';
import { matchContent, type MatchCandidate } from '../../../src/lib/content-match.ts';
import { personName } from '../../../src/lib/format.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { countOf, IdParam, likeWildcard, pagingWith, Sort, TextParam } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';

// Content items: SMS and email templates and call scripts, their usages and audiences
// (page size 200, spec 2 section 9), versions (PATCH saves a new one; restoring copies an old one
// into a new one), and the matching that best-match, all-match and the console's simulator use
// (src/lib/content-match.ts). Roles: the content-search/simulator list roles of spec 1 section 6.
const CONTENT_ROLES = DIAGNOSTICS_ROLES;

const Product = v.optional(v.picklist(['PORCHLIGHT', 'LEAD_GENIUS'], 'product must be PORCHLIGHT or LEAD_GENIUS'));
const LeadType = v.optional(v.picklist(['NEW', 'AGED'], 'leadType must be NEW or AGED'));
const ClientType = v.optional(v.picklist(['BUYER', 'SELLER'], 'clientType must be BUYER or SELLER'));
const State = v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'state must be two capital letters')));
const UsageTypeParam = v.optional(v.picklist(USAGE_TYPES, `usageType must be one of ${USAGE_TYPES.join(', ')}`));
const MatchQuery = v.object({
  usage: v.pipe(v.string('usage is required'), v.trim(), v.nonEmpty('usage is required'), v.maxLength(80)),
  product: Product,
  leadType: LeadType,
  clientType: ClientType,
  state: State,
});
const ListQuery = v.object({
  ...Paging,
  usageType: UsageTypeParam,
  usageId: IdParam,
  audienceId: IdParam,
  text: TextParam(100),
  sort: Sort(['name', 'updated', 'priority'], 'name,ASC'),
});
const SORT_COLUMN = { name: 'i.name', updated: 'i.updated_at', priority: 'i.priority' } as const;

/** The columns of an item and its audience that a match reads: the start of the full item's select too. */
const MATCH_COLUMNS = [
  'i.id',
  'i.name',
  'i.priority',
  'i.active',
  'i.current_version',
  'i.audience_id',
  'a.name as a_name',
  'a.product as a_product',
  'a.lead_type as a_lead_type',
  'a.client_type as a_client_type',
  'a.state as a_state',
] as const;

const itemQuery = (db: Db) =>
  db
    .selectFrom('content_items as i')
    .innerJoin('content_usages as u', 'u.id', 'i.usage_id')
    .leftJoin('content_audiences as a', 'a.id', 'i.audience_id')
    .select([
      ...MATCH_COLUMNS,
      'i.subject',
      'i.body',
      'i.updated_at',
      'u.id as usage_id',
      'u.name as usage_name',
      'u.usage_type',
      'u.description as usage_description',
    ]);
type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['execute']>>[number];

interface AudienceCols {
  audience_id: number | null;
  a_name: string | null;
  a_product: string | null;
  a_lead_type: string | null;
  a_client_type: string | null;
  a_state: string | null;
}
const audienceOf = (r: AudienceCols): ContentAudience | null =>
  r.audience_id === null
    ? null
    : {
        id: r.audience_id,
        name: r.a_name ?? '',
        product: r.a_product,
        leadType: r.a_lead_type,
        clientType: r.a_client_type,
        state: r.a_state,
      };
const usageType = (s: string) =>
  (USAGE_TYPES as readonly string[]).includes(s) ? (s as (typeof USAGE_TYPES)[number]) : 'SMS_TEMPLATE';

const toItem = (r: ItemRow): ContentItem => ({
  id: r.id,
  name: r.name,
  usage: { id: r.usage_id, name: r.usage_name, usageType: usageType(r.usage_type), description: r.usage_description },
  audience: audienceOf(r),
  priority: r.priority,
  active: r.active,
  subject: r.subject,
  body: r.body,
  version: r.current_version,
  updated: r.updated_at.toISOString(),
});

async function loadItem(db: Db, id: number): Promise<ContentItem> {
  const row = await itemQuery(db).where('i.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such content item');
  return toItem(row);
}

/** best-match and all-match: the usage's items through matchContent. */
async function matchFor(c: Parameters<RouteDef['handler']>[0]): Promise<ContentMatchResult> {
  const q = query(c, MatchQuery);
  const db = c.get('db');
  const usage = await db.selectFrom('content_usages').select('id').where('name', '=', q.usage).executeTakeFirst();
  if (!usage) throw notFound('No such usage');
  // Only the active items whose audience could match: each attribute the audience names equals the
  // lead's (matchContent's rule, which still decides), so a usage's thousands of items are not all read.
  const attrs = { product: q.product, lead_type: q.leadType, client_type: q.clientType, state: q.state };
  const rows = await db
    .selectFrom('content_items as i')
    .leftJoin('content_audiences as a', 'a.id', 'i.audience_id')
    .select(MATCH_COLUMNS)
    .where('i.usage_id', '=', usage.id)
    .where('i.active', '=', true)
    .where((eb) =>
      eb.and(
        Object.entries(attrs).map(([column, have]) => {
          const ref = eb.ref(`a.${column as keyof typeof attrs}`);
          return have == null || have === '' ? eb(ref, 'is', null) : eb.or([eb(ref, 'is', null), eb(ref, '=', have)]);
        }),
      ),
    )
    .execute();
  const items = rows.map((r): MatchCandidate => {
    const a = audienceOf(r);
    return { id: r.id, name: r.name, priority: r.priority, active: r.active, version: r.current_version, audience: a };
  });
  return matchContent(items, { product: q.product, leadType: q.leadType, clientType: q.clientType, state: q.state });
}

export const contentItemRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/content-items/usageTypes',
    policy: CONTENT_ROLES,
    handler: async (c) => {
      const rows = await c
        .get('db')
        .selectFrom('content_usages as u')
        .leftJoin('content_items as i', 'i.usage_id', 'u.id')
        .select(['u.usage_type', sql<number>`count(distinct u.id)`.as('usages'), sql<number>`count(i.id)`.as('items')])
        .groupBy('u.usage_type')
        .execute();
      const body: UsageType[] = USAGE_TYPES.map((name) => {
        const r = rows.find((x) => x.usage_type === name);
        return { name, usageCount: Number(r?.usages ?? 0), itemCount: Number(r?.items ?? 0) };
      });
      return c.json(body);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/content-items/usages',
    policy: CONTENT_ROLES,
    handler: async (c) => {
      const q = query(c, v.object({ ...pagingWith(200), usageType: UsageTypeParam }));
      const db = c.get('db');
      const base = () =>
        db
          .selectFrom('content_usages')
          .$if(q.usageType !== undefined, (qb) => qb.where('usage_type', '=', q.usageType ?? ''));
      const [totalElements, rows] = await Promise.all([
        countOf(base().select((eb) => eb.fn.countAll<number>().as('n'))),
        base()
          .select(['id', 'name', 'usage_type', 'description'])
          .orderBy('name')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const content = rows.map((r) => ({
        id: r.id,
        name: r.name,
        usageType: usageType(r.usage_type),
        description: r.description,
      }));
      return c.json({ content, totalElements } satisfies ContentUsagePage);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/content-items/audiences',
    policy: CONTENT_ROLES,
    handler: async (c) => {
      const q = query(c, v.object(pagingWith(200)));
      const db = c.get('db');
      const [totalElements, rows] = await Promise.all([
        countOf(db.selectFrom('content_audiences').select((eb) => eb.fn.countAll<number>().as('n'))),
        db
          .selectFrom('content_audiences')
          .selectAll()
          .orderBy('name')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const content = rows.map((a): ContentAudience => ({
        id: a.id,
        name: a.name,
        product: a.product,
        leadType: a.lead_type,
        clientType: a.client_type,
        state: a.state,
      }));
      return c.json({ content, totalElements } satisfies ContentAudiencePage);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/content-items/best-match',
    policy: CONTENT_ROLES,
    handler: async (c) => {
      const result = await matchFor(c);
      return c.json({
        best: result.best,
        matches: result.best ? [result.best] : [],
        why: result.why,
      } satisfies ContentMatchResult);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/content-items/all-match',
    policy: CONTENT_ROLES,
    handler: async (c) => c.json((await matchFor(c)) satisfies ContentMatchResult),
  }),
  route({
    method: 'GET',
    path: '/interviews-api/content-items',
    policy: CONTENT_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const db = c.get('db');
      const pattern = q.text ? likeWildcard(q.text.toLowerCase()) : null;
      // A usage type stands for its usages' ids, read first: the planner then knows how many items they
      // hold and reads them by content_items_usage_idx. Joined to the type instead, it expected the text
      // to match a handful of items and read all of them by a sequential scan (decision 0128).
      const usageIds =
        q.usageType === undefined
          ? null
          : (await db.selectFrom('content_usages').select('id').where('usage_type', '=', q.usageType).execute()).map(
              (u) => u.id,
            );
      if (usageIds !== null && usageIds.length === 0)
        return c.json({ content: [], totalElements: 0 } satisfies ContentItemPage);
      const base = () =>
        db
          .selectFrom('content_items as i')
          .$if(usageIds !== null, (qb) => qb.where('i.usage_id', 'in', usageIds ?? []))
          .$if(q.usageId !== undefined, (qb) => qb.where('i.usage_id', '=', q.usageId ?? 0))
          .$if(q.audienceId !== undefined, (qb) => qb.where('i.audience_id', '=', q.audienceId ?? 0))
          .$if(pattern !== null, (qb) =>
            qb.where((eb) =>
              eb.or([eb(sql`lower(i.name)`, 'like', pattern ?? ''), eb(sql`lower(i.body)`, 'like', pattern ?? '')]),
            ),
          );
      // Without a text search the total is a sum of the kept counts per usage and audience (migration 056).
      const kept = () =>
        db
          .selectFrom('content_item_counts as k')
          .$if(q.usageType !== undefined, (qb) =>
            qb.innerJoin('content_usages as u', 'u.id', 'k.usage_id').where('u.usage_type', '=', q.usageType ?? ''),
          )
          .$if(q.usageId !== undefined, (qb) => qb.where('k.usage_id', '=', q.usageId ?? 0))
          .$if(q.audienceId !== undefined, (qb) => qb.where('k.audience_key', '=', q.audienceId ?? 0))
          .select(sql<number>`coalesce(sum(k.n), 0)`.as('n'));
      const [totalElements, ids] = await Promise.all([
        countOf(
          pattern === null && q.audienceId !== 0 ? kept() : base().select((eb) => eb.fn.countAll<number>().as('n')),
        ),
        base()
          .select('i.id')
          .orderBy(SORT_COLUMN[q.sort.key], q.sort.desc ? 'desc' : 'asc')
          .orderBy('i.id')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const rows =
        ids.length === 0
          ? []
          : await itemQuery(db)
              .where(
                'i.id',
                'in',
                ids.map((r) => r.id),
              )
              .execute();
      const content = ids
        .map((r) => rows.find((x) => x.id === r.id))
        .filter((x): x is ItemRow => x !== undefined)
        .map(toItem);
      return c.json({ content, totalElements } satisfies ContentItemPage);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/content-items/:id{[0-9]+}',
    policy: CONTENT_ROLES,
    handler: async (c) => c.json((await loadItem(c.get('db'), params(c, IdParams).id)) satisfies ContentItem),
  }),
  route({
    method: 'GET',
    path: '/interviews-api/content-items/:id{[0-9]+}/history',
    policy: CONTENT_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const q = query(c, v.object(pagingWith(200)));
      const db = c.get('db');
      const item = await db.selectFrom('content_items').select('id').where('id', '=', id).executeTakeFirst();
      if (!item) throw notFound('No such content item');
      const [totalElements, rows] = await Promise.all([
        countOf(
          db
            .selectFrom('content_item_versions')
            .where('item_id', '=', id)
            .select((eb) => eb.fn.countAll<number>().as('n')),
        ),
        db
          .selectFrom('content_item_versions as v')
          .leftJoin('content_audiences as a', 'a.id', 'v.audience_id')
          .leftJoin('users as u', 'u.id', 'v.author_user_id')
          .select([
            'v.version',
            'v.name',
            'v.audience_id',
            'v.priority',
            'v.active',
            'v.subject',
            'v.body',
            'v.note',
            'v.restored_from',
            'v.created_at',
            'a.name as a_name',
            'a.product as a_product',
            'a.lead_type as a_lead_type',
            'a.client_type as a_client_type',
            'a.state as a_state',
            'u.first_name',
            'u.last_name',
            'u.email',
          ])
          .where('v.item_id', '=', id)
          .orderBy('v.version', 'desc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const content = rows.map((r) => ({
        version: r.version,
        name: r.name,
        audience: audienceOf(r),
        priority: r.priority,
        active: r.active,
        subject: r.subject,
        body: r.body,
        note: r.note,
        restoredFrom: r.restored_from,
        author: r.email === null && r.first_name === null ? null : personName(r.first_name, r.last_name, r.email),
        created: r.created_at.toISOString(),
      }));
      return c.json({ content, totalElements } satisfies ContentVersionPage);
    },
  }),
  route({
    // Saves a new version: the given fields over the current ones, or (restoreVersion) an old version's fields.
    method: 'PATCH',
    path: '/interviews-api/content-items/:id{[0-9]+}',
    policy: CONTENT_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const patch = await jsonBody(c, ContentItemPatch);
      const now = c.get('now')();
      const author = c.get('auth').actor.id;
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const item = await trx
            .selectFrom('content_items')
            .selectAll()
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!item) throw notFound('No such content item');
          let next: {
            name: string;
            subject: string | null;
            body: string;
            audience_id: number | null;
            priority: number;
            active: boolean;
          };
          let restoredFrom: number | null = null;
          if (patch.restoreVersion !== undefined) {
            const old = await trx
              .selectFrom('content_item_versions')
              .selectAll()
              .where('item_id', '=', id)
              .where('version', '=', patch.restoreVersion)
              .executeTakeFirst();
            if (!old)
              throw badRequest('No such version', { restoreVersion: `version ${patch.restoreVersion} does not exist` });
            next = {
              name: old.name,
              subject: old.subject,
              body: old.body,
              audience_id: old.audience_id,
              priority: old.priority,
              active: old.active,
            };
            restoredFrom = old.version;
          } else {
            next = {
              name: patch.name ?? item.name,
              subject: patch.subject === undefined ? item.subject : patch.subject || null,
              body: patch.body ?? item.body,
              audience_id: patch.audienceId === undefined ? item.audience_id : patch.audienceId,
              priority: patch.priority ?? item.priority,
              active: patch.active ?? item.active,
            };
            if (next.audience_id !== null) {
              const audience = await trx
                .selectFrom('content_audiences')
                .select('id')
                .where('id', '=', next.audience_id)
                .executeTakeFirst();
              if (!audience)
                throw badRequest('No such audience', { audienceId: 'This audience no longer exists: choose another' });
            }
            const same =
              next.name === item.name &&
              next.subject === item.subject &&
              next.body === item.body &&
              next.audience_id === item.audience_id &&
              next.priority === item.priority &&
              next.active === item.active;
            if (same) throw badRequest('Nothing to save: the version is unchanged');
          }
          const version = item.current_version + 1;
          await trx
            .insertInto('content_item_versions')
            .values({
              item_id: id,
              version,
              ...next,
              note: patch.note || null,
              restored_from: restoredFrom,
              author_user_id: author,
              created_at: now,
            })
            .execute();
          await trx
            .updateTable('content_items')
            .set({ ...next, current_version: version, updated_at: now })
            .where('id', '=', id)
            .execute();
        });
      return c.json((await loadItem(c.get('db'), id)) satisfies ContentItem);
    },
  }),
];
