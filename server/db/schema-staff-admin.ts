import type { ColumnType, Generated } from 'kysely';

// Kysely types for server/db/migrations/017_staff_admin.sql. Keep in step with the SQL.
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type FlexAttributeType = 'TEXT' | 'NUMBER' | 'BOOLEAN' | 'DATE' | 'SELECT';

export interface FlexAttributesTable {
  id: Generated<number>;
  name: string;
  label: string;
  type: FlexAttributeType;
  /** SELECT only: the allowed values, one per line. */
  options: string | null;
  required: ColumnType<boolean, boolean | undefined, boolean>;
  position: ColumnType<number, number | undefined, number>;
  created_at: DefaultTimestamp;
}

export interface UserFlexAttributesTable {
  user_id: number;
  attribute_id: number;
  value: string;
  updated_by: number | null;
  updated_at: DefaultTimestamp;
}

export interface AnnouncementBrokeragesTable {
  announcement_id: number;
  brokerage_id: number;
}

/** This area's tables; server/db/schema.ts composes them into Database. */
export interface StaffAdminTables {
  flex_attributes: FlexAttributesTable;
  user_flex_attributes: UserFlexAttributesTable;
  announcement_brokerages: AnnouncementBrokeragesTable;
}
