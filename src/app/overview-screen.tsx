import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { userTypeOf } from '../access/navigation.ts';
import type { RoleRef } from '../access/roles.ts';
import { useStore } from '../session/persisted-store.ts';
import { impersonationStore, profileStore } from '../session/state.ts';
import { lazyWithRetry } from './lazy-with-retry.tsx';
import { afterRestore, currentQueryClient, noteLiveQueries } from './query-client-ready.ts';

// /console (and /console/dashboard): a loan office's overview for a lender (own or impersonated),
// else the brokerage dashboard. Each is its own lazy chunk, so neither pays for the other.
type Props = { params: Record<string, string> };
const BrokerageOverview = lazyWithRetry<Props>(() =>
  import('../features/dashboard/overview-screen.tsx').then((m) => ({ default: m.OverviewScreen })),
);
const LenderOverview = lazyWithRetry<Props>(() =>
  import('../features/lender-overview/lender-overview-screen.tsx').then((m) => ({ default: m.LenderOverviewScreen })),
);

/**
 * Starts the brokerage overview's calls (overview-queries.ts) beside its chunk's download, not after
 * its first render: at sign-in, at start on /console (once the persisted cache is restored), and
 * when the route mounts. Repeats cost nothing: a call under way or fresh is not made again.
 */
export function prefetchOverview(client: QueryClient): Promise<void> {
  if (isLender(profileStore.get().user?.roles ?? [], impersonationStore.get()?.target.kind ?? null))
    return Promise.resolve();
  // Opened signed in, the page restores its persisted cache first: the calls wait for it, so an
  // answer restored fresh is not fetched again and a stale one is (the code loads meanwhile).
  return Promise.all([import('../features/dashboard/overview-queries.ts'), afterRestore()])
    .then(([m]) =>
      m.prefetchOverview(client, (hashes) => {
        noteLiveQueries(client, hashes);
      }),
    )
    .catch(() => undefined);
}

function usePrefetchedOverview(enabled: boolean) {
  useEffect(() => {
    const client = enabled ? currentQueryClient() : null;
    if (client) void prefetchOverview(client);
  }, [enabled]);
}

const isLender = (roles: readonly RoleRef[], impersonating: 'brokerage' | 'loanOffice' | null) =>
  userTypeOf({ roles, impersonating }) === 'lender';

function OverviewScreen(props: Props) {
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []);
  const impersonating = useStore(impersonationStore, (i) => i?.target.kind ?? null);
  const lender = isLender(roles, impersonating);
  usePrefetchedOverview(!lender);
  return lender ? <LenderOverview {...props} /> : <BrokerageOverview {...props} />;
}

/** The overview; `preload` loads the chunk the signed-in user's overview will need. */
export const ConsoleOverviewScreen = Object.assign(OverviewScreen, {
  preload: () =>
    (isLender(profileStore.get().user?.roles ?? [], impersonationStore.get()?.target.kind ?? null)
      ? LenderOverview
      : BrokerageOverview
    ).preload(),
});
