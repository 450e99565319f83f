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

// The restore of the persisted cache that a page opened signed in is about to make (the query
// layer restores as it mounts). The overview's prefetch waits for it: started before it, against an
// empty cache, the prefetch fetched every answer again, even those the restore would have brought
// back fresh (a return within their staleTime made all 16 of the overview's calls).
const RESTORE_WAIT_CAP_MS = 1_500; // an IndexedDB that does not answer must not hold the calls for long
let restoreGate: { settled: boolean; done: Promise<void>; open: () => void } | null = null;

/** A page opened on a signed-in path: a restore is coming. */
export function expectRestore(): void {
  if (restoreGate && !restoreGate.settled) return;
  let open = () => {};
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  const gate = {
    settled: false,
    done,
    open: () => {
      gate.settled = true;
      open();
    },
  };
  restoreGate = gate;
}

/** The query layer's restore has ended (restored and revalidated, or failed). */
export function restoreSettled(): void {
  restoreGate?.open();
}

/** Settles once the expected restore has ended (at once when none is expected), or after a cap. */
export function afterRestore(capMs = RESTORE_WAIT_CAP_MS): Promise<void> {
  const gate = restoreGate;
  if (!gate || gate.settled) return Promise.resolve();
  return Promise.race([
    gate.done,
    new Promise<void>((resolve) => {
      setTimeout(resolve, capMs);
    }),
  ]);
}
