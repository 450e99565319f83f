import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { agentAppKeys } from '../../api/agent-app-keys.ts';
import { daySyncQueryOptions } from '../../api/agent-day-sync.ts';
import type { AgentReferral, AgentReferralPage } from '../../contract/referrals.ts';

// Sync for the day (decision 0080): the call and how it spreads into the query cache are
// daySyncQueryOptions of src/api/agent-day-sync.ts; this is the screens' side of it.

/** Keeps the agent's day on this device while a screen that calls it is open (every agent screen's top). */
export function useDaySync(agentId: number | null) {
  const client = useQueryClient();
  return useQuery({ ...daySyncQueryOptions(client, agentId ?? 0), enabled: agentId !== null });
}

/** The follow-up `refId` as some cached list row shows it (what a referral not kept can still show). */
export function cachedRow(client: QueryClient, agentId: number, refId: number): AgentReferral | undefined {
  for (const [, page] of client.getQueriesData<AgentReferralPage>({ queryKey: agentAppKeys.lists(agentId) })) {
    const row = page?.content.find((r) => r.id === refId);
    if (row) return row;
  }
  return undefined;
}
