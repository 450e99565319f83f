import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { onIdentityChange } from '../session/identity-events.ts';
import { SnackbarProvider } from '../ui/snackbar.tsx';
import { TopBarActionsProvider } from '../ui/top-bar-actions.tsx';
import { queryClient as defaultClient } from './query-client.ts';
import { AppRouter } from './router.tsx';

export function App({ client = defaultClient }: { client?: QueryClient }) {
  // Sign-out and impersonation changes drop every cached answer of the previous identity.
  useEffect(() => {
    const off = onIdentityChange(() => client.clear());
    return () => { off(); };
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <TopBarActionsProvider>
          <AppRouter />
        </TopBarActionsProvider>
      </SnackbarProvider>
    </QueryClientProvider>
  );
}
