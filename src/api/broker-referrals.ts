import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { AGENT_STATUSES, AgentPage } from '../contract/agents.ts';
import { BrokerReferralDetail, BrokerReferralPage } from '../contract/broker-referrals.ts';
import { AgentNotification } from '../contract/notifications.ts';
import { AgentReferralDetail } from '../contract/referrals.ts';
import { distinctNames } from '../lib/distinct-names.ts';
import { agentNotificationKeys } from './agent-notifications.ts';
import { agentKeys } from './agents.ts';
import { brokerageKeys } from './brokerages.ts';
import { request } from './client.ts';
import { dashboardKeys } from './dashboard.ts';
import { myAgentKeys } from './my-agents.ts';
import { staffAgentKeys } from './staff-agents.ts';
import { write } from './write.ts';

// My Referrals: GET /agents-api/broker-referrals and one referral with its timeline and notes.

export interface BrokerReferralParams {
  pageIndex: number;
  pageSize: number;
  sort: { key: string; desc: boolean };
  category?: string | undefined;
  followupType?: string | undefined;
  s?: string | undefined;
  t?: string | undefined;
  product?: string | undefined;
  agentId?: string | undefined;
  q?: string | undefined;
}

export const brokerReferralKeys = {
  all: ['broker-referrals'] as const,
  list: (p: BrokerReferralParams) => [...brokerReferralKeys.all, 'list', p] as const,
  detail: (id: number) => [...brokerReferralKeys.all, 'detail', id] as const,
  agentChoices: (brokerageId: number) => [...brokerReferralKeys.all, 'agent-choices', brokerageId] as const,
};

const orEmpty = (value: string | undefined) => (value ? value : undefined);

export const brokerReferralsQueryOptions = (p: BrokerReferralParams) =>
  queryOptions({
    queryKey: brokerReferralKeys.list(p),
    queryFn: () =>
      request('/agents-api/broker-referrals', {
        query: {
          pageIndex: p.pageIndex,
          pageSize: p.pageSize,
          sort: `${p.sort.key},${p.sort.desc ? 'DESC' : 'ASC'}`,
          category: orEmpty(p.category),
          followupType: orEmpty(p.followupType),
          s: orEmpty(p.s),
          t: orEmpty(p.t),
          product: orEmpty(p.product),
          agentId: orEmpty(p.agentId),
          q: orEmpty(p.q),
        },
        schema: BrokerReferralPage,
      }),
  });

export const brokerReferralQueryOptions = (id: number) =>
  queryOptions({
    queryKey: brokerReferralKeys.detail(id),
    queryFn: () => request(`/agents-api/broker-referrals/${id}`, { schema: BrokerReferralDetail }),
  });

export const addBrokerReferralNote = (id: number, text: string) =>
  request(`/agents-api/broker-referrals/${id}/notes`, { method: 'POST', json: { text }, schema: BrokerReferralDetail });
/** A note on the referral: the answer is the referral with its notes, shown at once. */
export const addBrokerReferralNoteWrite = (id: number) =>
  write(
    (text: string) => addBrokerReferralNote(id, text),
    (client) => ({
      onSuccess: (r) => {
        client.setQueryData(brokerReferralKeys.detail(id), r);
      },
    }),
  );

// Acting on a referral where it is shown: move it to another agent, remind its agent.

const PICKER_SIZE = 1000; // the server's largest page: every agent of a brokerage in one picker

/** Every agent of the brokerage, the deleted ones too, so the picker can say why they cannot take it. */
export const reassignChoicesQueryOptions = (brokerageId: number) =>
  queryOptions({
    queryKey: brokerReferralKeys.agentChoices(brokerageId),
    queryFn: async () => {
      const page = await request('/agents-api/agents', {
        query: {
          brokerageId,
          pageIndex: 0,
          pageSize: PICKER_SIZE,
          sort: 'name.last,ASC',
          status: AGENT_STATUSES.join(','),
        },
        schema: AgentPage,
      });
      const choices = page.content.map((a) => ({
        id: a.id,
        brokerageId: a.brokerageId,
        status: a.status,
        name: a.name.display ?? `Agent ${a.id}`,
        email: a.email,
      }));
      // Two agents of one name are told apart by their email (src/lib/distinct-names.ts).
      const labels = distinctNames(choices);
      return choices.map((a) => ({ ...a, label: labels.get(a.id) ?? a.name }));
    },
    staleTime: 60_000,
  });

export const reassignReferral = (referralId: number, agentId: number) =>
  request(`/agents-api/referrals/${referralId}/reassign`, {
    method: 'PATCH',
    json: { agentId },
    schema: AgentReferralDetail,
  });

/** The overdue reminder, naming the referral (the server allows one per referral per hour). */
export const remindAgent = (agentId: number, referralId: number) =>
  request('/agents-api/notifications/sample', {
    method: 'POST',
    json: { agentId, type: 'OVERDUE_REFERRAL_REMINDER', referralId },
    schema: AgentNotification,
  });
export const remindAgentWrite = (agentId: number, referralId: number) =>
  write(
    () => remindAgent(agentId, referralId),
    (client) => ({
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: agentNotificationKeys.all });
      },
    }),
  );

/**
 * After a referral changed hands every figure that counts it by agent may have moved: the referral
 * and its lists, the overview's figures, the agents' funnels and overdue counts (the broker's and
 * staff's views of them), the brokerage's referral lists and the notifications the move sent.
 */
export async function invalidateAfterReassign(client: QueryClient): Promise<void> {
  await Promise.all(
    [
      brokerReferralKeys.all,
      dashboardKeys.all,
      myAgentKeys.all,
      staffAgentKeys.all,
      agentKeys.all,
      brokerageKeys.all,
      agentNotificationKeys.all,
      ['brokerage-metrics'],
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}
