import type { ColumnType, Generated } from 'kysely';

// Kysely types for server/db/migrations/012_broker_admin.sql. Keep in step with the SQL.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  body: string;
  /** BROKERAGE: the chosen brokerages of announcement_brokerages (017); AGENTS: of those brokerages, or all. */
  audience: 'ALL_BROKERAGES' | 'BROKERAGE' | 'PRODUCT_FAMILY' | 'LOAN_OFFICES' | 'AGENTS';
  /** Since 017: the brokerage that owns it (a broker admin's announcement to their agents); null for staff's. */
  brokerage_id: number | null;
  product_family: string | null;
  priority: 'NORMAL' | 'HIGH';
  status: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
  publish_at: Timestamp;
  expires_at: Timestamp | null;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface AnnouncementReadsTable {
  announcement_id: number;
  user_id: number;
  read_at: Timestamp;
}

export interface EmailSettingsTable {
  id: Generated<number>;
  brokerage_id: number;
  template: string;
  email: string;
  created_by: number | null;
  created_at: DefaultTimestamp;
}

/** My Metrics' per-month referral figures, kept by a trigger on referrals (migration 025). */
export interface ReferralMonthsTable {
  brokerage_id: number;
  month: string;
  received: number;
  answered: number;
  response_micros: number;
  met: number;
  converted: number;
}

/** Who is in which announcement audience, kept by triggers (migration 059): one row per active user and kind. */
export interface AnnouncementAudienceMembersTable {
  user_id: number;
  kind: 'BROKERAGE_ADMIN' | 'LOAN_OFFICE_ADMIN' | 'AGENT';
  brokerage_key: number;
}

/** Their counts per kind and brokerage (0: none; -1: the kind's total), kept with them (migration 059). */
export interface AnnouncementAudienceCountsTable {
  kind: 'BROKERAGE_ADMIN' | 'LOAN_OFFICE_ADMIN' | 'AGENT';
  brokerage_key: number;
  n: number;
}

/** This area's tables; server/db/schema.ts composes them into Database. */
export interface BrokerAdminTables {
  announcement_audience_members: AnnouncementAudienceMembersTable;
  announcement_audience_counts: AnnouncementAudienceCountsTable;
  referral_months: ReferralMonthsTable;
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
  email_settings: EmailSettingsTable;
}
