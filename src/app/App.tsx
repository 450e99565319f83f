import { Suspense, useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Spinner } from '../ui/layout.tsx';
import { SnackbarProvider } from '../ui/snackbar.tsx';
import { TopBarActionsProvider } from '../ui/top-bar-actions.tsx';
import { lazyWithRetry } from './lazy-with-retry.tsx';
import { AppRouter } from './router.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/** Pages that read no query: they render before the query layer's chunk has loaded. */
const QUERY_FREE_PATHS = new Set(['/login']);

const loadQueryLayer = () => import('./query-layer.tsx');
const QueryLayer = lazyWithRetry(async () => ({ default: (await loadQueryLayer()).QueryLayer }));

export function App({ client }: { client?: QueryClient }) {
  const [location] = useLocation();
  // Once a page has needed the query layer it stays (leaving it would drop the cache and remount).
  const [layered, setLayered] = useState(() => !QUERY_FREE_PATHS.has(location));
  if (!layered && !QUERY_FREE_PATHS.has(location)) setLayered(true);

  // The login page fetches the layer once the browser is idle, so signing in does not wait for it.
  useEffect(() => {
    if (layered) return;
    const timer = setTimeout(() => { void loadQueryLayer().catch(() => undefined); }, 1500);
    return () => clearTimeout(timer);
  }, [layered]);

  const router = <AppRouter />;
  return (
    <SnackbarProvider>
      <TopBarActionsProvider>
        {layered ? <Suspense fallback={<Spinner />}><QueryLayer client={client}>{router}</QueryLayer></Suspense> : router}
        <UpdatePrompt />
      </TopBarActionsProvider>
    </SnackbarProvider>
  );
}
