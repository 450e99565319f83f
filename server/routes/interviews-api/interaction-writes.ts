import { sql } from 'kysely';
import { InteractionPatch, NewInteraction, type Interaction } from '../../../src/contract/interviews.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../http/audit-log.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { route, STAFF_ROLES, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, params } from '../../http/validate.ts';

// POST /interviews-api/interactions and PATCH /interviews-api/interactions/{id} (issue 17, P): staff
// log an interaction with an opportunity's client and set its disposition or summary. A disposition
// change is copied to the call's QA review row (which keeps the disposition for its filters). Each
// write leaves an audit row in its own transaction; a correction records the disposition it replaced.

async function interactionView(db: Db, id: number): Promise<Interaction> {
  const i = await db.selectFrom('interactions as i').leftJoin('dispositions as d', 'd.id', 'i.disposition_id').selectAll('i')
    .select(['d.category as d_category', 'd.name as d_name']).where('i.id', '=', id).executeTakeFirstOrThrow();
  return {
    id: i.id, opportunityId: i.opportunity_id, type: i.type, direction: i.direction,
    disposition: i.disposition_id !== null && i.d_category !== null && i.d_name !== null ? { id: i.disposition_id, category: i.d_category, name: i.d_name } : null,
    userId: i.user_id, durationSeconds: i.duration_seconds, summary: i.summary, created: i.created_at.toISOString(),
  };
}

async function assertDisposition(db: Db, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const d = await db.selectFrom('dispositions').select('id').where('id', '=', id).executeTakeFirst();
  if (!d) throw badRequest('Unknown disposition', { dispositionId: 'This disposition is no longer offered; choose another.' });
}

export const interactionWriteRoutes: RouteDef[] = [
  route({
    method: 'POST', path: '/interviews-api/interactions', policy: STAFF_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, NewInteraction);
      const now = c.var.now();
      const id = await c.var.db.transaction().execute(async (trx) => {
        const opp = await trx.selectFrom('opportunities').select('id').where('id', '=', body.opportunityId).forUpdate().executeTakeFirst();
        if (!opp) throw badRequest('No such opportunity', { opportunityId: 'No such opportunity' });
        await assertDisposition(trx, body.dispositionId);
        const row = await trx.insertInto('interactions').values({
          opportunity_id: body.opportunityId, type: body.type, direction: body.direction, disposition_id: body.dispositionId ?? null,
          user_id: c.var.auth.user.id, duration_seconds: body.durationSeconds ?? null, summary: body.summary || null, created_at: now,
        }).returning('id').executeTakeFirstOrThrow();
        // Every interaction moves the opportunity's "Updated"; calls and texts also count.
        await trx.updateTable('opportunities').set(body.type === 'CALL' ? { phone_count: sql`phone_count + 1`, updated_at: now }
          : body.type === 'SMS' ? { sms_count: sql`sms_count + 1`, updated_at: now } : { updated_at: now })
          .where('id', '=', body.opportunityId).execute();
        await recordAudit(c, trx, 'INTERACTION_LOGGED',
          `interaction ${row.id} (${body.direction} ${body.type}) of opportunity ${body.opportunityId}, disposition ${body.dispositionId ?? 'none'}`);
        return row.id;
      });
      return c.json(await interactionView(c.var.db, id) satisfies Interaction, 201);
    },
  }),
  route({
    method: 'PATCH', path: '/interviews-api/interactions/:id{[0-9]+}', policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const body = await jsonBody(c, InteractionPatch);
      await c.var.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('interactions').select(['id', 'opportunity_id', 'disposition_id']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) throw notFound('No such interaction');
        await assertDisposition(trx, body.dispositionId);
        await trx.updateTable('interactions').set({
          ...(body.dispositionId !== undefined ? { disposition_id: body.dispositionId } : {}),
          ...(body.summary !== undefined ? { summary: body.summary || null } : {}),
        }).where('id', '=', id).execute();
        if (body.dispositionId !== undefined) {
          await trx.updateTable('qa_reviews').set({ disposition_id: body.dispositionId }).where('interaction_id', '=', id).execute();
        }
        const changes = [
          body.dispositionId !== undefined ? `disposition ${row.disposition_id ?? 'none'} to ${body.dispositionId ?? 'none'}` : null,
          body.summary !== undefined ? 'summary' : null,
        ].filter(Boolean).join(', ');
        await recordAudit(c, trx, 'INTERACTION_CORRECTED', `interaction ${id} of opportunity ${row.opportunity_id}: ${changes}`);
      });
      return c.json(await interactionView(c.var.db, id) satisfies Interaction);
    },
  }),
];
