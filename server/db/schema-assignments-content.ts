import type { ColumnType, Generated } from 'kysely';

// Kysely table types for migrations/020_assignments_content.sql. Keep in step with the SQL.
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MarketsTable {
  id: Generated<number>;
  name: string;
}
export interface ZipCodesTable {
  zip: string;
  city: string;
  state: string;
  market_id: number | null;
}
export interface AgentExcludedAreasTable {
  id: Generated<number>;
  agent_id: number;
  zip: string;
  created_at: DefaultTimestamp;
}
export interface OpportunityDeclinesTable {
  id: Generated<number>;
  opportunity_id: number;
  agent_id: number;
  created_at: DefaultTimestamp;
}

export interface AgentAssignmentsTable {
  id: Generated<number>;
  opportunity_id: number;
  brokerage_id: number;
  zip: string | null;
  mode: 'AUTOMATIC' | 'FORCED';
  agent_id: number | null;
  referral_id: number | null;
  forced_by: number | null;
  summary: string;
  created_at: DefaultTimestamp;
}

export interface AgentAssignmentCandidatesTable {
  id: Generated<number>;
  assignment_id: number;
  agent_id: number;
  outcome: 'CHOSEN' | 'SKIPPED';
  position: number;
  /** JSON array of strings */
  reasons: string;
  /** JSON array of { check, passed, detail } */
  checks: string;
}

export interface ContentUsagesTable {
  id: Generated<number>;
  name: string;
  usage_type: string;
  description: Generated<string>;
}
export interface ContentAudiencesTable {
  id: Generated<number>;
  name: string;
  product: string | null;
  lead_type: string | null;
  client_type: string | null;
  state: string | null;
}

/** Content items per usage and audience (0: none), kept by a trigger (migration 056). */
export interface ContentItemCountsTable {
  usage_id: number;
  audience_key: number;
  n: number;
}

export interface ContentItemsTable {
  id: Generated<number>;
  usage_id: number;
  name: string;
  current_version: Generated<number>;
  audience_id: number | null;
  priority: Generated<number>;
  active: Generated<boolean>;
  body: string;
  subject: string | null;
  updated_at: DefaultTimestamp;
}

export interface ContentItemVersionsTable {
  id: Generated<number>;
  item_id: number;
  version: number;
  name: string;
  audience_id: number | null;
  priority: number;
  active: boolean;
  body: string;
  subject: string | null;
  note: string | null;
  restored_from: number | null;
  author_user_id: number | null;
  created_at: DefaultTimestamp;
}

export interface AssignmentsContentTables {
  markets: MarketsTable;
  zip_codes: ZipCodesTable;
  agent_excluded_areas: AgentExcludedAreasTable;
  opportunity_declines: OpportunityDeclinesTable;
  agent_assignments: AgentAssignmentsTable;
  agent_assignment_candidates: AgentAssignmentCandidatesTable;
  content_usages: ContentUsagesTable;
  content_audiences: ContentAudiencesTable;
  content_items: ContentItemsTable;
  content_item_counts: ContentItemCountsTable;
  content_item_versions: ContentItemVersionsTable;
}
