import { hashKey, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';

import { NOTIFICATION_ROLES } from '../../access/roles.ts';
import { brokerageQueryOptions, hasLeadGenius } from '../../api/brokerages.ts';
import {
  agentsTotalQueryOptions,
  brokerageStatsQueryOptions,
  brokerLeadsQueryOptions,
  brokerScoreQueryOptions,
  DASHBOARD_PAGE_SIZE,
  leaderboardQueryOptions,
  leadProgressionQueryOptions,
  leadSourcesQueryOptions,
  leadStatsQueryOptions,
  notificationsQueryOptions,
  overdueAgentsQueryOptions,
  stageStatsQueryOptions,
  statusStatsQueryOptions,
  type LeaderboardQuery,
} from '../../api/dashboard.ts';
import type { Product } from '../../contract/brokerages.ts';
import { nextTask } from '../../lib/next-task.ts';
import { impersonationStore, profileStore, sessionStore } from '../../session/state.ts';

// The overview's first data calls, started by the route before the overview's chunk has loaded.
// Waiting for the chunk, its render and its effects cost the sign-in about 300 ms, and
// sixteen fetches started inside one React commit made its longest task. The widgets keep their own
// useQuery calls with the same options; tests/components/overview-prefetch.test.tsx holds the two
// lists equal, so a widget that changes its call cannot leave a stale prefetch behind.

/** The roles that get the product selector (ADMIN and LEAD_SUPPLIER). */
export const SELECTOR_ROLES = ['ADMIN', 'LEAD_SUPPLIER'];
/** The leaderboard's first page: score, highest first. */
export const LEADERBOARD_FIRST_PAGE: LeaderboardQuery = {
  pageIndex: 0,
  pageSize: DASHBOARD_PAGE_SIZE,
  sort: 'agentDisplayScore',
  descending: true,
};

export interface OverviewQueryScope {
  brokerageId: number;
  product: Product;
  leadGenius: boolean;
  /** Porchlight chosen in the selector: the IRIS widgets are hidden. */
  hideIris: boolean;
  /** The notifications menu is shown. */
  notifications: boolean;
}

// The options of different calls differ in their data's type; the prefetch only needs each as a fetch.
type AnyFetch = FetchQueryOptions<unknown, Error, unknown, readonly unknown[]>;

/** Every call the overview's widgets make when it opens, top of the page first. */
export function overviewQueries(s: OverviewQueryScope): AnyFetch[] {
  const b = s.brokerageId;
  const p = s.product;
  const iris = !s.hideIris && s.leadGenius; // teasers and hidden IRIS widgets make no call
  const leads = (product: Product, sort: 'assignedAt' | 'created') =>
    brokerLeadsQueryOptions(b, { product, sort, pageSize: DASHBOARD_PAGE_SIZE });
  const list = [
    ...(s.notifications ? [notificationsQueryOptions(b)] : []),
    brokerScoreQueryOptions(b),
    brokerageStatsQueryOptions(b, p),
    ...(iris
      ? [
          leadProgressionQueryOptions(b, p),
          statusStatsQueryOptions(b, p, 'ALL'),
          leadStatsQueryOptions(b),
          leadSourcesQueryOptions(b, p),
        ]
      : []),
    leaderboardQueryOptions(b, LEADERBOARD_FIRST_PAGE),
    overdueAgentsQueryOptions(b, 0),
    agentsTotalQueryOptions(b),
    ...(iris ? [stageStatsQueryOptions(b, p), leads(p, 'created')] : []),
    leads(p, 'assignedAt'),
    ...(iris ? [leads('LEAD_GENIUS', 'assignedAt')] : []),
  ];
  return list as AnyFetch[];
}

/**
 * Starts the brokerage overview's calls for whoever is signed in (or impersonated), as the
 * overview opens with them: both products, page one. Does nothing for a user without a brokerage,
 * without a live session (an expired token is the guard's to renew; a 401 here would end the
 * session), and while writes queued offline are waiting (the calls must not bring back the state
 * before them; a restored queue is also revalidated by the query layer). `started` hears the
 * hash of each call as it leaves (a call already under way counts as this page's own).
 */
export async function prefetchOverview(client: QueryClient, started?: (hashes: string[]) => void): Promise<void> {
  if ((sessionStore.get()?.expiresAt ?? 0) <= Date.now()) return;
  if (
    client
      .getMutationCache()
      .getAll()
      .some((m) => m.state.isPaused)
  )
    return;
  const { user, brokerage: own } = profileStore.get();
  const impersonation = impersonationStore.get();
  const target = impersonation?.target ?? null;
  const brokerageId = target ? (target.kind === 'brokerage' ? target.id : null) : (user?.brokerId ?? null);
  if (!user || brokerageId === null) return;
  const roles = user.roles.map((r) => r.name);
  const brokerage =
    own?.id === brokerageId
      ? own
      : (client.getQueryData(brokerageQueryOptions(brokerageId).queryKey) ??
        (await client.fetchQuery(brokerageQueryOptions(brokerageId)).catch(() => null)));
  if (!brokerage) return;
  const queries = overviewQueries({
    brokerageId,
    product: 'COMBINED',
    leadGenius: hasLeadGenius(brokerage),
    hideIris: false,
    notifications: impersonation !== null || roles.some((r) => (NOTIFICATION_ROLES as readonly string[]).includes(r)),
  });
  // One call per task: all in one task made Lighthouse's load of /console slower (performance
  // 81, 81, 84 against 84, 85, 93, alternated). The promise settles once the last has started; the
  // sign-in waits for that before it navigates, so the calls leave together on the idle login page
  // (during the overview's render, React's slices queued between them: the last left 330 ms after
  // the first).
  for (const options of queries) {
    await nextTask();
    void client.prefetchQuery(options);
    // Only a call that has left is newer than a restored copy. A query the restore filled (and
    // marked stale) before its turn here is fetched by this prefetch; one still fresh because this
    // page fetched it is not; neither may be reported before it is under way, or a restore landing
    // between two turns would leave its copy unrevalidated and on screen for a staleTime.
    const hash = hashKey(options.queryKey);
    if (client.getQueryCache().get(hash)?.state.fetchStatus === 'fetching') started?.([hash]);
  }
}
