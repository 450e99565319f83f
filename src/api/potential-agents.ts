import { queryOptions } from '@tanstack/react-query';

import {
  Invitation,
  InvitationAccepted,
  PotentialAgent,
  PotentialAgentPage,
  type AcceptInvitation,
  type NewPotentialAgent,
} from '../contract/potential-agents.ts';
import { request } from './client.ts';
import { write } from './write.ts';

// Agent invitations: the broker admin's side and the invitee's public side.

export const potentialAgentKeys = {
  all: ['potential-agents'] as const,
  list: (p: { pageIndex: number; pageSize: number; status?: string | undefined }) =>
    [...potentialAgentKeys.all, 'list', p] as const,
  invitation: (code: string) => ['agent-invitation', code] as const,
};

export const potentialAgentsQueryOptions = (p: { pageIndex: number; pageSize: number; status?: string | undefined }) =>
  queryOptions({
    queryKey: potentialAgentKeys.list(p),
    queryFn: () =>
      request('/agents-api/potentialAgents', {
        query: { ...p, status: p.status || undefined },
        schema: PotentialAgentPage,
      }),
  });

export const inviteAgent = (body: NewPotentialAgent) =>
  request('/agents-api/potentialAgents', { method: 'POST', json: body, schema: PotentialAgent });
export const resendInvitation = (id: number) =>
  request(`/agents-api/potentialAgents/invite/${id}`, { method: 'POST', schema: PotentialAgent });
export const invalidateInvitation = (id: number) =>
  request(`/agents-api/potentialAgents/${id}`, { method: 'DELETE', schema: PotentialAgent });
export const inviteAgentWrite = write(inviteAgent, (client) => ({
  onSuccess: () => client.invalidateQueries({ queryKey: potentialAgentKeys.all }),
}));
// Pending Invitations is read again after a resend or a withdrawal, whether it worked or not.
export const resendInvitationWrite = write(resendInvitation, (client) => ({
  onSettled: () => client.invalidateQueries({ queryKey: potentialAgentKeys.all }),
}));
export const withdrawInvitationWrite = write(invalidateInvitation, (client) => ({
  onSettled: () => client.invalidateQueries({ queryKey: potentialAgentKeys.all }),
}));

const codePath = (code: string) => `/agents-api/potentialAgents/invite/code/${encodeURIComponent(code)}`;
export const invitationQueryOptions = (code: string) =>
  queryOptions({
    queryKey: potentialAgentKeys.invitation(code),
    queryFn: () => request(codePath(code), { auth: false, schema: Invitation }),
    retry: false,
    // An invitation changes when it is answered: always ask again, never keep it in the persisted cache.
    staleTime: 0,
    meta: { persist: false },
  });
export const acceptInvitation = (code: string, body: AcceptInvitation) =>
  request(codePath(code), { method: 'PATCH', json: body, auth: false, schema: InvitationAccepted });
export const declineInvitation = (code: string) => request(codePath(code), { method: 'DELETE', auth: false });
