import { Suspense, useEffect } from 'react';
import { Redirect, Route, Switch as RouteSwitch, useLocation } from 'wouter';
import { matchRoute } from '../access/access.ts';
import { ROUTES, type RouteEntry } from '../access/route-table.ts';
import { TitleOnly } from '../features/placeholder/title-only.tsx';
import { Spinner } from '../ui/layout.tsx';
import { notePublicRoute, RouteGuard } from './route-guard.tsx';
import { SCREENS } from './screens.tsx';
import { Shell } from './shell/shell.tsx';

function Screen({ route, params }: { route: RouteEntry; params: Record<string, string> }) {
  const Component = SCREENS[route.id];
  return Component ? <Component params={params} /> : <TitleOnly title={route.title} />;
}

function PublicRoute({ route, params }: { route: RouteEntry; params: Record<string, string> }) {
  useEffect(() => notePublicRoute(route), [route]);
  return <Suspense fallback={<Spinner />}><Screen route={route} params={params} /></Suspense>;
}

function TitleSync() {
  const [location] = useLocation();
  useEffect(() => {
    const title = matchRoute(location)?.route.title;
    document.title = title ? `${title} · Porchlight` : 'Porchlight';
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
              const clean = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string'));
              if (route.roles === undefined) return <PublicRoute route={route} params={clean} />;
              return (
                <RouteGuard route={route}>
                  <Shell route={route}>
                    <Suspense fallback={<Spinner />}><Screen route={route} params={clean} /></Suspense>
                  </Shell>
                </RouteGuard>
              );
            }}
          </Route>
        ))}
        <Route><Redirect to="/404" replace /></Route>
      </RouteSwitch>
    </>
  );
}
