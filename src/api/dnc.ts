import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { DeleteResult } from '../contract/common.ts';
import { DncContact, DncPage } from '../contract/interviews.ts';
import { request } from './client.ts';
import { fetchCsv, type Paging } from './staff.ts';
import { write } from './write.ts';

// The do-not-call list (spec 1 section 7): search, add, block or unblock, remove, export.

/** The DNC List's URL parameter for Show Only Inbound Blocked (`?blocked=true`), which the overview's figure links with. */
export const DNC_BLOCKED_PARAM = 'blocked';

export interface DncFilter {
  value: string;
  blockedOnly: boolean;
}
export type DncParams = Paging & DncFilter;

export const dncKeys = {
  all: ['dnc'] as const,
  lists: () => [...dncKeys.all, 'list'] as const,
  list: (p: DncParams) => [...dncKeys.lists(), p] as const,
};

const filterQuery = (f: DncFilter) => ({ value: f.value || undefined, blocked: f.blockedOnly ? true : undefined });

export const fetchDnc = (p: DncParams) =>
  request('/interviews-api/DNC/search', {
    query: { pageIndex: p.pageIndex, pageSize: p.pageSize, ...filterQuery(p) },
    schema: DncPage,
  });
export const dncQueryOptions = (p: DncParams) =>
  queryOptions({ queryKey: dncKeys.list(p), queryFn: () => fetchDnc(p) });

export interface NewDnc {
  type: 'PHONE' | 'EMAIL';
  value: string;
  channel: string | null;
  disposition: string | null;
  blocked: boolean;
}
export const createDnc = (body: NewDnc) =>
  request('/interviews-api/DNC', { method: 'POST', json: body, schema: DncContact });

export const setDncBlocked = (id: number, blocked: boolean) =>
  request(`/interviews-api/DNC/${id}`, { method: 'PATCH', json: { blocked }, schema: DncContact });

/** Takes contacts off the list: DELETE .../DNC/delete with the ids in the query (docs/decisions/0005). */
export const removeDnc = (ids: readonly number[]) =>
  request('/interviews-api/DNC/delete', { method: 'DELETE', query: { id: ids.join(',') }, schema: DeleteResult });

const refreshDncLists = (client: QueryClient) => client.invalidateQueries({ queryKey: dncKeys.lists() });

export const createDncWrite = write(createDnc, (client) => ({
  onSuccess: () => {
    void refreshDncLists(client);
  },
}));
/** Block Number / Unblock Number: the list reloads whether it worked or not. */
export const toggleDncBlockedWrite = write(
  (c: DncContact) => setDncBlocked(c.id, !c.blocked),
  (client) => ({ onSettled: () => refreshDncLists(client) }),
);
export const removeDncContactWrite = write(
  (c: DncContact) => removeDnc([c.id]),
  (client) => ({ onSettled: () => refreshDncLists(client) }),
);

export const exportDnc = (f: DncFilter) => fetchCsv('/interviews-api/DNC/export.csv', filterQuery(f));
