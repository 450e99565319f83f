import { useEffect, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';

import { guard, overviewRedirect } from '../access/access.ts';
import type { RouteEntry } from '../access/route-table.ts';
import { useStore } from '../session/persisted-store.ts';
import { refreshSession } from '../session/session.ts';
import { impersonationStore, preferencesStore, profileStore, sessionStore } from '../session/state.ts';
import { Spinner } from '../ui/layout.tsx';
import { takeReauthDecision } from './route-guard-state.ts';

/** Applies the guard's rules (spec 1 section 4) before a console route renders. */
export function RouteGuard({ route, children }: { route: RouteEntry; children: ReactNode }) {
  const session = useStore(sessionStore);
  const user = useStore(profileStore, (p) => p.user);
  const impersonating = useStore(impersonationStore) !== null;
  // The guard runs when a route mounts; a later refresh only moves the expiry forward.
  const [now] = useState(() => Date.now());
  const roles = user?.roles.map((r) => r.name) ?? [];
  const decision = guard({ route, session, roles, now });
  // An expired session with Stay Logged In (and a refresh token) is renewed rather than ended:
  // success moves the expiry (and this flag) on; failure clears the session and goes to /login.
  const canRevive =
    decision.action === 'redirect' &&
    decision.to === '/login' &&
    !!session?.refreshToken &&
    session.expiresAt <= now &&
    preferencesStore.get().autoRefresh;
  // Offline the refresh cannot happen: the saved copy is shown until the connection returns.
  const [offlineGrace, setOfflineGrace] = useState(false);

  useEffect(() => {
    if (!canRevive) return;
    void refreshSession().then((kept) => {
      const renewed = (sessionStore.get()?.expiresAt ?? 0) > Date.now();
      if (kept && !renewed) setOfflineGrace(true);
    });
  }, [canRevive]);

  useEffect(() => {
    if (decision.action !== 'allow') return;
    // Rule 4: a silent refresh on navigation, unless the previous route skipped it.
    if (takeReauthDecision(route)) void refreshSession();
  }, [route, decision.action]);

  if (canRevive && !offlineGrace) return <Spinner label="Signing you back in" />;
  if (decision.action === 'redirect' && !(canRevive && offlineGrace)) return <Redirect to={decision.to} replace />;
  if (route.redirectTo) return <Redirect to={route.redirectTo} replace />;
  const overview = route.id === 'overview' ? overviewRedirect(roles, impersonating) : undefined;
  if (overview) return <Redirect to={overview} replace />;
  return <>{children}</>;
}
