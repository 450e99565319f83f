import type { ColumnType, Generated } from 'kysely';

/** 033_events.sql: the event outbox, written in the transaction of the change it tells of. */
export interface EventsTable {
  id: Generated<number>;
  type: string;
  /** jsonb: an object of ids and names (never a secret); written as JSON text. */
  payload: ColumnType<Record<string, unknown>, string, string>;
  audience_roles: string[];
  brokerage_id: number | null;
  agent_id: number | null;
  loan_office_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** 035_event_tickets.sql: single-use tickets that open a stream where no header can be sent (EventSource). */
export interface EventTicketsTable {
  ticket_hash: string;
  token_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** 037_event_cursor_key.sql: the one key that makes event ids into stream cursors. */
export interface EventCursorKeyTable {
  id: number;
  key: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** This area's tables; server/db/schema.ts composes them into Database. */
export interface EventsTables {
  events: EventsTable;
  event_tickets: EventTicketsTable;
  event_cursor_key: EventCursorKeyTable;
}
