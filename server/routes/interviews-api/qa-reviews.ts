import { sql } from 'kysely';
import * as v from 'valibot';

import { QA_ROLES } from '../../../src/access/roles.ts';
import { isoTimeAsDate, type Page } from '../../../src/contract/common.ts';
import {
  QA_STATUS_FILTERS,
  QaReviewRequest,
  type QaCriteria,
  type QaFigures,
  type QaHandlers,
  type QaQueueItem,
  type Recording,
} from '../../../src/contract/qa-review.ts';
import { recordingProvider } from '../../contact-center/recordings.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { countOf, IdParam, pagingWith, Sort, userNameSql } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';

// QA review (route qa-review of spec 1 section 6: ADMIN, QA_TEAM): the queue of recorded
// calls with their scorecards, the reviewer figures, saving a scorecard, and the calls' recordings
// with their audio (the stand-in provider of server/contact-center/recordings.ts).

const Time = v.optional(isoTimeAsDate('must be an ISO time such as 2026-11-23T05:00:00.000Z'));

const QueueQuery = v.object({
  ...Paging,
  status: v.optional(v.picklist(QA_STATUS_FILTERS, `status must be one of ${QA_STATUS_FILTERS.join(', ')}`)),
  dispositionId: IdParam,
  handledBy: IdParam,
  reviewerId: IdParam,
  opportunityId: IdParam,
  interactionId: IdParam,
  /** Calls at or after `from` and before `to`. */
  from: Time,
  to: Time,
  /** Reviews saved at or after this time. */
  reviewedFrom: Time,
  sort: Sort(['callAt', 'reviewedAt'], 'callAt,DESC'),
});
type QueueFilter = v.InferOutput<typeof QueueQuery>;

function filtered(db: Db, f: Omit<QueueFilter, 'pageIndex' | 'pageSize' | 'sort'>) {
  return db
    .selectFrom('qa_reviews as q')
    .$if(f.status === 'REVIEWED', (b) => b.where('q.status', 'in', ['PASSED', 'FAILED']))
    .$if(f.status !== undefined && f.status !== 'REVIEWED', (b) => b.where('q.status', '=', f.status as 'AWAITING'))
    .$if(f.dispositionId !== undefined, (b) => b.where('q.disposition_id', '=', f.dispositionId!))
    .$if(f.handledBy !== undefined, (b) => b.where('q.handled_by', '=', f.handledBy!))
    .$if(f.reviewerId !== undefined, (b) => b.where('q.reviewer_id', '=', f.reviewerId!))
    .$if(f.opportunityId !== undefined, (b) => b.where('q.opportunity_id', '=', f.opportunityId!))
    .$if(f.interactionId !== undefined, (b) => b.where('q.interaction_id', '=', f.interactionId!))
    .$if(f.from !== undefined, (b) => b.where('q.call_at', '>=', f.from!))
    .$if(f.to !== undefined, (b) => b.where('q.call_at', '<', f.to!))
    .$if(f.reviewedFrom !== undefined, (b) => b.where('q.reviewed_at', '>=', f.reviewedFrom!));
}

/** The statuses a status filter stands for; undefined: every status. */
const STATUSES_OF = {
  AWAITING: ['AWAITING'],
  PASSED: ['PASSED'],
  FAILED: ['FAILED'],
  REVIEWED: ['PASSED', 'FAILED'],
} as const;

/**
 * The queue's total: with no filter but the status and the handler, the sum of the kept counts per
 * status and handler (qa_review_counts, migrations 026 and 067); with any other filter, a count of the
 * matching rows.
 */
