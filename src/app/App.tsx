import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { onIdentityChange } from '../session/identity-events.ts';
import { useStore } from '../session/persisted-store.ts';
import { impersonationStore, profileStore } from '../session/state.ts';
import { SnackbarProvider } from '../ui/snackbar.tsx';
import { TopBarActionsProvider } from '../ui/top-bar-actions.tsx';
import { registerOfflineMutations } from './offline-mutations.ts';
import { queryClient as defaultClient } from './query-client.ts';
import { CACHE_MAX_AGE_MS, CACHE_VERSION, clearPersistedQueries, idbPersister } from './query-persistence.ts';
import { AppRouter } from './router.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function App({ client = defaultClient }: { client?: QueryClient }) {
  registerOfflineMutations(client); // before the persisted cache (and its paused writes) is restored
  const userId = useStore(profileStore, (p) => p.user?.id);
  const actingAs = useStore(impersonationStore, (i) => i?.user.id);
  const identity = actingAs === undefined ? `${userId ?? 'anonymous'}` : `${userId}-as-${actingAs}`;

  // Sign-out and impersonation changes drop every cached answer of the previous identity.
  useEffect(() => {
    const off = onIdentityChange(async () => {
      client.clear();
      await clearPersistedQueries();
    });
    return () => { off(); };
  }, [client]);

  return (
    <PersistQueryClientProvider
      key={identity}
      client={client}
      persistOptions={{
        persister: idbPersister(identity),
        buster: `${CACHE_VERSION}:${identity}`,
        maxAge: CACHE_MAX_AGE_MS,
        dehydrateOptions: { shouldDehydrateQuery: (q) => q.state.status === 'success' && q.meta?.['persist'] !== false },
      }}
      // Writes queued while offline resume once the cache (and their defaults) are back.
      onSuccess={() => { void client.resumePausedMutations(); }}
    >
      <SnackbarProvider>
        <TopBarActionsProvider>
          <AppRouter />
          <UpdatePrompt />
        </TopBarActionsProvider>
      </SnackbarProvider>
    </PersistQueryClientProvider>
  );
}
