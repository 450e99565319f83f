import * as v from 'valibot';

import type { NotificationType } from './notifications.ts';

/** Spec 2's notification types in words (my-notifications' type column and filter). */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  UNDER_CONTRACT_1_DAY_PAST: 'Under contract, 1 day past sale date',
  OVERDUE_REFERRAL_REMINDER: 'Overdue referral reminder',
  LONG_TERM_HOLD: 'Long-term hold',
  NEW_REFERRAL: 'New referral',
  MISSED_REFERRAL: 'Missed referral',
  NEW_ACCEPTED_REFERRAL: 'New accepted referral',
  FORCE_ASSIGNED_REFERRAL: 'Force-assigned referral',
  TEST_NEW_REFERRAL: 'Sample notification',
};

// Spec 1 section 8, verbatim (the bell's panel and my-notifications).
export const NOTIFICATIONS_ERROR = 'An error occurred loading agents notifications.';
export const NO_NOTIFICATIONS = 'No notifications in the past 24 hours';

// POST /agents-api/notifications/sample: without `type` the fixed sample as before; with
// type OVERDUE_REFERRAL_REMINDER and the agent's overdue `referralId`, the reminder a brokerage admin
// or staff send from the referral's page, naming the referral. One per referral per hour.

const PositiveId = v.pipe(
  v.number(),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be a positive id'),
  v.maxValue(999_999_999),
);
/** The types a person may send by hand. */
export const SENDABLE_NOTIFICATION_TYPES = ['TEST_NEW_REFERRAL', 'OVERDUE_REFERRAL_REMINDER'] as const;
/** One reminder per referral in this long (the agent is not spammed): 1 hour. */
export const REMINDER_INTERVAL_MS = 60 * 60_000;

export const NotificationSend = v.pipe(
  v.strictObject(
    {
      agentId: PositiveId,
      type: v.optional(
        v.picklist(SENDABLE_NOTIFICATION_TYPES, 'must be TEST_NEW_REFERRAL or OVERDUE_REFERRAL_REMINDER'),
        'TEST_NEW_REFERRAL',
      ),
      referralId: v.optional(PositiveId),
    },
    'unknown field',
  ),
  v.forward(
    v.check(
      (b) => b.type !== 'OVERDUE_REFERRAL_REMINDER' || b.referralId !== undefined,
      'A reminder names its referral',
    ),
    ['referralId'],
  ),
  v.forward(
    v.check(
      (b) => b.type === 'OVERDUE_REFERRAL_REMINDER' || b.referralId === undefined,
      'Only a reminder takes a referral',
    ),
    ['referralId'],
  ),
);
export type NotificationSend = v.InferOutput<typeof NotificationSend>;
