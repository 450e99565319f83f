import { QueryClient, timeoutManager } from '@tanstack/react-query';

import { ApiError } from '../api/client.ts';
import { coalescedTimeouts } from '../lib/coalesced-timeouts.ts';
import { createWriteLedger } from '../session/agent-unsynced.ts';
import type { OfflineWrites } from '../session/offline-writes.ts';
import { createWriteQueue } from '../session/write-queue.ts';

// Before any client or query exists (TanStack's rule): its timers share platform timers.
timeoutManager.setTimeoutProvider(coalescedTimeouts());

/**
 * The console's query client: TanStack's, and the page's offline writes (the agent's ledger in
 * IndexedDB and the queue that sends it), which the query layer starts and hands to the screens
 * (decision 0114). A new client is a new page's: it reads the ledger from IndexedDB afresh.
 */
export class ConsoleQueryClient extends QueryClient {
  readonly writes: OfflineWrites;
  constructor(config: ConstructorParameters<typeof QueryClient>[0]) {
    super(config);
    const ledger = createWriteLedger();
    this.writes = { ledger, queue: createWriteQueue(ledger) };
  }
}

/** The one QueryClient of the console (STYLE.md: wrap vendors once). */
export function createQueryClient(): ConsoleQueryClient {
  return new ConsoleQueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 3600_000, // kept a day so a persisted cache can show the last data offline
        // A refused request will not get better by asking again; a lost connection might.
        retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

export const queryClient = createQueryClient();
