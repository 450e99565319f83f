import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { sql } from 'kysely';

import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';

// Counted events for the limits of the public getting-in endpoints (reset emails, one-time
// codes, invite-code guesses, contact checks). Kept in the database so every API process
// sees the same counts; rows older than a day are pruned as new ones arrive.
const KEEP_MS = 24 * 3600_000;

export interface Limit {
  scope: string;
  max: number;
  windowMs: number;
}

/** The caller's network address ('in-process' when app.fetch() is called directly, as in tests). */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'in-process';
  }
}

/** Seconds until the limit frees a slot, or 0 when it is not reached. */
export async function limitWait(db: Db, { scope, max, windowMs }: Limit, now: Date): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_events')
    .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(created_at)`.as('first')])
    .where('scope', '=', scope)
    .where('created_at', '>', new Date(now.getTime() - windowMs))
    .executeTakeFirstOrThrow();
  if (row.n < max || !row.first) return 0;
  return Math.max(1, Math.ceil((new Date(row.first).getTime() + windowMs - now.getTime()) / 1000));
}

export async function recordEvent(db: Db, scope: string, now: Date): Promise<void> {
  await db
    .deleteFrom('rate_limit_events')
    .where('created_at', '<', new Date(now.getTime() - KEEP_MS))
    .execute();
  await db.insertInto('rate_limit_events').values({ scope, created_at: now }).execute();
}

/**
 * Serialises check-then-count steps on these keys across every API process (a transaction-level
 * advisory lock; on PGlite, one session, the transaction itself already runs alone).
 */
export async function lockKeys(trx: Db, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** Checks the limit and counts this event in one locked step: 429 with Retry-After when reached. */
export async function consumeLimit(
  db: Db,
  limit: Limit,
  now: Date,
  message = 'Too many attempts. Try again later.',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockKeys(trx, [limit.scope]);
    const wait = await limitWait(trx, limit, now);
    if (wait > 0) throw new HttpError(429, message, undefined, { 'Retry-After': String(wait) });
    await recordEvent(trx, limit.scope, now);
  });
}

/** Answers 429 with Retry-After when the limit is reached. */
export async function assertWithinLimit(
  db: Db,
  limit: Limit,
  now: Date,
  message = 'Too many attempts. Try again later.',
): Promise<void> {
  const wait = await limitWait(db, limit, now);
  if (wait > 0) throw new HttpError(429, message, undefined, { 'Retry-After': String(wait) });
}
