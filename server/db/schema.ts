import type { ColumnType, Generated } from 'kysely';

import type { AgentAppTables } from './schema-agent-app.ts';
import type { AnalyticsTables } from './schema-analytics.ts';
import type { AssignmentsContentTables } from './schema-assignments-content.ts';
import type { AuthFlowTables } from './schema-auth-flows.ts';
import type { BrokerAdminTables } from './schema-broker-admin.ts';
import type { BrokerWorkspaceTables } from './schema-broker-workspace.ts';
import type { BrokerageSetupTables } from './schema-brokerage-setup.ts';
import type { CatalogueTables } from './schema-catalogue.ts';
import type { ConnectorTables } from './schema-connectors.ts';
import type { EventsTables } from './schema-events.ts';
import type { LenderConsoleTables, LoanOfficerStatusColumns } from './schema-lender-console.ts';
import type { MessagesTables } from './schema-messages.ts';
import type { StaffAdminTables } from './schema-staff-admin.ts';
import type { StaffReviewTables } from './schema-staff-review.ts';
import type { StaffTables } from './schema-staff.ts';
import type { SuppliersSmsTables } from './schema-suppliers-sms.ts';
import type { ViewedItemTables } from './schema-viewed-items.ts';
import type { WebPushTables } from './schema-web-push.ts';

// Kysely table types for server/db/migrations. Keep in step with the SQL.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
// int8 and numeric are parsed to JS numbers and date to 'YYYY-MM-DD' strings (server/db/database.ts).
type Numeric = ColumnType<number, string | number, string | number>;
type BigCents = ColumnType<number, number, number>;

export interface RolesTable {
  id: Generated<number>;
  name: string;
  type: string;
}

export interface BrokeragesTable {
  id: Generated<number>;
  name: string;
  status: Generated<string>;
  product_family: Generated<string>;
  email: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  /** 022_brokerage_setup.sql */
  street: Generated<string | null>;
  zip: Generated<string | null>;
  boost_enabled: Generated<boolean>;
  boost_percentage: Generated<number>;
  created_at: DefaultTimestamp;
}

export interface LoanOfficesTable {
  id: Generated<number>;
  name: string;
  status: Generated<string>;
  email: string | null;
  phone: string | null;
  created_at: DefaultTimestamp;
}

export interface LoanOfficersTable extends LoanOfficerStatusColumns {
  id: Generated<number>;
  loan_office_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  nmls: string | null;
  created_at: DefaultTimestamp;
}

export interface AgentsTable {
  id: Generated<number>;
  brokerage_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  status: Generated<string>;
  display_score: Numeric | null;
  agent_desktop_last_accessed: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  password_hash: string | null;
  password_expired: Generated<boolean>;
  status: Generated<string>;
  broker_id: number | null;
  loan_office_id: number | null;
  agent_id: number | null;
  psi_last_login: Timestamp | null;
  created_at: DefaultTimestamp;
  /** Why the sign-in is DISABLED (migrations 029, 048): USER_REMOVED, AGENT_DELETED, AGENT_DEACTIVATED; null when not kept. */
  disabled_reason: string | null;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
  position: Generated<number>;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  token_hash: string;
  family_id: string;
  user_id: number;
  client_id: string;
  stay_logged_in: Generated<boolean>;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** The name of the rotation that replaced this token: its successor is derived from it and the token. */
  rotation_request_id: string | null;
  /** When the one re-presentation the grace window allows was used. */
  grace_used_at: Timestamp | null;
}

