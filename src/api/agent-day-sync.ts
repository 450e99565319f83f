import { AgentDaySync } from '../contract/referrals.ts';
import { agentAppKeys } from './agent-app-keys.ts';
import { request } from './client.ts';

// The agent's day kit (decision 0080): every open follow-up's detail, last events and
// notes in one call, which src/features/agent-app/day-sync.ts spreads into the query cache.

/** The most follow-ups a phone keeps (the server's bound too). */
export const DAY_SYNC_LIMIT = 200;

export const daySyncKey = (agentId: number) => [...agentAppKeys.agent(agentId), 'day-sync'] as const;

export const fetchDaySync = (agentId: number) =>
  request(`/agents-api/agents/${agentId}/day-sync`, { query: { limit: DAY_SYNC_LIMIT }, schema: AgentDaySync });
