import { sql, type RawBuilder } from 'kysely';
import * as v from 'valibot';

import { ANNOUNCEMENT_READER_ROLES } from '../../../src/access/roles.ts';
import {
  AnnouncementStatusBody,
  type Announcement,
  type AnnouncementPage,
  type AnnouncementStatus,
} from '../../../src/contract/announcements.ts';
import type { Db } from '../../db/database.ts';
import { assertBrokerage, isProviderUser, missing } from '../../http/ownership.ts';
import { BoolParam } from '../../http/paging.ts';
import { route, type AppContext, type AuthUser, type RouteDef } from '../../http/route.ts';
import { Id, jsonBody, Paging, query } from '../../http/validate.ts';

// Announcements addressed to a brokerage and the reader's read state (my-announcements). Read state
// lives on the server per user, so an announcement read on one device is read on every other.
// The staff editor (announcement-editor.ts) writes the same rows.

/**
 * The announcements page's roles (spec 1 section 6; my-announcements itself is the first three),
 * plus the other audiences reading their own: agents (the agent app) and loan-office admins.
 */

const ListQuery = v.object({ ...Paging, brokerageId: v.optional(Id), unread: BoolParam });

/** Whom the caller reads as: a brokerage's admins, staff (every brokerage), an agent of a brokerage, or a loan office. */
export type ReaderScope =
  | { kind: 'brokerage'; id: number }
  | { kind: 'staff' }
  | { kind: 'agent'; brokerageId: number }
  | { kind: 'loanOffice' };

/**
 * Live announcements a reader sees: published, inside their window, and addressed to them. A
 * brokerage reads those to every brokerage, to a list naming it, or to its product family; staff
 * read every brokerage one; an agent those to every agent or to agents of a list naming their
 * brokerage; a loan office those to loan offices (017_staff_admin.sql). One condition per audience
 * (each names its audience, so no announcement meets two): counted apart, each reads the live
 * announcements of its audience from an index (migration 068, decision 0128).
 */
function byAudience(scope: ReaderScope, now: Date): RawBuilder<boolean>[] {
  const live = sql`a.status = 'PUBLISHED' and a.publish_at <= ${now} and (a.expires_at is null or a.expires_at > ${now})`;
  const listed = (b: number) =>
    sql`exists (select 1 from announcement_brokerages ab where ab.announcement_id = a.id and ab.brokerage_id = ${b})`;
  switch (scope.kind) {
    case 'staff':
      return (['ALL_BROKERAGES', 'BROKERAGE', 'PRODUCT_FAMILY'] as const).map(
        (audience) => sql<boolean>`${live} and a.audience = ${audience}`,
      );
    case 'loanOffice':
      return [sql<boolean>`${live} and a.audience = 'LOAN_OFFICES'`];
    case 'agent':
      return [
        sql<boolean>`${live} and a.audience = 'AGENTS' and (${listed(scope.brokerageId)}
      or not exists (select 1 from announcement_brokerages ab where ab.announcement_id = a.id))`,
      ];
    case 'brokerage':
      return [
        sql<boolean>`${live} and a.audience = 'ALL_BROKERAGES'`,
        sql<boolean>`${live} and a.audience = 'BROKERAGE' and ${listed(scope.id)}`,
        sql<boolean>`${live} and a.audience = 'PRODUCT_FAMILY'
      and a.product_family = (select product_family from brokerages where id = ${scope.id})`,
      ];
  }
}

