import { sql, type RawBuilder } from 'kysely';
import * as v from 'valibot';

import { AGENT_ROLES, NOTIFICATION_ROLES } from '../../../src/access/roles.ts';
import { NotificationSend, REMINDER_INTERVAL_MS } from '../../../src/contract/agent-notifications.ts';
import {
  NOTIFICATION_TYPES,
  type AgentNotification,
  type AgentNotificationPage,
} from '../../../src/contract/notifications.ts';
import { IsoDay } from '../../../src/contract/referrals.ts';
import { limitWait, lockKeys, recordEvent as recordLimitEvent } from '../../auth/rate-limit.ts';
import type { Db } from '../../db/database.ts';
import { notificationCopy } from '../../db/schema-agent-app.ts';
import { recordNotificationEvent } from '../../events/notification-event.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { assertAgent, isProviderUser, notYoursError } from '../../http/ownership.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { Id, jsonBody, Paging } from '../../http/validate.ts';
import { noticeAgent } from '../../messages/agent-notices.ts';
import { idempotentWrite } from './idempotency.ts';
import { filledQuery, personName, selectReferrals } from './referral-data.ts';

const ListQuery = v.object({
  ...Paging,
  sort: v.optional(v.picklist(['sent,DESC', 'sent,ASC'], 'must be sent,DESC or sent,ASC'), 'sent,DESC'),
  // A day (the console sends yesterday) read as midnight UTC.
  fromDate: v.optional(
    v.pipe(
      IsoDay,
      v.transform((s) => new Date(`${s}T00:00:00Z`)),
    ),
  ),
  // The last day of a range (my-notifications), inclusive: before the next midnight UTC.
  toDate: v.optional(
    v.pipe(
      IsoDay,
      v.transform((s) => new Date(Date.parse(`${s}T00:00:00Z`) + 86_400_000)),
    ),
  ),
  brokerageId: v.optional(Id),
  agentId: v.optional(Id),
  type: v.optional(v.picklist(NOTIFICATION_TYPES, 'must be a notification type')),
  /** true: leave out what the signed-in person caused themselves (the bell: a broker's own reassignment is no news to them). */
  notMine: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
});
type ListQuery = v.InferOutput<typeof ListQuery>;

