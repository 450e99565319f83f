import { Suspense } from 'react';

import type { RouteEntry } from '../access/route-table.ts';
import { TitleOnly } from '../features/placeholder/title-only.tsx';
import { Spinner } from '../ui/layout.tsx';
import { RouteGuard } from './route-guard.tsx';
import { SCREENS } from './screens.tsx';
import { Shell } from './shell/shell.tsx';

/** A signed-in route: the guard, the shell and the screen. Loaded lazily, apart from login. */
export function ConsoleRoute({ route, params }: { route: RouteEntry; params: Record<string, string> }) {
  const Component = SCREENS[route.id];
  return (
    <RouteGuard route={route}>
      <Shell route={route}>
        <Suspense fallback={<Spinner />}>
          {Component ? <Component params={params} /> : <TitleOnly title={route.title} />}
        </Suspense>
      </Shell>
    </RouteGuard>
  );
}