/** The announcements a reader sees (byAudience's conditions, any of them), as a condition on `a`. */
export function visible(scope: ReaderScope, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    byAudience(scope, now).map((c) => sql`(${c})`),
    sql` or `,
  )})`;
}

/**
 * How many announcements the reader sees, and how many of those they have read. The first is a sum of
 * one count per audience, which an index-only scan of each audience's live announcements answers; the
 * unread count is their difference, so the reads (a few per user) are all that is joined.
 */
async function visibleCounts(db: Db, scope: ReaderScope, now: Date, userId: number) {
  const counts = byAudience(scope, now).map((c) => sql`(select count(*) from announcements a where ${c})`);
  const { rows } = await sql<{ visible: number; read: number }>`
  select (${sql.join(counts, sql` + `)})::int as visible,
    (select count(*) from announcement_reads r join announcements a on a.id = r.announcement_id
      where r.user_id = ${userId} and ${visible(scope, now)})::int as read`.execute(db);
  const { visible: all, read } = rows[0] ?? { visible: 0, read: 0 };
  return { visible: all, read, unread: all - read };
}

/** The caller's reader scope: their brokerage (a brokerage admin, or staff impersonating one), the one staff ask for, or their own kind. */
async function readerScope(db: Db, user: AuthUser, asked: number | undefined): Promise<ReaderScope> {
  if (asked !== undefined) {
    assertBrokerage(user, asked);
    return { kind: 'brokerage', id: asked };
  }
  if (user.brokerId !== null) return { kind: 'brokerage', id: user.brokerId };
  if (isProviderUser(user)) return { kind: 'staff' };
  if (user.roles.includes('LOAN_OFFICE_ADMIN') && user.loanOfficeId !== null) return { kind: 'loanOffice' };
  if (user.roles.includes('AGENT') && user.agentId !== null) {
    const agent = await db
      .selectFrom('agents')
      .select('brokerage_id')
      .where('id', '=', user.agentId)
      .executeTakeFirst();
    if (agent) return { kind: 'agent', brokerageId: agent.brokerage_id };
  }
  throw missing(user, 'brokerage');
}

async function list(c: AppContext): Promise<Response> {
  const q = query(c, ListQuery);
  const { user } = c.get('auth');
  const db = c.get('db');
  const now = c.get('now')();
  const scope = await readerScope(db, user, q.brokerageId);
  const where = visible(scope, now);
  const filter =
    q.unread === 'true' ? sql`and r.read_at is null` : q.unread === 'false' ? sql`and r.read_at is not null` : sql``;
  const from = sql`from announcements a left join announcement_reads r on r.announcement_id = a.id and r.user_id = ${user.id}
    where ${where} ${filter}`;
  const [rows, counts] = await Promise.all([
    sql<{
      id: number;
      title: string;
      body: string;
      priority: Announcement['priority'];
      publish_at: Date;
      expires_at: Date | null;
      read_at: Date | null;
    }>`
      select a.id, a.title, a.body, a.priority, a.publish_at, a.expires_at, r.read_at ${from}
      order by a.publish_at desc, a.id desc limit ${q.pageSize} offset ${q.pageIndex * q.pageSize}`.execute(db),
    visibleCounts(db, scope, now, user.id),
  ]);
  const body: AnnouncementPage = {
    content: rows.rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      priority: r.priority,
      publishAt: new Date(r.publish_at).toISOString(),
      expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
      readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
    })),
    totalElements: q.unread === 'true' ? counts.unread : q.unread === 'false' ? counts.read : counts.visible,
    unreadCount: counts.unread,
  };
  return c.json(body);
}

async function setStatus(c: AppContext): Promise<Response> {
  const body = await jsonBody(c, AnnouncementStatusBody);
  const { user } = c.get('auth');
  const now = c.get('now')();
  const answer = await c
    .get('db')
    .transaction()
    .execute(async (trx) => {
      const scope = await readerScope(trx, user, undefined);
      const where = visible(scope, now);
      const found = await sql<{
        id: number;
      }>`select a.id from announcements a where a.id = ${body.announcementId} and ${where}`.execute(trx);
      // An announcement not addressed to the caller answers like one that does not exist.
      if (found.rows.length === 0) throw missing(user, 'announcement');
      let readAt: Date | null = null;
      if (body.read) {
        // The first opening counts: a second device's read keeps the original time.
        await trx
          .insertInto('announcement_reads')
          .values({ announcement_id: body.announcementId, user_id: user.id, read_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'announcement_id']).doNothing())
          .execute();
        const row = await trx
          .selectFrom('announcement_reads')
          .select('read_at')
          .where('user_id', '=', user.id)
          .where('announcement_id', '=', body.announcementId)
          .executeTakeFirstOrThrow();
        readAt = row.read_at;
      } else {
        await trx
          .deleteFrom('announcement_reads')
          .where('user_id', '=', user.id)
          .where('announcement_id', '=', body.announcementId)
          .execute();
      }
      const result: AnnouncementStatus = {
        announcementId: body.announcementId,
        readAt: readAt?.toISOString() ?? null,
        unreadCount: (await visibleCounts(trx, scope, now, user.id)).unread,
      };
      return result;
    });
  return c.json(answer);
}

export const announcementRoutes: RouteDef[] = [
  route({ method: 'GET', path: '/users-api/announcements', policy: ANNOUNCEMENT_READER_ROLES, handler: list }),
  route({
    method: 'POST',
    path: '/users-api/announcements/status',
    policy: ANNOUNCEMENT_READER_ROLES,
    handler: setStatus,
  }),
];
