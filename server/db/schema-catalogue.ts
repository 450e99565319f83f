import type { ColumnType, Generated } from 'kysely';

// Kysely table types for migrations/021_catalogue.sql (MLS boards, agents'
// support cases, referral partners, workflow tasks). Keep in step with the SQL.
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface MlsBoardsTable {
  id: Generated<number>;
  code: string;
  name: string;
  state: string;
}
export interface AgentMlsBoardsTable {
  agent_id: number;
  mls_board_id: number;
}

export interface AgentSupportCasesTable {
  id: Generated<number>;
  agent_id: number;
  subject: string;
  category: string;
  status: string;
  priority: string;
  opened_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: Timestamp | null;
}

export interface PartnersTable {
  id: Generated<number>;
  name: string;
  type: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  active: Generated<boolean>;
  created_at: DefaultTimestamp;
}

export interface WorkflowTasksTable {
  id: Generated<number>;
  opportunity_id: number;
  type: string;
  name: string;
  status: string;
  assignee_user_id: number | null;
  due_at: Timestamp | null;
  created_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface CatalogueTables {
  mls_boards: MlsBoardsTable;
  agent_mls_boards: AgentMlsBoardsTable;
  agent_support_cases: AgentSupportCasesTable;
  partners: PartnersTable;
  workflow_tasks: WorkflowTasksTable;
}
