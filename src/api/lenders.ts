import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';

import { paged } from '../contract/common.ts';
import { LoanOffice, LoanOfficer, LoanOfficeSummary } from '../contract/lenders.ts';
import { request } from './client.ts';
import { sortParam, type Paging } from './staff.ts';

// Lenders (spec 2 section 7): loan offices and their loan officers.

export const fetchLoanOffice = (id: number) => request(`/lenders-api/loan-offices/${id}`, { schema: LoanOffice });

export type LenderListParams = Paging & { name: string; sort: { key: string; desc: boolean } };

/** GET /lenders-api/loan-offices/{id}: the summary without the counts. */
export const LoanOfficeDetail = v.omit(LoanOfficeSummary, ['loanOfficerCount', 'created']);

export const lenderKeys = {
  all: ['lenders'] as const,
  lists: () => [...lenderKeys.all, 'list'] as const,
  list: (p: LenderListParams) => [...lenderKeys.lists(), p] as const,
  detail: (id: number) => [...lenderKeys.all, 'detail', id] as const,
  officers: (id: number, p: Paging) => [...lenderKeys.detail(id), 'officers', p] as const,
};

export const loanOfficesQueryOptions = (p: LenderListParams) =>
  queryOptions({
    queryKey: lenderKeys.list(p),
    queryFn: () =>
      request('/lenders-api/loan-offices', {
        query: { pageIndex: p.pageIndex, pageSize: p.pageSize, sort: sortParam(p.sort), name: p.name || undefined },
        schema: paged(LoanOfficeSummary),
      }),
  });

export const loanOfficeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lenderKeys.detail(id),
    queryFn: () => request(`/lenders-api/loan-offices/${id}`, { schema: LoanOfficeDetail }),
  });

export const loanOfficersQueryOptions = (id: number, p: Paging) =>
  queryOptions({
    queryKey: lenderKeys.officers(id, p),
    queryFn: () =>
      request('/lenders-api/loan-officers', { query: { loanOfficeId: id, ...p }, schema: paged(LoanOfficer) }),
  });
