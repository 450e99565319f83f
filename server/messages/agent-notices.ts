import {
  DEFAULT_NOTICE_CHANNELS,
  NOTICE_KINDS,
  type NoticeChannel,
  type NoticeKind,
} from '../../src/contract/agent-message-preferences.ts';
import { BRAND } from '../../src/lib/brand.ts';
import { sendEmail, sendSms } from '../auth/outbox.ts';
import type { Db } from '../db/database.ts';

/** The agent notification types each kind of notice covers. */
const KIND_OF: Record<string, NoticeKind> = {
  NEW_REFERRAL: 'NEW_REFERRAL',
  FORCE_ASSIGNED_REFERRAL: 'NEW_REFERRAL',
  TEST_NEW_REFERRAL: 'NEW_REFERRAL',
  OVERDUE_REFERRAL_REMINDER: 'REMINDER',
};
export const noticeKindOf = (notificationType: string): NoticeKind | undefined => KIND_OF[notificationType];

/** The channels the agent chose for each kind (the default where they chose nothing). */
export async function agentChannels(db: Db, agentId: number): Promise<Record<NoticeKind, NoticeChannel[]>> {
  const rows = await db
    .selectFrom('agent_message_preferences')
    .select(['kind', 'channels'])
    .where('agent_id', '=', agentId)
    .execute();
  const chosen = Object.fromEntries(rows.map((r) => [r.kind, r.channels]));
  return Object.fromEntries(NOTICE_KINDS.map((k) => [k, chosen[k] ?? DEFAULT_NOTICE_CHANNELS[k]])) as Record<
    NoticeKind,
    NoticeChannel[]
  >;
}

export async function saveAgentChannels(
  db: Db,
  agentId: number,
  prefs: Record<NoticeKind, NoticeChannel[]>,
  now: Date,
): Promise<void> {
  for (const kind of NOTICE_KINDS) {
    await db
      .insertInto('agent_message_preferences')
      .values({ agent_id: agentId, kind, channels: prefs[kind], updated_at: now })
      .onConflict((oc) => oc.columns(['agent_id', 'kind']).doUpdateSet({ channels: prefs[kind], updated_at: now }))
      .execute();
  }
}

/**
 * Whether an agent notification of this type goes to the agent's phones by Web Push: a type outside
 * the two kinds always does; a new referral or reminder as the agent chose. For the push listener.
 */
export async function agentWantsPush(db: Db, agentId: number, notificationType: string): Promise<boolean> {
  const kind = noticeKindOf(notificationType);
  return kind === undefined || (await agentChannels(db, agentId))[kind].includes('PUSH');
}

/**
 * A new referral or a reminder told by text and email as the agent chose, written to the outbox in
 * the change's transaction (push goes through the agent notification and its event). A number that
 * replied STOP gets no text: the relay gives such a message up (decision 0087).
 */
export async function noticeAgent(
  trx: Db,
  o: { agentId: number; kind: NoticeKind; title: string; text: string; now: Date },
): Promise<void> {
  const channels = (await agentChannels(trx, o.agentId))[o.kind];
  if (!channels.includes('SMS') && !channels.includes('EMAIL')) return;
  const agent = await trx
    .selectFrom('agents')
    .select(['phone', 'email'])
    .where('id', '=', o.agentId)
    .executeTakeFirst();
  if (!agent) return;
  if (channels.includes('SMS') && agent.phone)
    await sendSms(trx, agent.phone, `${BRAND.name}: ${o.title}. ${o.text}`, o.now);
  if (channels.includes('EMAIL') && agent.email) {
    await sendEmail(
      trx,
      agent.email,
      `${BRAND.name}: ${o.title}`,
      `${o.text}\n\nOpen the ${BRAND.name} agent app to see it.`,
      o.now,
    );
  }
}
