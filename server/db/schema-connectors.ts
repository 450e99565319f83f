import type { ColumnType, Generated } from 'kysely';

// Kysely types for server/db/migrations/006_connectors.sql. Keep in step with the SQL.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ConnectorStatesTable {
  id: Generated<number>;
  state_hash: string;
  user_id: number;
  provider: string;
  redirect_uri: string;
  code_hash: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface ConnectorConnectionsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  connected_at: Timestamp;
}

/** This area's tables; server/db/schema.ts composes them into Database. */
export interface ConnectorTables {
  connector_states: ConnectorStatesTable;
  connector_connections: ConnectorConnectionsTable;
}
