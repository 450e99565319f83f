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
