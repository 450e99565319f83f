import { Suspense, useEffect } from 'react';
import { Route, Switch as RouteSwitch, useLocation } from 'wouter';

import { matchRoute } from '../access/access.ts';
import { ROUTES, type RouteEntry } from '../access/route-table.ts';
import { sendAnalyticsEvent } from '../api/analytics.ts';
import { TitleOnly } from '../features/placeholder/title-only.tsx';
import { inOwnTask } from '../lib/next-task.ts';
import { Spinner } from '../ui/layout.tsx';
import { lazyWithRetry } from './lazy-with-retry.tsx';
import { PUBLIC_SCREENS } from './public-screens.tsx';
import { notePublicRoute } from './route-guard-state.ts';
import { SCREENS } from './screens.tsx';

const NOT_FOUND = ROUTES.find((r) => r.id === 'not-found')!;

const ConsoleRoute = lazyWithRetry(async () => ({ default: (await import('./console-route.tsx')).ConsoleRoute }));

/**
 * Loads the code a path renders: for a console route, the guard and shell's chunk and the screen's
 * (null: the shell only). Started before the page renders (at sign-in, at start), every lazy level
 * is in by then and renders without suspending (lazy-with-retry.tsx).
 */
export function preloadRoute(path: string | null): Promise<void> {
  const route = path === null ? undefined : matchRoute(path)?.route;
  if (path !== null && (!route || route.roles === undefined)) return Promise.resolve();
  const screen = route ? SCREENS[route.id] : undefined;
  // Each level in a task of its own. The chunks each level imports are not preloaded by script
  // (vite.config.ts, modulePreload): the browser's module loader fetches them as it reads the imports.
  const screenLoad =
    screen && 'preload' in screen && typeof screen.preload === 'function'
      ? inOwnTask(screen.preload as () => Promise<void>)
      : undefined;
  return Promise.all([inOwnTask(ConsoleRoute.preload), screenLoad]).then(() => undefined);
}

function PublicRoute({ route, params }: { route: RouteEntry; params: Record<string, string> }) {
  useEffect(() => notePublicRoute(route), [route]);
  // A public screen may be registered in either table (screens.tsx only holds lazy imports).
  const Component = PUBLIC_SCREENS[route.id] ?? SCREENS[route.id];
  return (
    <Suspense fallback={<Spinner />}>
      {Component ? (
        <Component params={params} />
      ) : (
        <main>
          <TitleOnly title={route.title} heading />
        </main>
      )}
    </Suspense>
  );
}

function TitleSync() {
  const [location] = useLocation();
  useEffect(() => {
    const route = matchRoute(location)?.route ?? NOT_FOUND;
    document.title = route.title ? `${route.title} · Porchlight` : 'Porchlight';
    // The route's pattern, not the address: no ids or query in analytics.
    sendAnalyticsEvent('page_view', route.path);
  }, [location]);
  return null;
}

/** Every route of the table; console routes go through the guard and the shell. */
export function AppRouter() {
  return (
    <>
      <TitleSync />
      <RouteSwitch>
        {ROUTES.map((route) => (
          <Route key={route.id} path={route.path}>
            {(params: Record<string, string | undefined>) => {
              const clean = Object.fromEntries(
                Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string'),
              );
              if (route.roles === undefined) return <PublicRoute route={route} params={clean} />;
              return (
                <Suspense fallback={<Spinner />}>
                  <ConsoleRoute route={route} params={clean} />
                </Suspense>
              );
            }}
          </Route>
        ))}
        {/* An unknown address keeps what was typed and says so (decision 0048), not a redirect to /404. */}
        <Route>
          <PublicRoute route={NOT_FOUND} params={{}} />
        </Route>
      </RouteSwitch>
    </>
  );
}
