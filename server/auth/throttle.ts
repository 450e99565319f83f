import { sql } from 'kysely';

import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { lockKeys } from './rate-limit.ts';

// Sign-in throttling (OWASP ASVS 5.0 V6.3.1), weighted against the attacker rather than the owner:
// - one address guessing one account: 5 failures in 15 minutes close that pair for the window;
// - one address guessing any accounts: after 10 failures, each attempt waits twice as long as the
//   one before (1 s, 2 s, 4 s ... at most 15 minutes), and 30 attempts in 15 minutes close it;
// - one account guessed from many addresses: after 10 failures, waits that double up to 60 s,
//   and at most 100 failures an hour. The owner at their own address is never locked out for
//   long by somebody else's guesses, and a password reset clears the account's counts.
// An attempt is reserved (a pending row) in the same locked step that checks the limits, before
// the password is verified, so parallel guesses cannot all be checked: pending rows count toward
// the caps, confirmed failures toward the growing delays (so an office behind one address can
// sign in many people at once). A correct password takes its reservation back, a wrong one
// confirms it. Counts live in the database, shared by every API process.
const MINUTE = 60_000;
const PAIR = { max: 5, windowMs: 15 * MINUTE };
const ADDRESS = { max: 30, windowMs: 15 * MINUTE, freeFailures: 10, maxDelayMs: 15 * MINUTE };
const ACCOUNT = { max: 100, windowMs: 60 * MINUTE, freeFailures: 10, maxDelayMs: MINUTE };

export interface SignInScopes {
  account: string;
  address: string;
  pair: string;
}

export const signInScopes = (identifier: string, address: string): SignInScopes => ({
  account: `account:${identifier}`,
  address: `address:${address}`,
  pair: `pair:${identifier}|${address}`,
});

/** Milliseconds to wait after `failures` failures, the last at `last` (0: no wait). */
export function growingDelay(failures: number, freeFailures: number, maxDelayMs: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(maxDelayMs, 1000 * 2 ** Math.min(30, failures - freeFailures));
}

/** Attempts (pending or failed) for the caps; confirmed failures and the last one for the delays. */
interface Count {
  n: number;
  first: Date | null;
  failures: number;
  last: Date | null;
}

async function countsSince(db: Db, scope: string, since: Date): Promise<Count> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select([
      sql<number>`count(*)::int`.as('n'),
      sql<Date | null>`min(created_at)`.as('first'),
      sql<number>`(count(*) filter (where not pending))::int`.as('failures'),
      sql<Date | null>`max(created_at) filter (where not pending)`.as('last'),
    ])
    .where('scope', '=', scope)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return {
    n: row.n,
    first: row.first && new Date(row.first),
    failures: row.failures,
    last: row.last && new Date(row.last),
  };
}

/** Milliseconds until this attempt may be made, from the three counts. */
function waitMs(pair: Count, address: Count, account: Count, now: number): number {
  const waits = [0];
  if (pair.n >= PAIR.max && pair.first) waits.push(pair.first.getTime() + PAIR.windowMs - now);
  if (address.n >= ADDRESS.max && address.first) waits.push(address.first.getTime() + ADDRESS.windowMs - now);
  if (account.n >= ACCOUNT.max && account.first) waits.push(account.first.getTime() + ACCOUNT.windowMs - now);
  if (address.last)
    waits.push(address.last.getTime() + growingDelay(address.failures, ADDRESS.freeFailures, ADDRESS.maxDelayMs) - now);
  if (account.last)
    waits.push(account.last.getTime() + growingDelay(account.failures, ACCOUNT.freeFailures, ACCOUNT.maxDelayMs) - now);
  return Math.max(...waits);
}

/**
 * Checks the limits and reserves the attempt in one step (429 with Retry-After when refused).
 * Returns the reservation's rows, to be released when the password turns out right.
 */
export async function reserveSignInAttempt(db: Db, scopes: SignInScopes, now: Date): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx, [scopes.account, scopes.address]);
    const t = now.getTime();
    const pair = await countsSince(trx, scopes.pair, new Date(t - PAIR.windowMs));
    const address = await countsSince(trx, scopes.address, new Date(t - ADDRESS.windowMs));
    const account = await countsSince(trx, scopes.account, new Date(t - ACCOUNT.windowMs));
    const wait = waitMs(pair, address, account, t);
    if (wait > 0) {
      throw new HttpError(429, 'Too many sign-in attempts. Try again later.', undefined, {
        'Retry-After': String(Math.max(1, Math.ceil(wait / 1000))),
      });
    }
    const rows = await trx
      .insertInto('sign_in_failures')
      .values([scopes.pair, scopes.address, scopes.account].map((scope) => ({ scope, created_at: now, pending: true })))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  });
}

/** A wrong password: the reservation becomes a failure. */
export async function confirmSignInFailure(db: Db, reservation: number[]): Promise<void> {
  await db.updateTable('sign_in_failures').set({ pending: false }).where('id', 'in', reservation).execute();
}

/** A right password: its reservation is taken back and the account's and this pair's counts cleared. */
export async function releaseSignInAttempt(db: Db, reservation: number[], scopes: SignInScopes): Promise<void> {
  await db
    .deleteFrom('sign_in_failures')
    .where((eb) => eb.or([eb('id', 'in', reservation), eb('scope', 'in', [scopes.account, scopes.pair])]))
    .execute();
}

/** After a password reset or change: the account's counts, from every address, are cleared. */
export async function clearAccountFailures(db: Db, identifiers: (string | null)[]): Promise<void> {
  const ids = identifiers.filter((x): x is string => !!x);
  if (ids.length === 0) return;
  await db
    .deleteFrom('sign_in_failures')
    .where((eb) =>
      eb.or(
        ids.flatMap((id) => [
          eb('scope', '=', `account:${id}`),
          eb(sql<string>`left(scope, ${`pair:${id}|`.length})`, '=', `pair:${id}|`),
        ]),
      ),
    )
    .execute();
}
