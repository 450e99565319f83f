import { queryOptions } from '@tanstack/react-query';
import { request } from './client.ts';
import { BrokerReferralDetail, BrokerReferralPage } from '../contract/broker-referrals.ts';

// My Referrals (issue 11): GET /agents-api/broker-referrals and one referral with its timeline and notes.

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
};

const orEmpty = (value: string | undefined) => (value ? value : undefined);

export const brokerReferralsQueryOptions = (p: BrokerReferralParams) => queryOptions({
  queryKey: brokerReferralKeys.list(p),
  queryFn: () => request('/agents-api/broker-referrals', {
    query: {
      pageIndex: p.pageIndex, pageSize: p.pageSize, sort: `${p.sort.key},${p.sort.desc ? 'DESC' : 'ASC'}`,
      category: orEmpty(p.category), followupType: orEmpty(p.followupType), s: orEmpty(p.s), t: orEmpty(p.t),
      product: orEmpty(p.product), agentId: orEmpty(p.agentId), q: orEmpty(p.q),
    },
    schema: BrokerReferralPage,
  }),
});

export const brokerReferralQueryOptions = (id: number) => queryOptions({
  queryKey: brokerReferralKeys.detail(id),
  queryFn: () => request(`/agents-api/broker-referrals/${id}`, { schema: BrokerReferralDetail }),
});

export const addBrokerReferralNote = (id: number, text: string) =>
  request(`/agents-api/broker-referrals/${id}/notes`, { method: 'POST', json: { text }, schema: BrokerReferralDetail });
