import type { Db } from '../db/database.ts';
import { notificationAudience } from './audience.ts';
import { recordEvent } from './outbox.ts';

/** The agent_notifications columns an event tells of (the row as written). */
export interface NotificationRow {
  id: number;
  agent_id: number;
  brokerage_id: number;
  type: string;
  referral_id: number | null;
  referral_name: string | null;
  title: string;
  text: string;
}

/**
 * Every agent notification written (the spec's types: a sample, a reminder, a forced assignment...)
 * is an event in the same transaction: the agent's phone (Web Push) and open consoles hear of it.
 */
export const recordNotificationEvent = (trx: Db, n: NotificationRow) =>
  recordEvent(trx, {
    type: 'AGENT_NOTIFICATION',
    payload: {
      notificationId: n.id,
      notificationType: n.type,
      agentId: n.agent_id,
      brokerageId: n.brokerage_id,
      referralId: n.referral_id,
      referralName: n.referral_name,
      title: n.title,
      text: n.text,
    },
    audience: notificationAudience(n.brokerage_id, n.agent_id),
  });