export interface AccessTokensTable {
  token_hash: string;
  user_id: number;
  family_id: string;
  client_id: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface SignInFailuresTable {
  id: Generated<number>;
  scope: string;
  created_at: DefaultTimestamp;
  pending: Generated<boolean>;
}

export interface AppVersionsTable {
  id: Generated<number>;
  env: string;
  device_type: string;
  version: string;
}

export interface LeadSuppliersTable {
  id: Generated<number>;
  name: string;
  created_at: DefaultTimestamp;
}

export interface OpportunitiesTable {
  id: Generated<number>;
  brokerage_id: number;
  agent_id: number | null;
  supplier_id: number | null;
  product: string;
  lead_type: Generated<string>;
  type: string;
  client_type: string | null;
  status: string;
  contact_first: string | null;
  contact_last: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  cosigner_first: string | null;
  cosigner_last: string | null;
  phone_count: Generated<number>;
  sms_count: Generated<number>;
  referring_website: string | null;
  responded: Generated<boolean>;
  qualified: Generated<boolean>;
  created_at: DefaultTimestamp;
  /** migration 020: where the lead is; optional on insert */
  zip: ColumnType<string | null, string | null | undefined, string | null>;
  /** migration 021: the referral partner who sent the lead in; optional on insert */
  partner_id: ColumnType<number | null, number | null | undefined, number | null>;
  assigned_at: Timestamp | null;
  updated_at: DefaultTimestamp;
}

export interface ReferralsTable {
  id: Generated<number>;
  agent_id: number;
  brokerage_id: number;
  opportunity_id: number | null;
  product: Generated<string>;
  type: string;
  stage: string;
  prospect_first: string | null;
  prospect_last: string | null;
  prospect_phone: string | null;
  prospect_email: string | null;
  price_cents: BigCents | null;
  date_of_sale: string | null;
  sale_price_cents: BigCents | null;
  removal_reason: string | null;
  first_response_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface ReferralEventsTable {
  id: Generated<number>;
  referral_id: number;
  type: string;
  from_stage: string | null;
  to_stage: string | null;
  detail: string | null;
  actor_user_id: number | null;
  idempotency_key: string | null;
  created_at: DefaultTimestamp;
}

export interface ReferralNotesTable {
  id: Generated<number>;
  referral_id: number;
  author_user_id: number | null;
  body: string;
  idempotency_key: string | null;
  created_at: DefaultTimestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: DefaultTimestamp;
  /** 039_message_delivery.sql: the relay's record of each message (server/messages/). */
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  sent_at: Date | null;
  kind: ColumnType<MessageKind, MessageKind | undefined, MessageKind>;
  priority: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: DefaultTimestamp;
  claimed_until: Date | null;
  last_error: string | null;
  provider_id: string | null;
  updated_at: Date | null;
  expires_at: Date | null;
}

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'retrying' | 'dead';
export type MessageKind = 'code' | 'reset' | 'invitation' | 'bulk' | 'notice' | 'reply';

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  as_user_id: number | null;
  action: string;
  detail: string | null;
  created_at: DefaultTimestamp;
  /** The user a change was made to (017_staff_admin.sql), for that user's history. */
  target_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface MigrationsTable {
  name: string;
  applied_at: DefaultTimestamp;
  checksum: string | null;
}

/** Opportunities per brokerage and counted attributes, kept by triggers (migration 061, decision 0123). */
export interface OpportunityCountsTable {
  brokerage_id: number;
  product: string;
  lead_type: string;
  status: string;
  /** The supplier's id; 0 for none. */
  supplier_key: number;
  responded: boolean;
  qualified: boolean;
  /** assigned_at is set. */
  assigned: boolean;
  n: number;
}

/** Per brokerage and UTC day: opportunities created (and of them refused by every agent), and assigned. */
export interface OpportunityDaysTable {
  brokerage_id: number;
  day: ColumnType<string, string, string>;
  created: number;
  declined: number;
  assigned: number;
}

/** Referrals per brokerage, product, type and stage, and their sale prices summed (migration 061). */
export interface ReferralStageCountsTable {
  brokerage_id: number;
  product: string;
  type: string;
  stage: string;
  n: number;
  sale_cents: number;
}

/** Referrals per brokerage, UTC day of creation and stage (migration 061). */
export interface ReferralDaysTable {
  brokerage_id: number;
  day: ColumnType<string, string, string>;
  stage: string;
  n: number;
}

/** The core tables (001_core.sql). */
export interface CoreTables {
  roles: RolesTable;
  brokerages: BrokeragesTable;
  loan_offices: LoanOfficesTable;
  loan_officers: LoanOfficersTable;
  agents: AgentsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  refresh_tokens: RefreshTokensTable;
  access_tokens: AccessTokensTable;
  sign_in_failures: SignInFailuresTable;
  app_versions: AppVersionsTable;
  lead_suppliers: LeadSuppliersTable;
  opportunities: OpportunitiesTable;
  opportunity_counts: OpportunityCountsTable;
  opportunity_days: OpportunityDaysTable;
  referrals: ReferralsTable;
  referral_stage_counts: ReferralStageCountsTable;
  referral_days: ReferralDaysTable;
  referral_events: ReferralEventsTable;
  referral_notes: ReferralNotesTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  schema_migrations: MigrationsTable;
}

/** Every table: the core ones and each area's (one interface per server/db/schema-<area>.ts, listed here). */
export interface Database
  extends
    CoreTables,
    AgentAppTables,
    AnalyticsTables,
    AssignmentsContentTables,
    AuthFlowTables,
    CatalogueTables,
    BrokerAdminTables,
    BrokerageSetupTables,
    BrokerWorkspaceTables,
    ConnectorTables,
    EventsTables,
    LenderConsoleTables,
    MessagesTables,
    StaffTables,
    StaffAdminTables,
    StaffReviewTables,
    SuppliersSmsTables,
    ViewedItemTables,
    WebPushTables {}
