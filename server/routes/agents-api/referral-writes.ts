import * as v from 'valibot';

import { AGENT_RECORD_ROLES, AGENT_ROLES, BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import {
  NewNote,
  NOTE_WRITTEN_WINDOW_MS,
  Reassignment,
  StageChange,
  type ReferralNote,
} from '../../../src/contract/referrals.ts';
import { REASSIGN_REFUSAL_MESSAGES, reassignRefusal } from '../../../src/lib/reassignment-rule.ts';
import { moveRefusal, takesDateOfSale } from '../../../src/lib/referral-stages.ts';
import type { Db } from '../../db/database.ts';
import { notificationCopy } from '../../db/schema-agent-app.ts';
import { previousAgentAudience, referralAudience } from '../../events/audience.ts';
import { recordNotificationEvent } from '../../events/notification-event.ts';
import { recordEvent } from '../../events/outbox.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { assertAgent, assertBrokerage, isProviderUser, missing } from '../../http/ownership.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { Id, jsonBody, params } from '../../http/validate.ts';
import { noticeAgent } from '../../messages/agent-notices.ts';
import { idempotentWrite } from './idempotency.ts';
import {
  AGENT_REFERRALS,
  assertAgentScope,
  ownReferral,
  personName,
  referralDetail,
  RefParams,
} from './referral-data.ts';

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** A brokerage admin's hand assignment to an agent on an administrative hold (staff's to lift). */
export const ADMIN_HOLD_REFUSAL =
  'That agent is on an administrative hold: only staff can assign them referrals until it is lifted';
/**
 * The agent acted on the referral (a stage move, a note): what their notifications about it asked is
 * done, so their list drops them (the brokerage's log keeps them). Their open app hears the stage or
 * note event, which refetches its notifications.
 */
async function clearActedOn(db: Db, agentId: number, referralId: number, now: Date) {
  await db
    .updateTable('agent_notifications')
    .set({ cleared_at: now })
    .where('agent_id', '=', agentId)
    .where('referral_id', '=', referralId)
    .where('cleared_at', 'is', null)
    .execute();
}

