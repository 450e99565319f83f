import { sql } from 'kysely';

import {
  InteractionPatch,
  InteractionStrike,
  NewInteraction,
  type Interaction,
} from '../../../src/contract/interviews.ts';
import { parseIsoTime } from '../../../src/lib/iso-time.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../http/audit-log.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { userNameSql } from '../../http/paging.ts';
import { route, STAFF_ROLES, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, params } from '../../http/validate.ts';
import { recordOpportunityChanged } from './opportunities.ts';

// POST /interviews-api/interactions and PATCH /interviews-api/interactions/{id}: staff
// log an interaction with an opportunity's client and set its disposition or summary. A disposition
// change is copied to the call's QA review row (which keeps the disposition for its filters). Each
// write leaves an audit row in its own transaction; a correction records the disposition it replaced.

async function interactionView(db: Db, id: number): Promise<Interaction> {
  const i = await db
    .selectFrom('interactions as i')
    .leftJoin('dispositions as d', 'd.id', 'i.disposition_id')
    .leftJoin('users as su', 'su.id', 'i.struck_by_user_id')
    .selectAll('i')
    .select(['d.category as d_category', 'd.name as d_name', userNameSql('su').as('struck_by')])
    .where('i.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id: i.id,
    opportunityId: i.opportunity_id,
    type: i.type,
    direction: i.direction,
    disposition:
      i.disposition_id !== null && i.d_category !== null && i.d_name !== null
        ? { id: i.disposition_id, category: i.d_category, name: i.d_name }
        : null,
    userId: i.user_id,
    durationSeconds: i.duration_seconds,
    summary: i.summary,
    created: i.created_at.toISOString(),
    struck: i.struck_at ? { at: i.struck_at.toISOString(), by: i.struck_by, reason: i.struck_reason ?? '' } : null,
  };
}

const secondsText = (s: number | null | undefined) => (s === null || s === undefined ? 'none' : `${s}s`);

/** When a call logged afterwards was: not in the future, at most 30 days back; 400 beside the field otherwise. */
function occurredAt(text: string | null | undefined, now: Date): Date {
  if (text === null || text === undefined) return now;
  const at = parseIsoTime(text);
  if (!at) throw badRequest('The request body is not valid', { occurredAt: 'Enter when it was, as a date and time' });
  if (at.getTime() > now.getTime() + 60_000)
    throw badRequest('The request body is not valid', { occurredAt: 'It cannot be in the future' });
  if (at.getTime() < now.getTime() - 30 * 86_400_000)
    throw badRequest('The request body is not valid', { occurredAt: 'Log only the last 30 days' });
  return at;
}

