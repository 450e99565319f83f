import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';

// Sign-in throttling: 5 failures per account or 20 per address within 15 minutes lock
// that scope out until the window has passed. Counts are kept in the database so every
// API process behind a load balancer sees the same numbers.
const WINDOW_MS = 15 * 60_000;
const MAX_PER_ACCOUNT = 5;
const MAX_PER_ADDRESS = 20;

export const accountScope = (identifier: string) => `account:${identifier}`;
export const addressScope = (address: string) => `address:${address}`;

export async function assertNotThrottled(db: Db, scopes: { account: string; address: string }, now: Date): Promise<void> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const rows = await db.selectFrom('sign_in_failures')
    .select(['scope', sql<number>`count(*)::int`.as('n'), sql<Date>`min(created_at)`.as('first')])
    .where('scope', 'in', [scopes.account, scopes.address]).where('created_at', '>', since)
    .groupBy('scope').execute();
  for (const row of rows) {
    const limit = row.scope === scopes.account ? MAX_PER_ACCOUNT : MAX_PER_ADDRESS;
    if (row.n >= limit) {
      const retryAfter = Math.max(1, Math.ceil((new Date(row.first).getTime() + WINDOW_MS - now.getTime()) / 1000));
      throw new HttpError(429, 'Too many sign-in attempts. Try again later.', undefined, { 'Retry-After': String(retryAfter) });
    }
  }
}

export async function recordFailure(db: Db, scopes: { account: string; address: string }, now: Date): Promise<void> {
  await db.insertInto('sign_in_failures').values([
    { scope: scopes.account, created_at: now },
    { scope: scopes.address, created_at: now },
  ]).execute();
}

export async function clearFailures(db: Db, account: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('scope', '=', account).execute();
}
