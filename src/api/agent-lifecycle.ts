import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';

import { SupportCasePage } from '../contract/agent-support.ts';
import { Agent, ExcludedArea, MlsBoards, type AgentEnrollment } from '../contract/agents.ts';
import { request } from './client.ts';
import { myAgentKeys } from './my-agents.ts';
import { staffAgentKeys } from './staff-agents.ts';
import { write } from './write.ts';

// The agent's lifecycle (enrol, delete, reactivate), excluded ZIPs, MLS boards and
// support cases for the staff agent view.

const agentPath = (id: number) => `/agents-api/agents/${id}`;

export const lifecycleKeys = {
  exclusions: (id: number) => [...staffAgentKeys.detail(id), 'exclusions'] as const,
  boards: (id: number) => [...staffAgentKeys.detail(id), 'mls-boards'] as const,
  cases: (id: number, page: { pageIndex: number; pageSize: number }) =>
    [...staffAgentKeys.detail(id), 'support-cases', page] as const,
};

const enrollAgent = (body: AgentEnrollment) =>
  request('/agents-api/agents/enrollment', { method: 'POST', json: body, schema: Agent });
export const deleteAgent = (id: number) => request(agentPath(id), { method: 'DELETE', schema: Agent });
export const reactivateAgent = (id: number) =>
  request(`${agentPath(id)}/reactivate`, { method: 'PATCH', schema: Agent });
export const pauseAgent = (id: number) => request(`${agentPath(id)}/pause`, { method: 'PATCH', schema: Agent });
export const deactivateAgent = (id: number) =>
  request(`${agentPath(id)}/deactivate`, { method: 'PATCH', schema: Agent });

/** After a lifecycle change: the agent's record in the cache, and every agents list refetched. */
export async function agentChanged(client: QueryClient, agent: Agent): Promise<void> {
  client.setQueryData(staffAgentKeys.detail(agent.id), agent);
  client.setQueryData(myAgentKeys.agent(agent.id), agent);
  await Promise.all([
    client.invalidateQueries({ queryKey: staffAgentKeys.lists() }),
    // A broker admin's My Agents: the lists and this agent's figures (the record itself is set above).
    client.invalidateQueries({
      queryKey: myAgentKeys.all,
      predicate: (q) => !(q.queryKey.length === 3 && q.queryKey[1] === 'agent' && q.queryKey[2] === agent.id),
    }),
  ]);
}

/** Enrols an agent; the agent's record and the agents lists follow (not awaited: the dialog closes at once). */
export const enrollAgentWrite = write(enrollAgent, (client) => ({
  onSuccess: (a: Agent) => {
    void agentChanged(client, a);
  },
}));

export const exclusionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lifecycleKeys.exclusions(id),
    queryFn: () => request(`${agentPath(id)}/excludedAreas`, { schema: v.array(ExcludedArea) }),
  });
export const addExclusion = (id: number, zip: string) =>
  request(`${agentPath(id)}/excludedAreas/${encodeURIComponent(zip)}`, { method: 'POST', schema: ExcludedArea });
export const removeExclusion = (id: number, zip: string) =>
  request(`${agentPath(id)}/excludedAreas/${encodeURIComponent(zip)}`, { method: 'DELETE' });
const refreshExclusions = (id: number) => (client: QueryClient) => ({
  onSettled: () => client.invalidateQueries({ queryKey: lifecycleKeys.exclusions(id) }),
});
export const addExclusionWrite = (id: number) => write((zip: string) => addExclusion(id, zip), refreshExclusions(id));
export const removeExclusionWrite = (id: number) =>
  write((zip: string) => removeExclusion(id, zip), refreshExclusions(id));

export const mlsBoardsQueryOptions = (agentId: number) =>
  queryOptions({
    queryKey: lifecycleKeys.boards(agentId),
    queryFn: () => request('/agents-api/mls-board', { query: { agentId }, schema: MlsBoards }),
  });
export const saveMlsBoards = (agentId: number, boardIds: number[]) =>
  request(`${agentPath(agentId)}/mls-boards`, { method: 'PUT', json: { boardIds }, schema: MlsBoards });
export const saveMlsBoardsWrite = (agentId: number) =>
  write(
    (boardIds: number[]) => saveMlsBoards(agentId, boardIds),
    (client) => ({
      onSuccess: (saved) => {
        client.setQueryData(lifecycleKeys.boards(agentId), saved);
      },
    }),
  );

export const supportCasesQueryOptions = (agentId: number, page: { pageIndex: number; pageSize: number }) =>
  queryOptions({
    queryKey: lifecycleKeys.cases(agentId, page),
    queryFn: () =>
      request('/interviews-api/agent-support/cases', { query: { agentId, ...page }, schema: SupportCasePage }),
  });
