// Kysely table types for migrations/022_brokerage_setup.sql. Keep in step with the SQL.
// The brokerages columns street and zip are declared on BrokeragesTable (schema.ts).

export interface ProductsTable {
  product_family: 'COMBINED' | 'PORCHLIGHT' | 'LEAD_GENIUS';
  name: string;
  description: string;
  position: number;
}
export interface BrokerageApinationTable {
  brokerage_id: number;
  enabled: boolean;
  changed_by: number;
  acted_by: number | null;
  changed_at: Date | string;
}

export interface BrokerageSetupTables {
  products: ProductsTable;
  brokerage_apination: BrokerageApinationTable;
}
