import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, type ReactNode } from 'react';

import { lastWriteAt } from '../api/write-clock.ts';
import { onIdentityChange } from '../session/identity-events.ts';
import { OfflineWritesContext } from '../session/offline-writes.ts';
import { useStore } from '../session/persisted-store.ts';
import { askPersistentStorage } from '../session/saved-data.ts';
import { impersonationStore, profileStore } from '../session/state.ts';
import { LiveEvents } from './live-events-mark.tsx';
import { registerOfflineMutations, startOfflineWrites } from './offline-mutations.ts';
import { isLiveQuery, restoreSettled, setCurrentQueryClient } from './query-client-ready.ts';
import { queryClient as defaultClient, type ConsoleQueryClient } from './query-client.ts';
import { CACHE_MAX_AGE_MS, CACHE_VERSION, clearPersistedQueries, idbPersister } from './query-persistence.ts';

/** Whether this page was opened by the browser's reload (not a link, a typed address or a launch). */
function reloaded(): boolean {
  const entry = globalThis.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload';
}

/**
 * After a restore: queued writes are sent, and every restored answer that may predate a change is
 * marked stale, so a mounted query refetches it (online) instead of trusting it. An answer fetched
 * after this browser's last change (src/api/write-clock.ts) keeps its age: it is fresh for the rest
 * of its staleTime, as it would have been had the page stayed open (a return within seconds makes
 * no call again), unless the page was reloaded. With no queued write the mark is set before the
 * queries subscribe (one fetch each); with queued writes everything is refetched once they are
 * sent, so the refetch cannot bring back the server's state from before them.
 */
export function revalidateRestored(client: QueryClient, { lastWrite = lastWriteAt(), reload = reloaded() } = {}): void {
  const queued = client
    .getMutationCache()
    .getAll()
    .some((m) => m.state.isPaused);
  const resumed = client.resumePausedMutations();
  if (queued) {
    void resumed.then(() => client.invalidateQueries(undefined, { cancelRefetch: false }));
    return;
  }
  // The browser's reload is how people ask for fresh figures: then every restored answer is refetched.
  if (reload) lastWrite = Infinity;
  // A query this page fetched itself before the restore (a route's prefetch) is newer than the copy.
  void client.invalidateQueries({
    refetchType: 'none',
    predicate: (q) => !isLiveQuery(client, q.queryHash) && q.state.dataUpdatedAt <= lastWrite,
  });
}

/**
 * The query cache, persisted per identity, with the offline write queue. Its own chunk: the login
 * page reads no query, so TanStack Query, the IndexedDB persister and the write queue load with the
 * first page that does (lighter entry).
 */
export function QueryLayer({
  client = defaultClient,
  children,
}: {
  client?: ConsoleQueryClient | undefined;
  children: ReactNode;
}) {
  registerOfflineMutations(client); // before the persisted cache (and its paused writes) is restored
  const userId = useStore(profileStore, (p) => p.user?.id);
  const actingAs = useStore(impersonationStore, (i) => i?.user.id);
  const identity = actingAs === undefined ? `${userId ?? 'anonymous'}` : `${userId}-as-${actingAs}`;
  setCurrentQueryClient(client);

  // The agent's queued writes are sent while this page's query layer is there.
  useEffect(() => startOfflineWrites(client), [client]);

  // Signed in: ask the browser to keep what is saved for this user under storage pressure.
  useEffect(() => {
    if (userId !== undefined) void askPersistentStorage();
  }, [userId]);

  // Sign-out and impersonation changes drop every cached answer of the previous identity.
  useEffect(() => {
    const off = onIdentityChange(async () => {
      client.clear();
      await clearPersistedQueries();
    });
    return () => {
      off();
    };
  }, [client]);

  return (
    <PersistQueryClientProvider
      key={identity}
      client={client}
      persistOptions={{
        persister: idbPersister(identity),
        buster: `${CACHE_VERSION}:${identity}`,
        maxAge: CACHE_MAX_AGE_MS,
        dehydrateOptions: {
          shouldDehydrateQuery: (q) => q.state.status === 'success' && q.meta?.['persist'] !== false,
        },
      }}
      // Writes queued while offline resume once the cache (and their defaults) are back. Then every
      // restored answer older than this browser's last change is revalidated: it is shown at once,
      // but the persisted copy can be up to a throttle interval older than the page that wrote it
      // (a change made just before a reload), so its fetch time must not keep it "fresh".
      // Then the prefetch that waited for the restore (query-client-ready.ts) may start its calls.
      onSuccess={() => {
        revalidateRestored(client);
        restoreSettled();
      }}
      onError={() => {
        restoreSettled();
      }}
    >
      <OfflineWritesContext.Provider value={client.writes}>{children}</OfflineWritesContext.Provider>
      <LiveEvents client={client} />
    </PersistQueryClientProvider>
  );
}
