import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set } from 'idb-keyval';

// The query cache lives in IndexedDB (idb-keyval), one entry per signed-in user, so a reload
// or an offline start shows the last data at once. Bump CACHE_VERSION when a cached shape
// changes incompatibly; a per-build buster would wipe field users' caches at every deploy.
export const CACHE_VERSION = '1';
export const CACHE_MAX_AGE_MS = 7 * 24 * 3600_000; // a week of offline reading
const THROTTLE_MS = 1000; // the cache changes in bursts; write at most once a second

const store = () => createStore('porchlight', 'query-cache');

export const cacheKeyFor = (userId: number | string) => `porchlight:query-cache:${userId}`;

export function idbPersister(userId: number | string): Persister {
  const key = cacheKeyFor(userId);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  return {
    persistClient(client) {
      latest = client;
      timer ??= setTimeout(() => {
        timer = undefined;
        if (latest) void set(key, latest, store()).catch(() => undefined);
      }, THROTTLE_MS);
    },
    restoreClient: () => get<PersistedClient>(key, store()).catch(() => undefined),
    removeClient: () => del(key, store()).catch(() => undefined),
  };
}

/** Forgets every user's cached answers (sign-out, impersonation start or end). */
export const clearPersistedQueries = () => clear(store()).catch(() => undefined);
