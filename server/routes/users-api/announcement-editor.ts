import { sql, type RawBuilder } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_WORKSPACE_ROLES, NOTIFICATION_ROLES } from '../../../src/access/roles.ts';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_STATUSES,
  AnnouncementCreateBody,
  AnnouncementPatchBody,
  type AnnouncementAudience,
  type ManagedAnnouncement,
  type ManagedAnnouncementPage,
} from '../../../src/contract/announcements.ts';
import { personName } from '../../../src/lib/format.ts';
import type { Db } from '../../db/database.ts';
import type { AnnouncementsTable } from '../../db/schema-broker-admin.ts';
import { announcementAudience } from '../../events/audience.ts';
import { recordEvent } from '../../events/outbox.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { isProviderUser, missing } from '../../http/ownership.ts';
import { escapeLike, TextParam } from '../../http/paging.ts';
import { route, type AppContext, type AuthUser, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';

// The Announcements editor over the rows My Announcements reads (012, 017): staff write
// to brokerages, loan offices and agents; a broker admin writes to their own agents only, and sees
// only their own. Route roles (spec 1 section 6): the parent's ADMIN, AGENT_ENGAGEMENT and
// BROKERAGE_ADMIN write; the list's MANAGER and CSR_SUPERVISOR read, with read counts.

const ListQuery = v.object({
  ...Paging,
  q: TextParam(),
  status: v.optional(v.picklist(ANNOUNCEMENT_STATUSES, 'status must be DRAFT, PUBLISHED or ARCHIVED')),
  audience: v.optional(v.picklist(ANNOUNCEMENT_AUDIENCES, 'audience must be an audience')),
  brokerageId: v.optional(Id),
});

/** A broker admin's own brokerage (they see and write only their announcements); null for staff. */
function ownerOf(user: AuthUser): number | null {
  if (isProviderUser(user) && user.brokerId === null) return null;
  if (user.brokerId === null) throw forbidden('You have no brokerage');
  return user.brokerId;
}

// Active users an announcement is addressed to, by audience (the same rule as visible() of announcements.ts),
// summed from the counts kept per audience kind and brokerage (migration 059; -1: the kind's total).
const kept = (kind: string, key: RawBuilder<unknown>) =>
  sql<number>`(select coalesce(sum(k.n), 0)::int from announcement_audience_counts k where k.kind = ${kind} and k.brokerage_key in ${key})`;
const listedBrokerages = sql`(select ab.brokerage_id from announcement_brokerages ab where ab.announcement_id = a.id)`;
const audienceSize = sql<number>`case a.audience
  when 'ALL_BROKERAGES' then ${kept('BROKERAGE_ADMIN', sql`(-1)`)}
  when 'BROKERAGE' then ${kept('BROKERAGE_ADMIN', listedBrokerages)}
  when 'PRODUCT_FAMILY' then ${kept('BROKERAGE_ADMIN', sql`(select b.id from brokerages b where b.product_family = a.product_family)`)}
  when 'LOAN_OFFICES' then ${kept('LOAN_OFFICE_ADMIN', sql`(-1)`)}
  when 'AGENTS' then case when exists ${listedBrokerages} then ${kept('AGENT', listedBrokerages)} else ${kept('AGENT', sql`(-1)`)} end
  else 0 end`;

interface Row {
  id: number;
  title: string;
  body: string;
  priority: 'NORMAL' | 'HIGH';
  audience: AnnouncementAudience;
  product_family: string | null;
  status: ManagedAnnouncement['status'];
  publish_at: Date;
  expires_at: Date | null;
  brokerage_id: number | null;
  updated_at: Date;
  first_name: string | null;
  last_name: string | null;
  read_count: number;
  audience_size: number;
}

async function view(db: Db, user: AuthUser, rows: Row[]): Promise<ManagedAnnouncement[]> {
  const ids = rows.map((r) => r.id);
  const listed =
    ids.length === 0
      ? []
      : await db
          .selectFrom('announcement_brokerages as ab')
          .innerJoin('brokerages as b', 'b.id', 'ab.brokerage_id')
          .select(['ab.announcement_id', 'b.id', 'b.name'])
          .where('ab.announcement_id', 'in', ids)
          .orderBy('b.name')
          .execute();
  const writer = BROKERAGE_WORKSPACE_ROLES.some((r) => user.roles.includes(r));
  const owner = writer ? ownerOf(user) : undefined;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    priority: r.priority,
    audience: r.audience,
    productFamily: r.product_family,
    status: r.status,
    brokerages: listed.filter((l) => l.announcement_id === r.id).map((l) => ({ id: l.id, name: l.name })),
    publishAt: new Date(r.publish_at).toISOString(),
    expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
    readCount: r.read_count,
    audienceSize: r.audience_size,
    ownerBrokerageId: r.brokerage_id,
    createdBy: personName(r.first_name, r.last_name, null) || null,
    updated: new Date(r.updated_at).toISOString(),
    editable: writer && (owner === null || owner === r.brokerage_id),
  }));
}

