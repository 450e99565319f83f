import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set } from 'idb-keyval';

import { forgetCopies, noteCopySaved, noteRestored } from '../session/saved-data.ts';

// The query cache lives in IndexedDB (idb-keyval), one entry per signed-in user, so a reload
// or an offline start shows the last data at once. Bump CACHE_VERSION when a cached shape
// changes incompatibly; a per-build buster would wipe field users' caches at every deploy.
export const CACHE_VERSION = '6';
/**
 * The shapes CACHE_VERSION was set for: a fingerprint of every contract schema src/api reads answers
 * with (tests/unit/cache-version.test.ts computes it and fails, naming the new value, when a shape
 * changes: the moment to bump CACHE_VERSION). A deploy never shows a copy it cannot read.
 */
export const CACHE_CONTRACT_FINGERPRINT = 'd0239b6522c1754d';
export const CACHE_MAX_AGE_MS = 7 * 24 * 3600_000; // a week of offline reading
const THROTTLE_MS = 1000; // the cache changes in bursts; write at most once a second

const store = () => createStore('porchlight', 'query-cache');

export const cacheKeyFor = (userId: number | string) => `porchlight:query-cache:${userId}`;

// What the persisters still owe IndexedDB: throttled writes not yet due and operations under way.
const dueWrites = new Set<() => void>();
const inFlight = new Set<Promise<unknown>>();
function track<T>(op: Promise<T>): Promise<T> {
  inFlight.add(op);
  void op.finally(() => inFlight.delete(op)).catch(() => undefined);
  return op;
}

/** Writes at once what the throttle still holds (no waiting for the operations). */
function flushDueWrites(): void {
  for (const write of [...dueWrites]) write();
}

// A page being left (reload, navigation, tab closed, app switched away on a phone) writes what the
// throttle holds now: answers that landed in its last second would otherwise be lost with it, and
// the next start would show older figures than the page did.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushDueWrites);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushDueWrites();
  });
}

export function idbPersister(userId: number | string): Persister {
  const key = cacheKeyFor(userId);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    dueWrites.delete(write);
    if (latest)
      void track(
        set(key, latest, store()).then(
          () => noteCopySaved(key),
          () => undefined,
        ),
      );
  };
  return {
    persistClient(client) {
      latest = client;
      if (timer === undefined) {
        timer = setTimeout(write, THROTTLE_MS);
        dueWrites.add(write);
      }
    },
    // A copy this browser wrote that is not there any more was evicted: the app says so (saved-data.ts).
    restoreClient: () =>
      track(
        get<PersistedClient>(key, store()).then(
          (found) => {
            noteRestored(key, found !== undefined);
            return found;
          },
          () => undefined,
        ),
      ),
    removeClient: () =>
      track(
        del(key, store()).then(
          () => forgetCopies(key),
          () => undefined,
        ),
      ),
  };
}

/**
 * Writes now what the throttle still holds and resolves once every IndexedDB operation of the
 * persisters has settled (tests wait for this event instead of sleeping past the throttle).
 */
export async function settlePersistence(): Promise<void> {
  flushDueWrites();
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/** Forgets every user's cached answers (sign-out, impersonation start or end). */
export const clearPersistedQueries = () =>
  clear(store()).then(
    () => forgetCopies(),
    () => undefined,
  );