async function page(c: AppContext, q: ListQuery, scope: RawBuilder<unknown>[]): Promise<Response> {
  const parts = [...scope];
  if (q.fromDate) parts.push(sql`n.sent >= ${q.fromDate}`);
  if (q.toDate) parts.push(sql`n.sent < ${q.toDate}`);
  if (q.agentId) parts.push(sql`n.agent_id = ${q.agentId}`);
  if (q.type) parts.push(sql`n.type = ${q.type}`);
  if (q.notMine === 'true') parts.push(sql`n.actor_user_id is distinct from ${c.get('auth').actor.id}`);
  const where = sql<boolean>`${parts.length ? sql.join(parts, sql` and `) : sql`true`}`;
  const db = c.get('db');
  const [rows, total] = await Promise.all([
    db
      .selectFrom('agent_notifications as n')
      .innerJoin('agents as a', 'a.id', 'n.agent_id')
      .select([
        'n.id',
        'n.agent_id',
        'n.type',
        'n.referral_id',
        'n.referral_name',
        'n.sent',
        'n.title',
        'n.text',
        'a.first_name',
        'a.last_name',
      ])
      .where(where)
      .orderBy('n.sent', q.sort === 'sent,ASC' ? 'asc' : 'desc')
      .orderBy('n.id', 'desc')
      .limit(q.pageSize)
      .offset(q.pageIndex * q.pageSize)
      .execute(),
    db
      .selectFrom('agent_notifications as n')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  const body: AgentNotificationPage = { content: rows.map((r) => view(r)), totalElements: total.n };
  return c.json(body);
}

interface Row {
  id: number;
  agent_id: number;
  type: AgentNotification['type'];
  referral_id: number | null;
  referral_name: string | null;
  sent: Date;
  title: string;
  text: string;
  first_name: string | null;
  last_name: string | null;
}
const view = (r: Row): AgentNotification => ({
  id: r.id,
  agentId: r.agent_id,
  type: r.type,
  referralId: r.referral_id,
  referralName: r.referral_name,
  sent: r.sent.toISOString(),
  title: r.title,
  text: r.text,
  agentDisplayName: personName(r.first_name, r.last_name),
});

async function insertSample(db: Db, agentId: number, now: Date): Promise<AgentNotification> {
  const agent = await db
    .selectFrom('agents')
    .select(['id', 'brokerage_id', 'first_name', 'last_name'])
    .where('id', '=', agentId)
    .executeTakeFirst();
  if (!agent) throw notFound('No such agent');
  const row = await db
    .insertInto('agent_notifications')
    .values({
      agent_id: agent.id,
      brokerage_id: agent.brokerage_id,
      type: 'TEST_NEW_REFERRAL',
      referral_id: null,
      referral_name: 'Test Referral',
      ...notificationCopy('TEST_NEW_REFERRAL', 'Test Referral'),
      sent: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordNotificationEvent(db, row);
  return view({ ...row, first_name: agent.first_name, last_name: agent.last_name });
}

/**
 * The overdue reminder for one of the agent's overdue referrals, named in it. The referral row is
 * locked first, so two reminders racing are judged one after the other by the hourly throttle:
 * a reminder of that referral to that agent in the last hour (sent by anyone, the scheduled ones
 * too) answers 429 with Retry-After. Staff and brokerage admins answer for it in the audit log.
 */
async function insertReminder(c: AppContext, db: Db, agentId: number, referralId: number): Promise<AgentNotification> {
  const now = c.get('now')();
  const ref = await selectReferrals(db, now)
    .select('r.brokerage_id')
    .where('r.id', '=', referralId)
    .forUpdate()
    .executeTakeFirst();
  // One answer for "no such referral" and "another agent's": no oracle of other brokerages' ids.
  if (ref?.agent_id !== agentId)
    throw badRequest("That referral is not this agent's", { referralId: 'not a referral of this agent' });
  if (!ref.overdue) throw conflict('This referral is not overdue, so there is nothing to remind the agent of');
  const last = await db
    .selectFrom('agent_notifications')
    .select('sent')
    .where('agent_id', '=', agentId)
    .where('referral_id', '=', referralId)
    .where('type', '=', 'OVERDUE_REFERRAL_REMINDER')
    .where('sent', '>', new Date(now.getTime() - REMINDER_INTERVAL_MS))
    .orderBy('sent', 'desc')
    .executeTakeFirst();
  if (last) {
    const wait = Math.max(1, Math.ceil((last.sent.getTime() + REMINDER_INTERVAL_MS - now.getTime()) / 1000));
    throw new HttpError(
      429,
      `The agent was reminded of this referral less than an hour ago. Try again in ${Math.ceil(wait / 60)} minutes.`,
      undefined,
      { 'Retry-After': String(wait) },
    );
  }
  const agent = await db
    .selectFrom('agents')
    .select(['first_name', 'last_name'])
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
  const name = personName(ref.prospect_first, ref.prospect_last) ?? 'A referral';
  // Sent by a person: the agent reads who (the one acting, also when impersonating).
  const { actor } = c.get('auth');
  const by = personName(actor.firstName, actor.lastName);
  const row = await db
    .insertInto('agent_notifications')
    .values({
      agent_id: agentId,
      brokerage_id: ref.brokerage_id,
      type: 'OVERDUE_REFERRAL_REMINDER',
      referral_id: referralId,
      referral_name: name,
      ...notificationCopy('OVERDUE_REFERRAL_REMINDER', name, ref.days_overdue, by),
      sent: now,
      actor_user_id: actor.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The referral's timeline keeps it: who reminded whom, when.
  await db
    .insertInto('referral_events')
    .values({
      referral_id: referralId,
      type: 'REMINDER_SENT',
      detail: `Reminded ${personName(agent.first_name, agent.last_name) ?? 'the agent'}`,
      actor_user_id: actor.id,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: c.get('auth').actor.id,
      as_user_id: c.get('auth').user.id,
      action: 'REFERRAL_REMINDER_SENT',
      detail: `referral ${referralId} to agent ${agentId}`,
      created_at: now,
    })
    .execute();
  await recordNotificationEvent(db, row);
  await noticeAgent(db, { agentId, kind: 'REMINDER', title: row.title, text: row.text, now });
  return view({ ...row, first_name: agent.first_name, last_name: agent.last_name });
}

/**
 * Notifications sent by hand reach a phone at once (Web Push): counted per sender (the person signed
 * in, also while impersonating) and per agent, across every API process; past a limit, 429 with
 * Retry-After and nothing written. A brokerage admin reminding every overdue agent in one sitting
 * stays under; a flood of nudges does not wake a phone twenty times a minute.
 */
export const HAND_SENT_LIMITS = {
  sender: [
    { max: 30, windowMs: 10 * 60_000 },
    { max: 300, windowMs: 86_400_000 },
  ],
  agent: [
    { max: 10, windowMs: 10 * 60_000 },
    { max: 30, windowMs: 86_400_000 },
  ],
} as const;

async function consumeHandSentLimits(c: AppContext, trx: Db, agentId: number): Promise<void> {
  const now = c.get('now')();
  const sender = `hand-sent-notification-sender:${c.get('auth').actor.id}`;
  const agent = `hand-sent-notification-agent:${agentId}`;
  await lockKeys(trx, [sender, agent]);
  let senderWait = 0;
  for (const l of HAND_SENT_LIMITS.sender)
    senderWait = Math.max(senderWait, await limitWait(trx, { scope: sender, ...l }, now));
  if (senderWait > 0)
    throw new HttpError(429, 'You have sent too many notifications. Try again later.', undefined, {
      'Retry-After': String(senderWait),
    });
  let agentWait = 0;
  for (const l of HAND_SENT_LIMITS.agent)
    agentWait = Math.max(agentWait, await limitWait(trx, { scope: agent, ...l }, now));
  if (agentWait > 0)
    throw new HttpError(429, 'This agent has been sent many notifications just now. Try again later.', undefined, {
      'Retry-After': String(agentWait),
    });
  await recordLimitEvent(trx, sender, now);
  await recordLimitEvent(trx, agent, now);
}

export const notificationRoutes: RouteDef[] = [
  // The brokerage's agents' notifications: a brokerage admin sees their own brokerage only.
  route({
    method: 'GET',
    path: '/agents-api/notifications',
    policy: NOTIFICATION_ROLES,
    handler: async (c) => {
      const q = filledQuery(c, ListQuery);
      const user = c.get('auth').user;
      let brokerageId = q.brokerageId;
      if (!isProviderUser(user)) {
        if (user.brokerId === null || (brokerageId !== undefined && brokerageId !== user.brokerId))
          throw notYoursError();
        brokerageId = user.brokerId;
      }
      return page(c, q, brokerageId === undefined ? [] : [sql`n.brokerage_id = ${brokerageId}`]);
    },
  }),
  // The signed-in agent's own notifications (the phone app).
  route({
    method: 'GET',
    path: '/agents-api/notifications/mobile',
    policy: AGENT_ROLES,
    handler: async (c) => {
      const q = filledQuery(c, ListQuery);
      const agentId = c.get('auth').user.agentId;
      if (agentId === null) throw forbidden('Only an agent has notifications of their own');
      if (q.agentId !== undefined && q.agentId !== agentId) throw notYoursError();
      // What the agent has acted on is done: their list leaves it out.
      return page(c, q, [sql`n.agent_id = ${agentId}`, sql`n.cleared_at is null`]);
    },
  }),
  route({
    // A sample to one agent (my-notifications), or an overdue referral's reminder (the referral's page):
    // staff for any agent, a brokerage admin for their own agents.
    // Who may send: the my-notifications page's roles; QA reviews and does not prod agents (decision 0085).
    method: 'POST',
    path: '/agents-api/notifications/sample',
    policy: NOTIFICATION_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, NotificationSend);
      await assertAgent(c.get('db'), c.get('auth').user, body.agentId);
      return idempotentWrite(c, body, async (trx) => {
        await consumeHandSentLimits(c, trx, body.agentId);
        return {
          status: 201,
          body:
            body.referralId !== undefined
              ? await insertReminder(c, trx, body.agentId, body.referralId)
              : await insertSample(trx, body.agentId, c.get('now')()),
        };
      });
    },
  }),
];