export const agentReferralWriteRoutes: RouteDef[] = [
  // A stage move by the agent: checked against canMove, one STAGE_CHANGED event, updated_at bumped.
  route({
    method: 'PATCH',
    path: `${AGENT_REFERRALS}/:refId{[0-9]+}`,
    policy: AGENT_ROLES,
    handler: async (c) => {
      const { id, refId } = params(c, RefParams);
      await assertAgentScope(c, id, 'write');
      const body = await jsonBody(c, StageChange);
      return idempotentWrite(c, body, async (trx, key) => {
        const ref = await ownReferral(trx, id, refId, true);
        const refusal = moveRefusal(ref.type, ref.stage, body.stage);
        if (refusal) throw conflict(refusal);
        const now = c.get('now')();
        // Closed or Leased without a date closes today; Under Contract always brings its expected date.
        const dateOfSale = body.dateOfSale ?? (takesDateOfSale(body.stage) ? utcDay(now) : undefined);
        await trx
          .updateTable('referrals')
          .set({
            stage: body.stage,
            updated_at: now,
            removal_reason: body.removalReason ?? null,
            ...(dateOfSale !== undefined ? { date_of_sale: dateOfSale } : {}),
          })
          .where('id', '=', refId)
          .execute();
        const detail =
          body.removalReason ?? (body.stage === 'UNDER_CONTRACT' ? `Expected closing ${dateOfSale}` : null);
        await trx
          .insertInto('referral_events')
          .values({
            referral_id: refId,
            type: 'STAGE_CHANGED',
            from_stage: ref.stage,
            to_stage: body.stage,
            detail,
            actor_user_id: c.get('auth').actor.id,
            idempotency_key: key,
            created_at: now,
          })
          .execute();
        await clearActedOn(trx, id, refId, now);
        // The first move out of Received is the agent taking the referral on: its own event type.
        await recordEvent(trx, {
          type: ref.stage === 'AWAITING_FOLLOWUP' ? 'REFERRAL_ACCEPTED' : 'REFERRAL_STAGE_CHANGED',
          payload: {
            referralId: refId,
            agentId: id,
            brokerageId: ref.brokerage_id,
            fromStage: ref.stage,
            toStage: body.stage,
          },
          audience: referralAudience(ref.brokerage_id, id),
        });
        return { status: 200, body: await referralDetail(trx, refId, now) };
      });
    },
  }),
  // The agent's note is a follow-up too: it bumps updated_at, so a noted referral is no longer overdue.
  // Staff and the brokerage's admin note the agent's referral from its page; their note is
  // not the agent's follow-up, so it leaves updated_at (and the overdue figures) as they were.
  route({
    method: 'POST',
    path: `${AGENT_REFERRALS}/:refId{[0-9]+}/notes`,
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const { id, refId } = params(c, RefParams);
      const user = c.get('auth').user;
      const byAgent = user.agentId === id && user.roles.includes('AGENT');
      if (byAgent) await assertAgentScope(c, id, 'write');
      else await assertAgent(c.get('db'), user, id);
      const body = await jsonBody(c, NewNote);
      return idempotentWrite(c, body, async (trx, key) => {
        const ref = byAgent
          ? await ownReferral(trx, id, refId, true)
          : await trx
              .selectFrom('referrals')
              .select(['id', 'brokerage_id'])
              .where('id', '=', refId)
              .where('agent_id', '=', id)
              .forUpdate()
              .executeTakeFirst();
        if (!ref) throw notFound('No such referral');
        const now = c.get('now')();
        const author = c.get('auth').actor;
        // Dated when it was written (an offline note typed an hour before it synced), within the window, never ahead of the server.
        const written =
          body.writtenAt === undefined
            ? now
            : new Date(
                Math.min(now.getTime(), Math.max(now.getTime() - NOTE_WRITTEN_WINDOW_MS, Date.parse(body.writtenAt))),
              );
        const note = await trx
          .insertInto('referral_notes')
          .values({
            referral_id: refId,
            author_user_id: author.id,
            body: body.text,
            idempotency_key: key,
            created_at: written,
          })
          .returning(['id', 'body', 'created_at'])
          .executeTakeFirstOrThrow();
        if (byAgent) {
          await trx.updateTable('referrals').set({ updated_at: now }).where('id', '=', refId).execute();
          await clearActedOn(trx, id, refId, now);
        }
        await recordEvent(trx, {
          type: 'REFERRAL_NOTE_ADDED',
          payload: { referralId: refId, agentId: id, brokerageId: ref.brokerage_id, noteId: note.id },
          audience: referralAudience(ref.brokerage_id, id),
        });
        const answer: ReferralNote = {
          id: note.id,
          text: note.body,
          created: note.created_at.toISOString(),
          authorName: personName(author.firstName, author.lastName),
        };
        return { status: 201, body: answer };
      });
    },
  }),
  // Staff or the brokerage's admin move a referral to another agent of its brokerage. The previous
  // agent's later writes to it are refused with a reason (agent-referrals-data.ts ownReferral).
  route({
    method: 'PATCH',
    path: '/agents-api/referrals/:refId{[0-9]+}/reassign',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { refId } = params(c, v.object({ refId: Id }));
      const body = await jsonBody(c, Reassignment);
      return idempotentWrite(c, body, async (trx, key) => {
        const ref = await trx
          .selectFrom('referrals')
          .select(['id', 'agent_id', 'brokerage_id', 'prospect_first', 'prospect_last'])
          .where('id', '=', refId)
          .forUpdate()
          .executeTakeFirst();
        if (!ref) throw missing(c.get('auth').user, 'referral', 'brokerage');
        assertBrokerage(c.get('auth').user, ref.brokerage_id);
        const agents = await trx
          .selectFrom('agents')
          .select(['id', 'brokerage_id', 'status', 'first_name', 'last_name'])
          .where('id', 'in', [ref.agent_id, body.agentId])
          .execute();
        const from = agents.find((a) => a.id === ref.agent_id);
        const to = agents.find((a) => a.id === body.agentId);
        // The one rule the console's agent picker shows too (src/lib/reassignment-rule.ts).
        const refusal = reassignRefusal(
          { agentId: ref.agent_id, brokerageId: ref.brokerage_id },
          to && { id: to.id, brokerageId: to.brokerage_id, status: to.status },
        );
        if (!to || refusal === 'OTHER_BROKERAGE')
          throw badRequest(REASSIGN_REFUSAL_MESSAGES.OTHER_BROKERAGE, { agentId: 'not an agent of this brokerage' });
        if (refusal) throw conflict(REASSIGN_REFUSAL_MESSAGES[refusal]);
        // A hold is staff's: a brokerage admin may not hand an agent on it a referral; staff, who lift
        // holds, may (decision 0085).
        if (to.status === 'ADMIN_HOLD' && !isProviderUser(c.get('auth').user)) throw conflict(ADMIN_HOLD_REFUSAL);
        const now = c.get('now')();
        const actor = c.get('auth').actor.id;
        await trx.updateTable('referrals').set({ agent_id: to.id, updated_at: now }).where('id', '=', refId).execute();
        await trx
          .insertInto('referral_reassignments')
          .values({
            referral_id: refId,
            from_agent_id: ref.agent_id,
            to_agent_id: to.id,
            actor_user_id: actor,
            created_at: now,
          })
          .execute();
        const detail = `Reassigned from ${personName(from?.first_name ?? null, from?.last_name ?? null) ?? `agent ${ref.agent_id}`} to ${personName(to.first_name, to.last_name) ?? `agent ${to.id}`}`;
        await trx
          .insertInto('referral_events')
          .values({
            referral_id: refId,
            type: 'REASSIGNED',
            detail,
            actor_user_id: actor,
            idempotency_key: key,
            created_at: now,
          })
          .execute();
        // Staff and brokerage admins answer for the moves they make (and staff impersonating one: both names).
        await trx
          .insertInto('audit_log')
          .values({
            actor_user_id: actor,
            as_user_id: c.get('auth').user.id,
            action: 'REFERRAL_REASSIGNED',
            detail: `referral ${refId}: ${detail}`,
            created_at: now,
          })
          .execute();
        const name = personName(ref.prospect_first, ref.prospect_last) ?? 'A referral';
        // The agent reads who moved it to them (the person acting, also when impersonating).
        const by = personName(c.get('auth').actor.firstName, c.get('auth').actor.lastName);
        const notification = await trx
          .insertInto('agent_notifications')
          .values({
            agent_id: to.id,
            brokerage_id: ref.brokerage_id,
            type: 'FORCE_ASSIGNED_REFERRAL',
            referral_id: refId,
            referral_name: name,
            ...notificationCopy('FORCE_ASSIGNED_REFERRAL', name, 0, by),
            sent: now,
            actor_user_id: actor,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        // Both agents' lists change: the new agent (with staff and admins) and the previous one hear of it.
        const moved = {
          referralId: refId,
          brokerageId: ref.brokerage_id,
          fromAgentId: ref.agent_id,
          toAgentId: to.id,
          agentId: to.id,
        };
        await recordEvent(trx, {
          type: 'REFERRAL_REASSIGNED',
          payload: moved,
          audience: referralAudience(ref.brokerage_id, to.id),
        });
        // The previous agent learns the referral left them, not who has it now (decision 0085).
        await recordEvent(trx, {
          type: 'REFERRAL_REASSIGNED',
          payload: {
            referralId: refId,
            brokerageId: ref.brokerage_id,
            fromAgentId: ref.agent_id,
            agentId: ref.agent_id,
          },
          audience: previousAgentAudience(ref.agent_id),
        });
        await recordNotificationEvent(trx, notification);
        await noticeAgent(trx, {
          agentId: to.id,
          kind: 'NEW_REFERRAL',
          title: notification.title,
          text: notification.text,
          now,
        });
        return { status: 200, body: await referralDetail(trx, refId, now) };
      });
    },
  }),
];
