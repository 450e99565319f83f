import { queryOptions } from '@tanstack/react-query';

import { Agent, AppVersions, BoostStatus } from '../contract/agents.ts';
import { request } from './client.ts';

export const BOOST_REFRESH_MS = 24 * 3600_000; // Broker Boost status refreshes every 24 hours

export const agentKeys = {
  all: ['agents'] as const,
  detail: (id: number) => [...agentKeys.all, 'detail', id] as const,
  boost: () => [...agentKeys.all, 'boost'] as const,
  appVersions: () => ['app-versions'] as const,
};

export const fetchAgent = (id: number) => request(`/agents-api/agents/${id}`, { schema: Agent });

export const patchAgent = (id: number, patch: { agentDesktopLastAccessed?: string }) =>
  request(`/agents-api/agents/${id}`, { method: 'PATCH', json: patch, schema: Agent });

export const fetchBoost = () => request('/agents-api/agents/boost', { schema: BoostStatus });
export const boostQueryOptions = () =>
  queryOptions({
    queryKey: agentKeys.boost(),
    queryFn: fetchBoost,
    staleTime: BOOST_REFRESH_MS,
    refetchInterval: BOOST_REFRESH_MS,
  });

export const appVersionsQueryOptions = () =>
  queryOptions({
    queryKey: agentKeys.appVersions(),
    queryFn: () => request('/agents-api/appVersion', { schema: AppVersions }),
    staleTime: 3600_000,
  });
