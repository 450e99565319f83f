import { QueryClient, timeoutManager } from '@tanstack/react-query';

import { ApiError } from '../api/client.ts';
import { coalescedTimeouts } from '../lib/coalesced-timeouts.ts';

// Before any client or query exists (TanStack's rule): its timers share platform timers.
timeoutManager.setTimeoutProvider(coalescedTimeouts());

/** The one QueryClient of the console (STYLE.md: wrap vendors once). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
