import type { ColumnType, Generated } from 'kysely';

// Kysely table types for migrations/010_lender_console.sql. Keep in step with the SQL.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type BigCents = ColumnType<number, number, number>;

export interface LenderReferralsTable {
  id: Generated<number>;
  loan_office_id: number;
  opportunity_id: number;
  brokerage_id: number;
  agent_id: number | null;
  loan_officer_id: number | null;
  status: Generated<string>;
  loan_amount_cents: BigCents | null;
  lost_reason: string | null;
  received_at: Timestamp;
  first_contact_at: Timestamp | null;
  closed_at: Timestamp | null;
  updated_at: DefaultTimestamp;
  /** Kept from the opportunity by triggers (migration 058): never written by the console's code. */
  buyer_sort: Generated<string | null>;
  buyer_search: Generated<string | null>;
}

export interface LenderReferralEventsTable {
  id: Generated<number>;
  lender_referral_id: number;
  type: 'RECEIVED' | 'ASSIGNED' | 'UNASSIGNED' | 'STATUS_CHANGED';
  from_status: string | null;
  to_status: string | null;
  loan_officer_id: number | null;
  detail: string | null;
  actor_user_id: number | null;
  created_at: DefaultTimestamp;
}

export interface LenderReferralNotesTable {
  id: Generated<number>;
  lender_referral_id: number;
  author_user_id: number | null;
  body: string;
  created_at: DefaultTimestamp;
}

/** The columns 010 adds to loan_officers (server/db/schema.ts's LoanOfficersTable extends it). */
export interface LoanOfficerStatusColumns {
  status: Generated<'ACTIVE' | 'INACTIVE'>;
  deactivated_at: Timestamp | null;
}

/** Referrals per office, officer (0: unassigned), status and UTC month of receipt, kept by a trigger (migration 057). */
export interface LenderReferralCountsTable {
  loan_office_id: number;
  officer_key: number;
  status: string;
  received_month: ColumnType<string, string, string>;
  n: number;
}

/** Closed referrals per office and UTC month of closing, kept by the same trigger (migration 057). */
export interface LenderReferralClosedMonthsTable {
  loan_office_id: number;
  closed_month: ColumnType<string, string, string>;
  n: number;
}

/** This area's tables; server/db/schema.ts composes them into Database. */
export interface LenderConsoleTables {
  lender_referrals: LenderReferralsTable;
  lender_referral_counts: LenderReferralCountsTable;
  lender_referral_closed_months: LenderReferralClosedMonthsTable;
  lender_referral_events: LenderReferralEventsTable;
  lender_referral_notes: LenderReferralNotesTable;
}
