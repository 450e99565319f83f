import type { ColumnType, Generated } from 'kysely';

// Kysely table types for migrations/011_broker_workspace.sql. Keep in step with the SQL.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Numeric = ColumnType<number, string | number, string | number>;

export type PotentialAgentStatus =
  'ENROLLED' | 'INVITE_PENDING' | 'INVITE_REDEEMED' | 'INVITE_DECLINED' | 'INVITE_INVALIDATED';

export interface PotentialAgentsTable {
  id: Generated<number>;
  brokerage_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  status: Generated<PotentialAgentStatus>;
  invite_code_hash: string | null;
  invite_sent_at: Timestamp | null;
  invite_expires_at: Timestamp | null;
  invites_sent: Generated<number>;
  responded_at: Timestamp | null;
  agent_id: number | null;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface BrokerageAgentNotesTable {
  id: Generated<number>;
  agent_id: number;
  brokerage_id: number;
  author_user_id: number | null;
  body: string;
  created_at: DefaultTimestamp;
}

export interface AgentQuestionnairesTable {
  agent_id: number;
  states: string;
  zip_codes: string;
  price_min: number | null;
  price_max: number | null;
  buyer: boolean;
  seller: boolean;
  rental: boolean;
  languages: string;
  years_experience: Numeric | null;
  updated_by: number | null;
  updated_at: DefaultTimestamp;
}

export interface SavedViewsTable {
  id: Generated<number>;
  user_id: number;
  list: string;
  name: string;
  query: string;
  created_at: DefaultTimestamp;
}

/** Open referrals per brokerage and agent, kept by a trigger on referrals (migration 028). */
export interface AgentOpenReferralsTable {
  brokerage_id: number;
  agent_id: number;
  open: number;
}

/** The brokerage's total of agent_open_referrals, kept by the same trigger (migration 054). */
export interface BrokerageOpenReferralsTable {
  brokerage_id: number;
  open: number;
}

/** Sales (CLOSED or LEASED referrals) per brokerage, agent and year of the date of sale (migration 066). */
export interface AgentSaleYearsTable {
  brokerage_id: number;
  agent_id: number;
  year: number;
  closed: number;
}

/** Added to `Database` in schema.ts. */
export interface BrokerWorkspaceTables {
  agent_open_referrals: AgentOpenReferralsTable;
  agent_sale_years: AgentSaleYearsTable;
  brokerage_open_referrals: BrokerageOpenReferralsTable;
  potential_agents: PotentialAgentsTable;
  brokerage_agent_notes: BrokerageAgentNotesTable;
  agent_questionnaires: AgentQuestionnairesTable;
  saved_views: SavedViewsTable;
}
