import type { ColumnType, Generated } from 'kysely';

// Kysely types for server/db/migrations/031_web_push.sql. Keep in step with the SQL.
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The refresh-token family (sign-in) that registered it; revoking the family deletes the row. */
  family_id: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: DefaultTimestamp;
  /** 036_push_limits.sql: deliveries that failed in a row; past the limit the row is dropped. */
  failures: ColumnType<number, number | undefined, number>;
  last_failure_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface PushDeliveriesTable {
  event_id: number;
  claimed_at: DefaultTimestamp;
}

export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: DefaultTimestamp;
}

/** This area's tables; server/db/schema.ts composes them into Database. */
export interface WebPushTables {
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  push_vapid_keys: PushVapidKeysTable;
}