/** The interaction row, locked; 404 when there is none, 409 when it was struck (a struck row is final). */
async function lockedLive(trx: Db, id: number) {
  const row = await trx
    .selectFrom('interactions')
    .select(['id', 'opportunity_id', 'type', 'disposition_id', 'duration_seconds', 'struck_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('No such interaction');
  if (row.struck_at) throw conflict('This interaction was struck; it cannot change');
  return row;
}

async function assertDisposition(db: Db, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const d = await db.selectFrom('dispositions').select('id').where('id', '=', id).executeTakeFirst();
  if (!d)
    throw badRequest('Unknown disposition', {
      dispositionId: 'This disposition is no longer offered; choose another.',
    });
}

export const interactionWriteRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/interviews-api/interactions',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, NewInteraction);
      const now = c.get('now')();
      const id = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const opp = await trx
            .selectFrom('opportunities')
            .select(['id', 'brokerage_id', 'agent_id'])
            .where('id', '=', body.opportunityId)
            .forUpdate()
            .executeTakeFirst();
          if (!opp) throw badRequest('No such opportunity', { opportunityId: 'No such opportunity' });
          await assertDisposition(trx, body.dispositionId);
          const row = await trx
            .insertInto('interactions')
            .values({
              opportunity_id: body.opportunityId,
              type: body.type,
              direction: body.direction,
              disposition_id: body.dispositionId ?? null,
              user_id: c.get('auth').user.id,
              duration_seconds: body.durationSeconds ?? null,
              summary: body.summary || null,
              created_at: occurredAt(body.occurredAt, now),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          // Every interaction moves the opportunity's "Updated"; calls and texts also count.
          await trx
            .updateTable('opportunities')
            .set(
              body.type === 'CALL'
                ? { phone_count: sql`phone_count + 1`, updated_at: now }
                : body.type === 'SMS'
                  ? { sms_count: sql`sms_count + 1`, updated_at: now }
                  : { updated_at: now },
            )
            .where('id', '=', body.opportunityId)
            .execute();
          await recordAudit(
            c,
            trx,
            'INTERACTION_LOGGED',
            `interaction ${row.id} (${body.direction} ${body.type}) of opportunity ${body.opportunityId}, disposition ${body.dispositionId ?? 'none'}`,
          );
          await recordOpportunityChanged(trx, opp, 'INTERACTION');
          return row.id;
        });
      return c.json((await interactionView(c.get('db'), id)) satisfies Interaction, 201);
    },
  }),
  route({
    method: 'PATCH',
    path: '/interviews-api/interactions/:id{[0-9]+}',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const body = await jsonBody(c, InteractionPatch);
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const row = await lockedLive(trx, id);
          await assertDisposition(trx, body.dispositionId);
          await trx
            .updateTable('interactions')
            .set({
              ...(body.dispositionId !== undefined ? { disposition_id: body.dispositionId } : {}),
              ...(body.durationSeconds !== undefined ? { duration_seconds: body.durationSeconds } : {}),
              ...(body.summary !== undefined ? { summary: body.summary || null } : {}),
            })
            .where('id', '=', id)
            .execute();
          if (body.dispositionId !== undefined) {
            await trx
              .updateTable('qa_reviews')
              .set({ disposition_id: body.dispositionId })
              .where('interaction_id', '=', id)
              .execute();
          }
          const changes = [
            body.dispositionId !== undefined
              ? `disposition ${row.disposition_id ?? 'none'} to ${body.dispositionId ?? 'none'}`
              : null,
            body.durationSeconds !== undefined
              ? `duration ${secondsText(row.duration_seconds)} to ${secondsText(body.durationSeconds)}`
              : null,
            body.summary !== undefined ? 'summary' : null,
          ]
            .filter(Boolean)
            .join(', ');
          await recordAudit(
            c,
            trx,
            'INTERACTION_CORRECTED',
            `interaction ${id} of opportunity ${row.opportunity_id}: ${changes}`,
          );
        });
      return c.json((await interactionView(c.get('db'), id)) satisfies Interaction);
    },
  }),
  route({
    method: 'POST',
    path: '/interviews-api/interactions/:id{[0-9]+}/strike',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { reason } = await jsonBody(c, InteractionStrike);
      const now = c.get('now')();
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const row = await lockedLive(trx, id);
          await trx
            .updateTable('interactions')
            .set({ struck_at: now, struck_by_user_id: c.get('auth').actor.id, struck_reason: reason })
            .where('id', '=', id)
            .execute();
          // The opportunity's call and text counts leave the struck row out again.
          await trx
            .updateTable('opportunities')
            .set(
              row.type === 'CALL'
                ? { phone_count: sql`greatest(phone_count - 1, 0)` }
                : row.type === 'SMS'
                  ? { sms_count: sql`greatest(sms_count - 1, 0)` }
                  : { updated_at: sql`updated_at` },
            )
            .where('id', '=', row.opportunity_id)
            .execute();
          await recordAudit(
            c,
            trx,
            'INTERACTION_STRUCK',
            `interaction ${id} (${row.type}) of opportunity ${row.opportunity_id}: ${reason}`,
          );
          const opp = await trx
            .selectFrom('opportunities')
            .select(['id', 'brokerage_id', 'agent_id'])
            .where('id', '=', row.opportunity_id)
            .executeTakeFirstOrThrow();
          await recordOpportunityChanged(trx, opp, 'INTERACTION');
        });
      return c.json((await interactionView(c.get('db'), id)) satisfies Interaction);
    },
  }),
];
