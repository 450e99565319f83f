import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';

import {
  Brokerage,
  BrokerageName,
  BrokeragePage,
  BrokerageStats,
  BrokerNote,
  ReferralPage,
} from '../contract/brokerages.ts';
import { paged } from '../contract/common.ts';
import { request } from './client.ts';
import { fetchCsv, sortParam, type Paging } from './staff.ts';
import { write } from './write.ts';

// Brokerages for the staff console (spec 2 section 7): the list, one brokerage, its stats,
// referrals and broker notes.

export interface BrokerageFilter {
  name: string;
  productFamily: string;
  status: string;
}
export type BrokerageListParams = Paging & BrokerageFilter & { sort: { key: string; desc: boolean } };

export const brokerageKeys = {
  all: ['brokerages'] as const,
  lists: () => [...brokerageKeys.all, 'list'] as const,
  list: (p: BrokerageListParams) => [...brokerageKeys.lists(), p] as const,
  names: () => [...brokerageKeys.all, 'names'] as const,
  detail: (id: number) => [...brokerageKeys.all, 'detail', id] as const,
  stats: (id: number) => [...brokerageKeys.detail(id), 'stats'] as const,
  referrals: (id: number, p: Paging) => [...brokerageKeys.detail(id), 'referrals', p] as const,
  notes: (id: number) => [...brokerageKeys.detail(id), 'notes'] as const,
};

const filterQuery = (f: BrokerageFilter) => ({
  name: f.name || undefined,
  productFamily: f.productFamily || undefined,
  status: f.status || undefined,
});

export const brokeragesQueryOptions = (p: BrokerageListParams) =>
  queryOptions({
    queryKey: brokerageKeys.list(p),
    queryFn: () =>
      request('/agents-api/brokerages', {
        query: { pageIndex: p.pageIndex, pageSize: p.pageSize, sort: sortParam(p.sort), ...filterQuery(p) },
        schema: BrokeragePage,
      }),
  });

/** Every brokerage's id and name (the agents list shows each agent's brokerage by name). */
export const brokerageNamesQueryOptions = () =>
  queryOptions({
    queryKey: brokerageKeys.names(),
    queryFn: () => request('/agents-api/brokerages/names', { schema: v.array(BrokerageName) }),
    staleTime: 5 * 60_000,
  });

/** GET /agents-api/brokerages/{id}: the one fetcher (the session's own brokerage, the dashboard, the staff profile). */
export const fetchBrokerage = (id: number) => request(`/agents-api/brokerages/${id}`, { schema: Brokerage });

/** LeadGenius (IRIS) is on for the COMBINED and LEAD_GENIUS product families. */
export const hasLeadGenius = (b: Pick<Brokerage, 'product'> | null | undefined) =>
  !!b?.product.some((p) => p.productFamily === 'COMBINED' || p.productFamily === 'LEAD_GENIUS');

/** One cache entry per brokerage, whoever reads it. */
export const brokerageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: brokerageKeys.detail(id),
    queryFn: () => fetchBrokerage(id),
  });

export const brokerageStatsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: brokerageKeys.stats(id),
    queryFn: () => request(`/agents-api/brokerages/${id}/stats`, { schema: BrokerageStats }),
  });

export const brokerageReferralsQueryOptions = (id: number, p: Paging) =>
  queryOptions({
    queryKey: brokerageKeys.referrals(id, p),
    queryFn: () => request(`/agents-api/brokerages/${id}/referrals`, { query: { ...p }, schema: ReferralPage }),
  });

const NOTES_PAGE = 100; // a brokerage's notes on one page, newest first
export const brokerNotesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: brokerageKeys.notes(id),
    queryFn: () =>
      request('/agents-api/brokerNotes', {
        query: { brokerageId: id, pageIndex: 0, pageSize: NOTES_PAGE },
        schema: paged(BrokerNote),
      }),
  });
export const addBrokerNote = (brokerageId: number, body: string) =>
  request('/agents-api/brokerNotes', { method: 'POST', json: { brokerageId, body }, schema: BrokerNote });

export const exportBrokerages = (f: BrokerageFilter) => fetchCsv('/agents-api/brokerages/export.csv', filterQuery(f));
export const addBrokerNoteWrite = (id: number) =>
  write(
    (body: string) => addBrokerNote(id, body),
    (client) => ({ onSuccess: () => client.invalidateQueries({ queryKey: brokerageKeys.notes(id) }) }),
  );
