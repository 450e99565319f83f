import type { ColumnType, Generated } from 'kysely';

export interface ViewedItemsTable {
  user_id: number;
  location: string;
  item: string;
  viewed: Generated<boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module './schema.ts' {
  interface Database { viewed_items: ViewedItemsTable }
}
