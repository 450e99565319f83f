import type { ColumnType, Generated } from 'kysely';

// Kysely table types for migrations/004_staff.sql (the staff console). Keep in step with the SQL.
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface DncContactsTable {
  id: Generated<number>;
  type: 'PHONE' | 'EMAIL';
  value: string;
  owner_type: Generated<string>;
  channel: string | null;
  disposition: string | null;
  blocked: Generated<boolean>;
  created: DefaultTimestamp;
}

/** Maintained by triggers only: never written by the application. */
export interface DncBucketsTable { bucket: number; total: number; blocked: number }

export interface NotesTable {
  id: Generated<number>;
  author_user_id: number | null;
  body: string;
  created_at: DefaultTimestamp;
}
export interface BrokerNotesTable extends NotesTable { brokerage_id: number }
export interface AgentNotesTable extends NotesTable { agent_id: number }
export interface OpportunityNotesTable extends NotesTable { opportunity_id: number }

export interface AdminHoldReasonsTable { id: Generated<number>; name: string; active: Generated<boolean> }

export interface AgentAdminHoldsTable {
  id: Generated<number>;
  agent_id: number;
  reason_id: number;
  status_before: string;
  created_by: number | null;
  created_at: DefaultTimestamp;
}

export interface AgentCoverageAreasTable {
  id: Generated<number>;
  agent_id: number;
  zip: string | null;
  city: string | null;
  state: string | null;
  created_at: DefaultTimestamp;
}

export interface DispositionsTable { id: Generated<number>; category: string; name: string }

export interface InteractionsTable {
  id: Generated<number>;
  opportunity_id: number;
  type: 'CALL' | 'SMS' | 'EMAIL';
  direction: 'INBOUND' | 'OUTBOUND';
  disposition_id: number | null;
  user_id: number | null;
  duration_seconds: number | null;
  summary: string | null;
  created_at: DefaultTimestamp;
}

declare module './schema.ts' {
  interface Database {
    dnc_contacts: DncContactsTable;
    dnc_buckets: DncBucketsTable;
    broker_notes: BrokerNotesTable;
    agent_notes: AgentNotesTable;
    opportunity_notes: OpportunityNotesTable;
    admin_hold_reasons: AdminHoldReasonsTable;
    agent_admin_holds: AgentAdminHoldsTable;
    agent_coverage_areas: AgentCoverageAreasTable;
    dispositions: DispositionsTable;
    interactions: InteractionsTable;
  }
}