const selectRows = (db: Db) =>
  db
    .selectFrom('announcements as a')
    .leftJoin('users as cb', 'cb.id', 'a.created_by')
    .select([
      'a.id',
      'a.title',
      'a.body',
      'a.priority',
      'a.audience',
      'a.product_family',
      'a.status',
      'a.publish_at',
      'a.expires_at',
      'a.brokerage_id',
      'a.updated_at',
      'cb.first_name',
      'cb.last_name',
      sql<number>`(select count(*)::int from announcement_reads r where r.announcement_id = a.id)`.as('read_count'),
      audienceSize.as('audience_size'),
    ]);

async function one(c: AppContext, id: number): Promise<ManagedAnnouncement> {
  const row = await selectRows(c.get('db')).where('a.id', '=', id).executeTakeFirstOrThrow();
  const [answer] = await view(c.get('db'), c.get('auth').user, [row as Row]);
  return answer!;
}

type Fields = v.InferOutput<typeof AnnouncementCreateBody>;
interface Stored {
  title: string;
  body: string;
  priority: 'NORMAL' | 'HIGH';
  audience: AnnouncementAudience;
  brokerageIds: number[];
  productFamily: string | null;
  status: Fields['status'] & string;
  publishAt: Date;
  expiresAt: Date | null;
}

/** Checks the announcement as it will be stored: its audience for who writes it, its brokerages, its window. */
async function checked(db: Db, user: AuthUser, a: Stored, now: Date): Promise<Stored> {
  const owner = ownerOf(user);
  const invalid = (field: string, message: string) => badRequest('The announcement is not valid', { [field]: message });
  if (owner !== null) {
    // A broker admin announces to their own agents only.
    if (a.audience !== 'AGENTS') throw forbidden('You may announce to your own agents only');
    if (a.brokerageIds.some((b) => b !== owner)) throw forbidden('You may announce to your own agents only');
    a = { ...a, brokerageIds: [owner], productFamily: null };
  }
  if (a.audience === 'BROKERAGE' && a.brokerageIds.length === 0)
    throw invalid('brokerageIds', 'Choose at least one brokerage');
  if (a.audience !== 'BROKERAGE' && a.audience !== 'AGENTS' && a.brokerageIds.length > 0)
    throw invalid('brokerageIds', 'Brokerages are chosen only for chosen brokerages or agents');
  if (a.audience === 'PRODUCT_FAMILY' && a.productFamily === null)
    throw invalid('productFamily', 'Choose a product family');
  if (a.audience !== 'PRODUCT_FAMILY') a = { ...a, productFamily: null };
  const ids = [...new Set(a.brokerageIds)];
  if (ids.length > 0) {
    const found = await db.selectFrom('brokerages').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw invalid('brokerageIds', 'No such brokerage');
  }
  if (a.expiresAt !== null && a.expiresAt <= a.publishAt)
    throw invalid('expiresAt', 'The expiry must be after the publish date');
  if (a.status === 'PUBLISHED' && a.expiresAt !== null && a.expiresAt <= now)
    throw invalid('expiresAt', 'The expiry is in the past');
  return { ...a, brokerageIds: ids };
}

