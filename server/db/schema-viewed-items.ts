import type { ColumnType, Generated } from 'kysely';

export interface ViewedItemsTable {
  user_id: number;
  location: string;
  item: string;
  viewed: Generated<boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** This area's tables; server/db/schema.ts composes them into Database. */
export interface ViewedItemTables {
  viewed_items: ViewedItemsTable;
}
