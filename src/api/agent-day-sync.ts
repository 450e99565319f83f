import { notifyManager, queryOptions, type QueryClient } from '@tanstack/react-query';

import { AgentDaySync } from '../contract/referrals.ts';
import { agentAppKeys } from './agent-app-keys.ts';
import { request } from './client.ts';

// The agent's day kit (decision 0080): every open follow-up's detail, last events and
// notes in one call, which daySyncQueryOptions below spreads into the query cache.

/** The most follow-ups a phone keeps (the server's bound too). */
export const DAY_SYNC_LIMIT = 200;

export const daySyncKey = (agentId: number) => [...agentAppKeys.agent(agentId), 'day-sync'] as const;

export const fetchDaySync = (agentId: number) =>
  request(`/agents-api/agents/${agentId}/day-sync`, { query: { limit: DAY_SYNC_LIMIT }, schema: AgentDaySync });

// Sync for the day: while the agent app is open and online, the most urgent open follow-ups
// (DAY_SYNC_LIMIT) are fetched in one call and spread into the query cache
// under the keys the referral screen reads (detail, events, notes), so the persisted cache keeps
// each of them readable offline, opened before or not. TanStack Query's own timers refresh it: on
// start (a stale restored copy), on reconnect and every DAY_SYNC_EVERY_MS while a screen shows it;
// no timer starts when this module is imported (decision 0064).

export const DAY_SYNC_EVERY_MS = 5 * 60_000; // "every few minutes": a day's changes, without a call a minute
const FRESH_MS = 4 * 60_000; // a screen opened within this of the last sync makes no call

/** What the sync leaves in the cache under daySyncKey: when it ran and which referrals it kept. */
export interface DaySyncState {
  syncedAt: number;
  kept: number[];
  totalOpen: number;
}

/**
 * Puts each kept referral's detail, events and notes in the cache as answers fetched at `fetchedAt`,
 * in one batch of notifications. An entry the page fetched or changed after the kit's call left
 * (opened meanwhile, or patched by a queued write) is newer than the kit's copy and is left alone.
 */
export function keepDay(
  client: QueryClient,
  agentId: number,
  kit: AgentDaySync,
  sentAt: number,
  fetchedAt = Date.now(),
): DaySyncState {
  notifyManager.batch(() => {
    for (const item of kit.content) {
      const id = item.referral.id;
      const put = (key: readonly unknown[], data: unknown) => {
        if ((client.getQueryState(key)?.dataUpdatedAt ?? 0) > sentAt) return;
        client.setQueryData(key, data, { updatedAt: fetchedAt });
      };
      put(agentAppKeys.detail(agentId, id), item.referral);
      put(agentAppKeys.events(agentId, id), item.events);
      put(agentAppKeys.notes(agentId, id), item.notes);
    }
  });
  return { syncedAt: fetchedAt, kept: kit.content.map((i) => i.referral.id), totalOpen: kit.totalOpen };
}

export const daySyncQueryOptions = (client: QueryClient, agentId: number) =>
  queryOptions({
    queryKey: daySyncKey(agentId),
    queryFn: async (): Promise<DaySyncState> => {
      const sentAt = Date.now();
      return keepDay(client, agentId, await fetchDaySync(agentId), sentAt);
    },
    staleTime: FRESH_MS,
    refetchInterval: DAY_SYNC_EVERY_MS,
    refetchOnReconnect: 'always',
  });
