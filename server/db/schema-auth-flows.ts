import type { ColumnType, Generated } from 'kysely';

// Kysely types for server/db/migrations/002_auth_flows.sql. Keep in step with the SQL.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface InvitesTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number;
  kind: 'INVITE' | 'RESET';
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_by: number | null;
  created_at: DefaultTimestamp;
  temp_hash: string | null;
  temp_expires_at: Timestamp | null;
  temp_used_at: Timestamp | null;
  session_family: string | null;
}

export interface OtpChallengesTable {
  id: Generated<number>;
  ref_hash: string;
  phone: string;
  user_id: number | null;
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  state: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface AuthorizationCodesTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  family_id: string | null;
  created_at: DefaultTimestamp;
}

export interface RateLimitEventsTable {
  id: Generated<number>;
  scope: string;
  created_at: DefaultTimestamp;
}

/** This area's tables; server/db/schema.ts composes them into Database. */
export interface AuthFlowTables {
  invites: InvitesTable;
  otp_challenges: OtpChallengesTable;
  authorization_codes: AuthorizationCodesTable;
  rate_limit_events: RateLimitEventsTable;
}
