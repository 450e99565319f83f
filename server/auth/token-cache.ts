import type { Db } from '../db/database.ts';
import { loadTokenUser, type TokenUser } from './users.ts';

/** Entries kept at most; past it the cache starts over (a flood of distinct tokens cannot grow memory). */
const MAX_ENTRIES = 10_000;

interface Entry {
  value: TokenUser;
  expiresAt: Date;
  until: number;
}

/**
 * The authentication of every request without a query most of the time: a valid access token's
 * user and roles, kept for `ttlMs` (AUTH_CACHE_MS, default 1 s; 0 turns it off).
 *
 * Staleness bound: a change made through THIS process (logout, token or refresh-family revocation,
 * a role, status or password change: every request that is not a GET/HEAD, and every /auth/ call)
 * empties the cache when it answers, and a lookup that started before it does not store what it
 * read, so the next request sees the change. A change made by ANOTHER process on the same database
 * is seen here within `ttlMs`. Token expiry is checked against the request's clock on every use.
 * Only valid tokens are kept: an unknown, revoked or expired token costs its query every time.
 */
export class TokenCache {
  private entries = new Map<string, Entry>();
  private generation = 0;
  constructor(
    readonly ttlMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  async lookup(db: Db, tokenHash: string, now: Date): Promise<TokenUser | undefined> {
    if (this.ttlMs <= 0) return checked(await loadTokenUser(db, tokenHash), now);
    const hit = this.entries.get(tokenHash);
    if (hit && hit.until > this.clock()) return hit.expiresAt <= now ? undefined : hit.value;
    const generation = this.generation;
    const row = await loadTokenUser(db, tokenHash);
    const value = checked(row, now);
    if (value && row && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(tokenHash, { value, expiresAt: row.expiresAt, until: this.clock() + this.ttlMs });
    } else if (hit) {
      this.entries.delete(tokenHash);
    }
    return value;
  }

  /** Forget everything: called when a request that may have changed who is signed in as what answers. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

function checked(
  row: (TokenUser & { expiresAt: Date; revoked: boolean }) | undefined,
  now: Date,
): TokenUser | undefined {
  if (!row || row.revoked || row.expiresAt <= now) return undefined;
  return { clientId: row.clientId, user: row.user };
}
