import type { ColumnType, Generated } from 'kysely';

import type { NotificationType } from '../../src/contract/notifications.ts';
import { BRAND } from '../../src/lib/brand.ts';

// Kysely types for server/db/migrations/005_agent_app.sql. Keep in step with the SQL.
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AgentNotificationsTable {
  id: Generated<number>;
  agent_id: number;
  brokerage_id: number;
  type: NotificationType;
  referral_id: number | null;
  referral_name: string | null;
  title: string;
  text: string;
  sent: DefaultTimestamp;
  /** migrations/046_notification_senders.sql: who caused it (null: scheduled), when the agent acted on it. */
  actor_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  cleared_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ReferralReassignmentsTable {
  id: Generated<number>;
  referral_id: number;
  from_agent_id: number;
  to_agent_id: number;
  actor_user_id: number | null;
  created_at: DefaultTimestamp;
}

export interface IdempotentRequestsTable {
  user_id: number;
  key: string;
  fingerprint: string;
  status: number;
  response: string;
  created_at: DefaultTimestamp;
}

/** This area's tables; server/db/schema.ts composes them into Database. */
export interface AgentAppTables {
  agent_notifications: AgentNotificationsTable;
  referral_reassignments: ReferralReassignmentsTable;
  idempotent_requests: IdempotentRequestsTable;
}

/** The title and text an agent reads for a notification about `name` (a prospect's name). */
export function notificationCopy(
  type: NotificationType,
  name: string,
  days = 0,
  by: string | null = null,
): { title: string; text: string } {
  const d = `${days} ${days === 1 ? 'day' : 'days'}`;
  switch (type) {
    // Sent by a person (a broker's or staff member's reminder): it names them; the scheduled one does not.
    case 'OVERDUE_REFERRAL_REMINDER':
      return by
        ? {
            title: `Reminder from ${by}`,
            text: `${by} reminded you: ${name} is ${d} overdue for a follow-up. Update the referral's stage or add a note.`,
          }
        : {
            title: 'Follow-up overdue',
            text: `${name} is ${d} overdue for a follow-up. Update the referral's stage or add a note.`,
          };
    case 'UNDER_CONTRACT_1_DAY_PAST':
      return {
        title: 'Closing date passed',
        text: `${name} is under contract and the expected closing date has passed. Mark it Closed or update the date.`,
      };
    case 'LONG_TERM_HOLD':
      return {
        title: 'Long-term hold check-in',
        text: `${name} is on Long-Term Hold. Check in and reactivate the referral when they are ready.`,
      };
    case 'NEW_REFERRAL':
      return { title: 'New referral', text: `You have a new referral: ${name}. Accept it to start the follow-up.` };
    case 'MISSED_REFERRAL':
      return { title: 'Missed referral', text: `${name} went to another agent because it was not accepted in time.` };
    case 'NEW_ACCEPTED_REFERRAL':
      return { title: 'Referral accepted', text: `You accepted ${name}. Reach out today.` };
    case 'FORCE_ASSIGNED_REFERRAL':
      return { title: 'Referral assigned to you', text: `${by ?? `The ${BRAND.name} team`} assigned ${name} to you.` };
    case 'TEST_NEW_REFERRAL':
      return { title: 'Test notification', text: `This is a sample new-referral notification from ${BRAND.name}.` };
  }
}
