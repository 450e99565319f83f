import { queryOptions } from '@tanstack/react-query';

import { InvitationStats, PotentialAgent, type PotentialAgentEdit } from '../contract/potential-agents.ts';
import { request } from './client.ts';
import { potentialAgentKeys } from './potential-agents.ts';
import { write } from './write.ts';

// Pending Invitations' figures and one invitee's record: the brokerage's invitation
// counts by status and over the last 30 days, and an invitee read fresh and corrected (name, phone).

export const invitationDetailKeys = {
  stats: (brokerageId: number) => [...potentialAgentKeys.all, 'stats', brokerageId] as const,
  one: (id: number) => [...potentialAgentKeys.all, 'one', id] as const,
};

/** GET /agents-api/brokerages/{id}/agentInvitations/stats; under potentialAgentKeys.all, so a write to an invitation reloads it. */
export const invitationStatsQueryOptions = (brokerageId: number) =>
  queryOptions({
    queryKey: invitationDetailKeys.stats(brokerageId),
    queryFn: () => request(`/agents-api/brokerages/${brokerageId}/agentInvitations/stats`, { schema: InvitationStats }),
  });

/** GET /agents-api/potentialAgents/{id}: the invitee as the server has them now, for the Edit dialog. */
export const potentialAgentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: invitationDetailKeys.one(id),
    queryFn: () => request(`/agents-api/potentialAgents/${id}`, { schema: PotentialAgent }),
    staleTime: 0,
  });

/** PATCH /agents-api/potentialAgents/{id}: first name, last name or phone (the email is the invitation's address). */
export const editPotentialAgent = (id: number, patch: PotentialAgentEdit) =>
  request(`/agents-api/potentialAgents/${id}`, { method: 'PATCH', json: patch, schema: PotentialAgent });
export const editPotentialAgentWrite = (id: number) =>
  write(
    (patch: PotentialAgentEdit) => editPotentialAgent(id, patch),
    (client) => ({
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: potentialAgentKeys.all });
      },
    }),
  );