async function store(db: Db, c: AppContext, id: number | null, a: Stored): Promise<number> {
  const now = c.get('now')();
  const owner = ownerOf(c.get('auth').user);
  const values = {
    title: a.title,
    body: a.body,
    priority: a.priority,
    audience: a.audience,
    product_family: a.productFamily,
    status: a.status,
    publish_at: a.publishAt,
    expires_at: a.expiresAt,
    updated_at: now,
  } satisfies Partial<Record<keyof AnnouncementsTable, unknown>>;
  let saved = id;
  if (saved === null) {
    saved = (
      await db
        .insertInto('announcements')
        .values({ ...values, brokerage_id: owner, created_by: c.get('auth').actor.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  } else {
    await db.updateTable('announcements').set(values).where('id', '=', saved).execute();
    await db.deleteFrom('announcement_brokerages').where('announcement_id', '=', saved).execute();
  }
  const announcementId = saved;
  if (a.brokerageIds.length > 0) {
    await db
      .insertInto('announcement_brokerages')
      .values(a.brokerageIds.map((b) => ({ announcement_id: announcementId, brokerage_id: b })))
      .execute();
  }
  // The editors (staff) and the brokerages it belongs to or names hear of it; one event per brokerage.
  for (const brokerageId of [...new Set([owner, ...a.brokerageIds])]) {
    await recordEvent(db, {
      type: 'ANNOUNCEMENT_CHANGED',
      payload: { announcementId, status: a.status },
      audience: announcementAudience(brokerageId),
    });
  }
  return announcementId;
}

export const announcementEditorRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/announcements/managed',
    policy: NOTIFICATION_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const { user } = c.get('auth');
      const db = c.get('db');
      // Staff see every announcement; a broker admin (or staff impersonating one) only their brokerage's own.
      const owner = isProviderUser(user) && user.brokerId === null ? null : (user.brokerId ?? -1);
      const filtered = () =>
        db
          .selectFrom('announcements as a')
          .$if(owner !== null, (qb) => qb.where('a.brokerage_id', '=', owner ?? -1))
          .$if(q.status !== undefined, (qb) => qb.where('a.status', '=', q.status!))
          .$if(q.audience !== undefined, (qb) => qb.where('a.audience', '=', q.audience!))
          .$if(q.brokerageId !== undefined, (qb) =>
            qb.where(({ exists, selectFrom }) =>
              exists(
                selectFrom('announcement_brokerages as ab')
                  .select('ab.brokerage_id')
                  .whereRef('ab.announcement_id', '=', 'a.id')
                  .where('ab.brokerage_id', '=', q.brokerageId!),
              ),
            ),
          )
          .$if(Boolean(q.q), (qb) =>
            qb.where(sql`lower(a.title || ' ' || a.body)`, 'like', `%${escapeLike((q.q ?? '').toLowerCase())}%`),
          );
      const [total, ids] = await Promise.all([
        filtered()
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow(),
        filtered()
          .select('a.id')
          .orderBy('a.publish_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(q.pageSize)
          .offset(q.pageIndex * q.pageSize)
          .execute(),
      ]);
      const rows =
        ids.length === 0
          ? []
          : await selectRows(db)
              .where(
                'a.id',
                'in',
                ids.map((r) => r.id),
              )
              .orderBy('a.publish_at', 'desc')
              .orderBy('a.id', 'desc')
              .execute();
      return c.json({
        content: await view(db, user, rows as Row[]),
        totalElements: total.n,
      } satisfies ManagedAnnouncementPage);
    },
  }),
  route({
    method: 'POST',
    path: '/users-api/announcements',
    policy: BROKERAGE_WORKSPACE_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, AnnouncementCreateBody);
      const now = c.get('now')();
      const id = await c
        .get('db')
        .transaction()
        .execute(async (trx) =>
          store(
            trx,
            c,
            null,
            await checked(
              trx,
              c.get('auth').user,
              {
                title: body.title,
                body: body.body,
                priority: body.priority ?? 'NORMAL',
                audience: body.audience,
                brokerageIds: body.brokerageIds ?? [],
                productFamily: body.productFamily ?? null,
                status: body.status ?? 'DRAFT',
                publishAt: body.publishAt ? new Date(body.publishAt) : now,
                expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
              },
              now,
            ),
          ),
        );
      return c.json((await one(c, id)) satisfies ManagedAnnouncement, 201);
    },
  }),
  route({
    method: 'PATCH',
    path: '/users-api/announcements/:id{[0-9]+}',
    policy: BROKERAGE_WORKSPACE_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const body = await jsonBody(c, AnnouncementPatchBody);
      const { user } = c.get('auth');
      const now = c.get('now')();
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const row = await trx
            .selectFrom('announcements')
            .selectAll()
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          const owner = ownerOf(user);
          // Another brokerage's (or staff's) announcement answers like one that does not exist.
          if (!row || (owner !== null && row.brokerage_id !== owner)) throw missing(user, 'announcement');
          const listed = (
            await trx
              .selectFrom('announcement_brokerages')
              .select('brokerage_id')
              .where('announcement_id', '=', id)
              .execute()
          ).map((r) => r.brokerage_id);
          const merged: Stored = {
            title: body.title ?? row.title,
            body: body.body ?? row.body,
            priority: body.priority ?? row.priority,
            audience: body.audience ?? row.audience,
            brokerageIds:
              body.brokerageIds ?? (body.audience !== undefined && body.audience !== row.audience ? [] : listed),
            productFamily: body.productFamily !== undefined ? body.productFamily : row.product_family,
            status: body.status ?? row.status,
            publishAt: body.publishAt ? new Date(body.publishAt) : new Date(row.publish_at),
            expiresAt:
              body.expiresAt !== undefined
                ? body.expiresAt
                  ? new Date(body.expiresAt)
                  : null
                : row.expires_at
                  ? new Date(row.expires_at)
                  : null,
          };
          await store(trx, c, id, await checked(trx, user, merged, now));
        });
      return c.json((await one(c, id)) satisfies ManagedAnnouncement);
    },
  }),
];
