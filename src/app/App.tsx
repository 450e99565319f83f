import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';

import { matchRoute } from '../access/access.ts';
import { setLandingPreloader } from '../lib/landing-preload.ts';
import { Spinner } from '../ui/layout.tsx';
import { SnackbarProvider } from '../ui/snackbar.tsx';
import { TopBarActionsProvider } from '../ui/top-bar-actions.tsx';
import { lazyWithRetry } from './lazy-with-retry.tsx';
import { prefetchOverview } from './overview-screen.tsx';
import { expectRestore } from './query-client-ready.ts';
import type { ConsoleQueryClient } from './query-client.ts';
import { AppRouter, preloadRoute } from './router.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/** Pages that read no query: they render before the query layer's chunk has loaded. */
const QUERY_FREE_PATHS = new Set(['/login']);

const loadQueryLayer = () => import('./query-layer.tsx');
const QueryLayer = lazyWithRetry(async () => ({ default: (await loadQueryLayer()).QueryLayer }));

/**
 * Loads a signed-in page's code, every lazy level side by side; for the overview it also starts
 * the overview's calls. Settles once the code is in and the calls have started (not answered): the
 * sign-in navigates then, so the calls leave before the page's first render, not after it.
 */
function preloadPage(path: string | null, client: QueryClient | undefined): Promise<void> {
  const calls =
    path !== null && matchRoute(path)?.route.id === 'overview'
      ? loadQueryLayer()
          .then(async () => prefetchOverview(client ?? (await import('./query-client.ts')).queryClient))
          .catch(() => undefined)
      : undefined;
  return Promise.all([QueryLayer.preload(), preloadRoute(path), calls]).then(() => undefined);
}

export function App({ client }: { client?: ConsoleQueryClient }) {
  const [location] = useLocation();
  // Once a page has needed the query layer it stays (leaving it would drop the cache and remount).
  const [layered, setLayered] = useState(() => {
    // The login screen loads the landing page (and its calls) while the sign-in is under way.
    setLandingPreloader((path) => preloadPage(path, client));
    const needsLayer = !QUERY_FREE_PATHS.has(location);
    if (needsLayer) expectRestore();
    // Opened on a signed-in page: its chunks load side by side, not one level after another.
    if (needsLayer) void preloadPage(location, client).catch(() => undefined);
    return needsLayer;
  });
  if (!layered && !QUERY_FREE_PATHS.has(location)) setLayered(true);

  // The login page fetches the layer right after it has rendered, so signing in does not wait for it.
  useEffect(() => {
    if (layered) return;
    const timer = setTimeout(() => {
      void loadQueryLayer().catch(() => undefined);
    }, 0);
    return () => clearTimeout(timer);
  }, [layered]);

  const router = <AppRouter />;
  return (
    <SnackbarProvider>
      <TopBarActionsProvider>
        {layered ? (
          <Suspense fallback={<Spinner />}>
            <QueryLayer client={client}>{router}</QueryLayer>
          </Suspense>
        ) : (
          router
        )}
        <UpdatePrompt />
      </TopBarActionsProvider>
    </SnackbarProvider>
  );
}
