import { sql } from 'kysely';

import type { Role } from '../../src/access/roles.ts';
import type { EventPayload, EventType } from '../../src/contract/events.ts';
import type { Db } from '../db/database.ts';

// The write side of the event pipeline (decision 0081): a change people should hear of
// records an event in its own transaction, so an event exists exactly when its change committed.
// Delivery after commit is server/events/bus.ts.

/** The NOTIFY channel: its payload is only the event's id (a hint; readers read the rows). */
export const EVENTS_CHANNEL = 'porchlight_events';
// One key for "an event id is being handed out": ids then follow commit order (see recordEvent).
const EVENTS_LOCK_KEY = 7_406_338;

/**
 * Who may hear an event: the roles admitted, each within its own tenant. A brokerage's roles
 * (BROKERAGE_ADMIN, LEAD_SUPPLIER) hear it when brokerageId is theirs, an AGENT when agentId is
 * theirs, a LOAN_OFFICE_ADMIN when loanOfficeId is theirs; staff roles hear every tenant's.
 * A null tenant column admits nobody of that kind (server/events/audience.ts decides).
 */
export interface Audience {
  roles: readonly Role[];
  brokerageId?: number | null;
  agentId?: number | null;
  loanOfficeId?: number | null;
}

export interface EventInput {
  type: EventType;
  /** Ids and names the console needs to refresh the right screens; shown to the audience only, never a secret. */
  payload: EventPayload;
  audience: Audience;
}

/**
 * Records an event inside the transaction of the change (refused outside one). Call it last in the
 * transaction, after every row lock the change takes: it takes a transaction-scoped advisory lock
 * before the id is handed out, held to commit, so event ids are committed in id order and a reader
 * that has seen id N has seen every event below N (no lost event between two racing writers). The
 * NOTIFY it sends is delivered by PostgreSQL (and PGlite) only when the transaction commits.
 */
export async function recordEvent(trx: Db, input: EventInput): Promise<number> {
  if (!trx.isTransaction) throw new Error('recordEvent runs inside the transaction of the change');
  await sql`select pg_advisory_xact_lock(${EVENTS_LOCK_KEY})`.execute(trx);
  const a = input.audience;
  // A Postgres array literal: role names are [A-Z_] only, so nothing needs quoting.
  const roles = `{${[...new Set(a.roles)].join(',')}}`;
  const row = await trx
    .insertInto('events')
    .values({
      type: input.type,
      payload: JSON.stringify(input.payload),
      audience_roles: sql<string[]>`${roles}::text[]`,
      brokerage_id: a.brokerageId ?? null,
      agent_id: a.agentId ?? null,
      loan_office_id: a.loanOfficeId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(row.id)})`.execute(trx);
  return row.id;
}