function queueTotal(db: Db, f: QueueFilter): Promise<number> {
  const { status, handledBy, pageIndex: _p, pageSize: _s, sort: _o, ...rest } = f;
  void _p;
  void _s;
  void _o;
  // handler_key 0 stands for calls without a handler, which `handledBy=0` does not ask for.
  if (Object.values(rest).some((x) => x !== undefined) || handledBy === 0)
    return countOf(filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')));
  return countOf(
    db
      .selectFrom('qa_review_counts')
      .select(sql<number>`coalesce(sum(n), 0)`.as('n'))
      .$if(status !== undefined, (b) => b.where('status', 'in', [...STATUSES_OF[status!]]))
      .$if(handledBy !== undefined, (b) => b.where('handler_key', '=', handledBy!)),
  );
}

async function queuePage(db: Db, f: QueueFilter): Promise<Page<QaQueueItem>> {
  const dir = f.sort.desc ? 'desc' : 'asc';
  const [totalElements, rows] = await Promise.all([
    queueTotal(db, f),
    // The page's ids first (an index scan of qa_reviews alone, however deep the page), then their details.
    db
      .with('page', () =>
        filtered(db, f)
          .select(['q.interaction_id', 'q.call_at', 'q.reviewed_at'])
          .$if(f.sort.key === 'reviewedAt', (b) => b.orderBy(sql`q.reviewed_at ${sql.raw(dir)} nulls last`))
          .orderBy('q.call_at', dir)
          .orderBy('q.interaction_id', dir)
          .offset(f.pageIndex * f.pageSize)
          .limit(f.pageSize),
      )
      .selectFrom('page as p')
      .innerJoin('qa_reviews as q', 'q.interaction_id', 'p.interaction_id')
      .innerJoin('interactions as i', 'i.id', 'q.interaction_id')
      .innerJoin('opportunities as o', 'o.id', 'q.opportunity_id')
      .innerJoin('brokerages as b', 'b.id', 'o.brokerage_id')
      .leftJoin('users as h', 'h.id', 'q.handled_by')
      .leftJoin('users as r', 'r.id', 'q.reviewer_id')
      .leftJoin('dispositions as d', 'd.id', 'q.disposition_id')
      .select([
        'q.interaction_id',
        'q.opportunity_id',
        'q.call_at',
        'q.handled_by',
        'q.status',
        'q.criteria',
        'q.comment',
        'q.reviewer_id',
        'q.reviewed_at',
        'i.duration_seconds',
        'i.direction',
        'o.contact_first',
        'o.contact_last',
        'b.name as brokerage_name',
        'd.id as d_id',
        'd.category as d_category',
        'd.name as d_name',
      ])
      .select([userNameSql('h').as('handler_name'), userNameSql('r').as('reviewer_name')])
      .$if(f.sort.key === 'reviewedAt', (b) => b.orderBy(sql`p.reviewed_at ${sql.raw(dir)} nulls last`))
      .orderBy('p.call_at', dir)
      .orderBy('p.interaction_id', dir)
      .execute(),
  ]);
  const content = rows.map((q): QaQueueItem => ({
    interactionId: q.interaction_id,
    opportunityId: q.opportunity_id,
    clientName: [q.contact_first, q.contact_last].filter(Boolean).join(' ') || null,
    brokerageName: q.brokerage_name,
    callAt: q.call_at.toISOString(),
    durationSeconds: q.duration_seconds,
    direction: q.direction,
    handledBy: q.handled_by === null ? null : { id: q.handled_by, name: q.handler_name },
    disposition:
      q.d_id !== null && q.d_category !== null && q.d_name !== null
        ? { id: q.d_id, category: q.d_category, name: q.d_name }
        : null,
    status: q.status,
    review:
      q.status === 'AWAITING' || q.reviewed_at === null || q.criteria === null
        ? null
        : {
            criteria: q.criteria as QaCriteria,
            comment: q.comment,
            reviewer: q.reviewer_id === null ? null : { id: q.reviewer_id, name: q.reviewer_name },
            reviewedAt: q.reviewed_at.toISOString(),
          },
  }));
  return { content, totalElements };
}

const recordingView = (r: {
  id: number;
  interaction_id: number;
  opportunity_id: number;
  duration_seconds: number;
  created_at: Date;
}): Recording => ({
  id: r.id,
  interactionId: r.interaction_id,
  opportunityId: r.opportunity_id,
  durationSeconds: r.duration_seconds,
  created: r.created_at.toISOString(),
});
const recordings = (db: Db) =>
  db
    .selectFrom('call_recordings as c')
    .innerJoin('interactions as i', 'i.id', 'c.interaction_id')
    .select(['c.id', 'c.interaction_id', 'i.opportunity_id', 'c.duration_seconds', 'c.created_at']);

export const qaReviewRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/qa-reviews',
    policy: QA_ROLES,
    handler: async (c) => c.json((await queuePage(c.get('db'), query(c, QueueQuery))) satisfies Page<QaQueueItem>),
  }),
  route({
    method: 'GET',
    path: '/interviews-api/qa-reviews/figures',
    policy: QA_ROLES,
    handler: async (c) => {
      const q = query(c, v.object({ since: Time }));
      const now = c.get('now')();
      // Default: the week so far, from Monday 00:00 UTC (the console sends the start of the week in the browser's zone).
      const since =
        q.since !== undefined
          ? q.since
          : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
      const me = c.get('auth').user.id;
      const row = (
        await sql<{ awaiting: number; mine: number; mine_passed: number; team: number; team_passed: number }>`
        select (select coalesce(sum(n), 0) from qa_review_counts where status = 'AWAITING')::int as awaiting,
          count(*) filter (where reviewer_id = ${me}::int)::int as mine,
          count(*) filter (where reviewer_id = ${me}::int and status = 'PASSED')::int as mine_passed,
          count(*)::int as team,
          count(*) filter (where status = 'PASSED')::int as team_passed
        from qa_reviews where reviewed_at >= ${since}::timestamptz`.execute(c.get('db'))
      ).rows[0]!;
      const rate = (passed: number, reviewed: number) =>
        reviewed === 0 ? null : Math.round((10000 * passed) / reviewed) / 100;
      const body: QaFigures = {
        since: since.toISOString(),
        reviewerId: me,
        awaiting: row.awaiting,
        mine: { reviewed: row.mine, passed: row.mine_passed, passRate: rate(row.mine_passed, row.mine) },
        team: { reviewed: row.team, passed: row.team_passed, passRate: rate(row.team_passed, row.team) },
      };
      return c.json(body satisfies QaFigures);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/qa-reviews/handlers',
    policy: QA_ROLES,
    handler: async (c) => {
      // The few distinct handlers straight from the (handled_by, ...) index, one step per handler (a
      // loose index scan), then each one's user by its key: never a read of every user (decision 0115).
      const { rows } = await sql<QaHandlers[number]>`with recursive handlers(id) as (
          (select handled_by from qa_reviews where handled_by is not null order by handled_by limit 1)
          union all
          select (select q.handled_by from qa_reviews q where q.handled_by > h.id order by q.handled_by limit 1)
          from handlers h where h.id is not null)
        select u.id, ${userNameSql('u')} as name
        from handlers h join users u on u.id = h.id
        order by u.first_name, u.last_name, u.id`.execute(c.get('db'));
      return c.json(rows satisfies QaHandlers);
    },
  }),
  route({
    method: 'PUT',
    path: '/interviews-api/interactions/:id{[0-9]+}/review',
    policy: QA_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const body = await jsonBody(c, QaReviewRequest);
      const passed = Object.values(body.criteria).every(Boolean);
      const res = await c
        .get('db')
        .updateTable('qa_reviews')
        .set({
          status: passed ? 'PASSED' : 'FAILED',
          criteria: JSON.stringify(body.criteria),
          comment: body.comment || null,
          reviewer_id: c.get('auth').user.id,
          reviewed_at: c.get('now')(),
        })
        .where('interaction_id', '=', id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw notFound('No such recorded call');
      const page = await queuePage(c.get('db'), {
        interactionId: id,
        pageIndex: 0,
        pageSize: 1,
        sort: { key: 'callAt', desc: true },
      } as QueueFilter);
      return c.json(page.content[0]! satisfies QaQueueItem);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/recordings',
    policy: QA_ROLES,
    handler: async (c) => {
      const q = query(c, v.object({ ...pagingWith(100), opportunityId: IdParam, interactionId: IdParam }));
      const db = c.get('db');
      const base = () =>
        db
          .selectFrom('call_recordings as c')
          .innerJoin('interactions as i', 'i.id', 'c.interaction_id')
          .$if(q.opportunityId !== undefined, (b) => b.where('i.opportunity_id', '=', q.opportunityId!))
          .$if(q.interactionId !== undefined, (b) => b.where('c.interaction_id', '=', q.interactionId!));
      const [totalElements, rows] = await Promise.all([
        countOf(base().select((eb) => eb.fn.countAll<number>().as('n'))),
        base()
          .select(['c.id', 'c.interaction_id', 'i.opportunity_id', 'c.duration_seconds', 'c.created_at'])
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      return c.json({ content: rows.map(recordingView), totalElements } satisfies Page<Recording>);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/interactions/:id{[0-9]+}/recordings',
    policy: QA_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const interaction = await c
        .get('db')
        .selectFrom('interactions')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!interaction) throw notFound('No such interaction');
      const rows = await recordings(c.get('db')).where('c.interaction_id', '=', id).orderBy('c.id').execute();
      return c.json(rows.map(recordingView) satisfies Recording[]);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/recordings/:id{[0-9]+}/audio',
    policy: QA_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const rec = await c
        .get('db')
        .selectFrom('call_recordings')
        .select(['provider_ref', 'duration_seconds'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!rec) throw notFound('No such recording');
      const audio = await recordingProvider().audio({
        providerRef: rec.provider_ref,
        durationSeconds: rec.duration_seconds,
      });
      return c.body(audio.body as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': audio.contentType,
        'Content-Length': String(audio.body.byteLength),
        'Cache-Control': 'private, max-age=3600',
      });
    },
  }),
];
