import { queryOptions } from '@tanstack/react-query';

import { BrokerLeadPage as BrokerLeadPageSchema } from '../contract/interviews.ts';
import { request } from './client.ts';

// My Leads: the brokerage's leads (GET /interviews-api/broker-leads) with the overview's
// status and leadType filters. The product defaults to COMBINED, as the overview's status widgets count.

export interface MyLeadParams {
  pageIndex: number;
  pageSize: number;
  sort: { key: string; desc: boolean };
  status?: string | undefined;
  leadType?: string | undefined;
  product?: string | undefined;
  q?: string | undefined;
}

export const myLeadKeys = {
  all: ['my-leads'] as const,
  list: (p: MyLeadParams) => [...myLeadKeys.all, 'list', p] as const,
};

export const myLeadsQueryOptions = (p: MyLeadParams) =>
  queryOptions({
    queryKey: myLeadKeys.list(p),
    queryFn: () =>
      request('/interviews-api/broker-leads', {
        query: {
          pageIndex: p.pageIndex,
          pageSize: p.pageSize,
          sort: `${p.sort.key},${p.sort.desc ? 'DESC' : 'ASC'}`,
          status: p.status || undefined,
          leadType: p.leadType || undefined,
          product: p.product || 'COMBINED',
          q: p.q || undefined,
        },
        schema: BrokerLeadPageSchema,
      }),
  });
