import type { QueryClient } from '@tanstack/react-query';

// The query layer's client, for code that starts calls outside React's tree (a route's data
// prefetch). Types only from TanStack Query: this module sits in the entry chunk.

let current: QueryClient | null = null;

/** Called by the query layer as it renders. */
export function setCurrentQueryClient(client: QueryClient): void {
  current = client;
}

/** The client of the mounted query layer; null before one has rendered. */
export function currentQueryClient(): QueryClient | null {
  return current;
}

// Calls started in this page's life before the persisted cache was restored (a route's prefetch):
// their answers are newer than anything restored, so the restore must not mark them stale.
const live = new WeakMap<QueryClient, Set<string>>();

/** Notes queries (by hash) whose fetch this page started. */
export function noteLiveQueries(client: QueryClient, hashes: readonly string[]): void {
  const set = live.get(client) ?? new Set<string>();
  for (const h of hashes) set.add(h);
  live.set(client, set);
}

/** Whether this page fetched the query itself (noteLiveQueries). */
export function isLiveQuery(client: QueryClient, hash: string): boolean {
  return live.get(client)?.has(hash) ?? false;
}
