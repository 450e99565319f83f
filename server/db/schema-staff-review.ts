import type { ColumnType, Generated } from 'kysely';

// Kysely table types for migrations/019_staff_review.sql (QA review, Twilio tasks). Keep in step with the SQL.
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface CallRecordingsTable {
  id: Generated<number>;
  interaction_id: number;
  duration_seconds: number;
  provider_ref: string;
  created_at: DefaultTimestamp;
}

export type QaStatus = 'AWAITING' | 'PASSED' | 'FAILED';

export interface QaReviewsTable {
  interaction_id: number;
  opportunity_id: number;
  call_at: Timestamp;
  handled_by: number | null;
  disposition_id: number | null;
  status: Generated<QaStatus>;
  /** { criterion key: passed } (jsonb); null while awaiting review. */
  criteria: ColumnType<Record<string, boolean> | null, string | null | undefined, string | null>;
  comment: string | null;
  reviewer_id: number | null;
  reviewed_at: Date | null;
}

export type TaskChannel = 'voice' | 'sms' | 'chat' | 'email';
export type TaskStatus = 'pending' | 'reserved' | 'assigned' | 'wrapping';

/** Open tasks per brokerage (0: none), status and channel, kept by a trigger (migration 055). */
export interface ContactCenterTaskCountsTable {
  brokerage_key: number;
  status: TaskStatus;
  channel: TaskChannel;
  n: number;
}

export interface ContactCenterTasksTable {
  id: Generated<number>;
  sid: string;
  opportunity_id: number | null;
  brokerage_id: number | null;
  channel: TaskChannel;
  status: TaskStatus;
  queue_name: string;
  assignee_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** This area's tables; server/db/schema.ts composes them into Database. */
/** The QA queue's totals by status and handler, kept by a trigger on qa_reviews (migrations 026 and 067). */
export interface QaReviewCountsTable {
  status: 'AWAITING' | 'PASSED' | 'FAILED';
  /** The handler's user id; 0 for calls without a handler. */
  handler_key: number;
  n: number;
}

export interface StaffReviewTables {
  call_recordings: CallRecordingsTable;
  qa_reviews: QaReviewsTable;
  qa_review_counts: QaReviewCountsTable;
  contact_center_tasks: ContactCenterTasksTable;
  contact_center_task_counts: ContactCenterTaskCountsTable;
}
