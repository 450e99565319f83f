import * as v from 'valibot';

import { paged } from './common.ts';

// Agent notifications: GET /agents-api/notifications/mobile, POST /agents-api/notifications/sample.

export const NOTIFICATION_TYPES = [
  'UNDER_CONTRACT_1_DAY_PAST',
  'OVERDUE_REFERRAL_REMINDER',
  'LONG_TERM_HOLD',
  'NEW_REFERRAL',
  'MISSED_REFERRAL',
  'NEW_ACCEPTED_REFERRAL',
  'FORCE_ASSIGNED_REFERRAL',
  'TEST_NEW_REFERRAL',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const AgentNotification = v.object({
  id: v.number(),
  agentId: v.number(),
  type: v.picklist(NOTIFICATION_TYPES),
  referralId: v.nullable(v.number()),
  referralName: v.nullable(v.string()),
  sent: v.string(),
  title: v.string(),
  text: v.string(),
  agentDisplayName: v.nullable(v.string()),
});
export type AgentNotification = v.InferOutput<typeof AgentNotification>;
export const AgentNotificationPage = paged(AgentNotification);
export type AgentNotificationPage = v.InferOutput<typeof AgentNotificationPage>;
