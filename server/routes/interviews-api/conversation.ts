import { sql } from 'kysely';
import * as v from 'valibot';

import { OPPORTUNITY_ROLES } from '../../../src/access/roles.ts';
import type { ContactNumbers, ConversationEntry, ConversationPage } from '../../../src/contract/conversation.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { countOf, pagingWith, userNameSql } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { query } from '../../http/validate.ts';

// The opportunity view's interaction timeline: GET /interviews-api/conversation (the
// opportunity's calls, texts and emails with their recordings and QA status, from the tables QA
// review reads: interactions, call_recordings, qa_reviews) and GET /interviews-api/contactNumbers.

const OpportunityId = v.pipe(
  v.string('opportunityId is required'),
  v.regex(/^\d{1,9}$/, 'must be a positive whole number'),
  v.transform(Number),
);
const OpportunityQuery = v.object({ opportunityId: OpportunityId });
const ConversationQuery = v.object({ ...pagingWith(100), ...OpportunityQuery.entries });

async function assertOpportunity(db: Db, id: number) {
  const o = await db
    .selectFrom('opportunities')
    .select(['id', 'contact_phone'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!o) throw notFound('No such opportunity');
  return o;
}

export const conversationRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/conversation',
    policy: OPPORTUNITY_ROLES,
    handler: async (c) => {
      const q = query(c, ConversationQuery);
      const opportunityId = q.opportunityId;
      const db = c.get('db');
      await assertOpportunity(db, opportunityId);
      const base = () => db.selectFrom('interactions as i').where('i.opportunity_id', '=', opportunityId);
      const [totalElements, rows] = await Promise.all([
        countOf(base().select((eb) => eb.fn.countAll<number>().as('n'))),
        base()
          .leftJoin('users as u', 'u.id', 'i.user_id')
          .leftJoin('dispositions as d', 'd.id', 'i.disposition_id')
          .leftJoin('qa_reviews as q', 'q.interaction_id', 'i.id')
          .select([
            'i.id',
            'i.type',
            'i.direction',
            'i.created_at',
            'i.duration_seconds',
            'i.summary',
            'i.user_id',
            'd.id as d_id',
            'd.category as d_category',
            'd.name as d_name',
            'q.status as qa_status',
          ])
          .select(userNameSql('u').as('user_name'))
          .select((eb) =>
            eb.fn
              .coalesce(
                eb
                  .selectFrom('call_recordings as r')
                  .whereRef('r.interaction_id', '=', 'i.id')
                  .select(sql<number[]>`array_agg(r.id order by r.id)`.as('ids')),
                sql<number[]>`'{}'::int[]`,
              )
              .as('recording_ids'),
          )
          .orderBy('i.created_at', 'desc')
          .orderBy('i.id', 'desc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const content = rows.map((r): ConversationEntry => ({
        interactionId: r.id,
        type: r.type as ConversationEntry['type'],
        direction: r.direction as ConversationEntry['direction'],
        at: r.created_at.toISOString(),
        durationSeconds: r.duration_seconds,
        summary: r.summary,
        handledBy: { id: r.user_id, name: r.user_name },
        disposition: r.d_id === null ? null : { id: r.d_id, category: r.d_category!, name: r.d_name! },
        recordingIds: (r.recording_ids ?? []).map(Number),
        qaStatus: r.qa_status ?? null,
      }));
      return c.json({ content, totalElements } satisfies ConversationPage);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/contactNumbers',
    policy: OPPORTUNITY_ROLES,
    handler: async (c) => {
      const { opportunityId } = query(c, OpportunityQuery);
      const db = c.get('db');
      const o = await assertOpportunity(db, opportunityId);
      const numbers: ContactNumbers['numbers'] = [];
      if (o.contact_phone) {
        const [dnc, counts] = await Promise.all([
          db
            .selectFrom('dnc_contacts')
            .select('blocked')
            .where('type', '=', 'PHONE')
            .where('value', '=', o.contact_phone)
            .executeTakeFirst(),
          db
            .selectFrom('interactions')
            .where('opportunity_id', '=', o.id)
            .where('struck_at', 'is', null)
            .select([
              sql<number>`count(*) filter (where type = 'CALL')::int`.as('calls'),
              sql<number>`count(*) filter (where type = 'SMS')::int`.as('texts'),
              sql<Date | null>`max(created_at) filter (where type in ('CALL', 'SMS'))`.as('last'),
            ])
            .executeTakeFirstOrThrow(),
        ]);
        const last = counts.last === null ? null : new Date(counts.last);
        numbers.push({
          number: o.contact_phone,
          label: 'Client',
          doNotCall: dnc?.blocked ?? false,
          calls: counts.calls,
          texts: counts.texts,
          lastContacted: last?.toISOString() ?? null,
        });
      }
      return c.json({ opportunityId: o.id, numbers } satisfies ContactNumbers);
    },
  }),
];
