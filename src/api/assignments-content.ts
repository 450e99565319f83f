import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { AgentAssignmentDetail, AgentAssignmentPage, AssignmentExplanation } from '../contract/agent-assignments.ts';
import {
  ContentAudiencePage,
  ContentItem,
  ContentItemPage,
  ContentMatchResult,
  ContentUsagePage,
  ContentVersionPage,
  UsageTypeList,
  type ContentItemPatch,
} from '../contract/content-items.ts';
import { request } from './client.ts';
import { sortParam, type Paging } from './staff.ts';
import { write } from './write.ts';

// Agent assignments (the recorded decisions and the rule's explanation) and content items
// (search, edit with versions, the simulator's matching). Keys start with ['assignments'] / ['content'].

export interface AssignmentListParams extends Paging {
  sort: { key: string; desc: boolean };
  zip: string;
  mode: string;
}
export interface ContentListParams extends Paging {
  sort: { key: string; desc: boolean };
  text: string;
  usageType: string;
  usageId: string;
  audienceId: string;
}
export interface MatchParams {
  usage: string;
  product: string;
  leadType: string;
  clientType: string;
  state: string;
}

export const assignmentKeys = {
  all: ['assignments'] as const,
  list: (p: AssignmentListParams) => [...assignmentKeys.all, 'list', p] as const,
  detail: (id: number, page: Paging) => [...assignmentKeys.all, 'detail', id, page] as const,
  explain: (by: { opportunityId?: number; zip?: string }, page: Paging) =>
    [...assignmentKeys.all, 'explain', by, page] as const,
};
export const contentKeys = {
  all: ['content'] as const,
  list: (p: ContentListParams) => [...contentKeys.all, 'list', p] as const,
  item: (id: number) => [...contentKeys.all, 'item', id] as const,
  history: (id: number) => [...contentKeys.all, 'history', id] as const,
  usages: () => [...contentKeys.all, 'usages'] as const,
  usageTypes: () => [...contentKeys.all, 'usage-types'] as const,
  audiences: () => [...contentKeys.all, 'audiences'] as const,
  match: (p: MatchParams) => [...contentKeys.all, 'match', p] as const,
};

const BASE = '/interviews-api/agentAssignments';
export const assignmentListQueryOptions = (p: AssignmentListParams) =>
  queryOptions({
    queryKey: assignmentKeys.list(p),
    queryFn: () =>
      request(BASE, {
        query: {
          pageIndex: p.pageIndex,
          pageSize: p.pageSize,
          sort: sortParam(p.sort),
          zip: p.zip || undefined,
          mode: p.mode || undefined,
        },
        schema: AgentAssignmentPage,
      }),
  });
/** A recorded decision with one page of its candidates (`page` pages the candidates). */
export const assignmentQueryOptions = (id: number, page: Paging) =>
  queryOptions({
    queryKey: assignmentKeys.detail(id, page),
    queryFn: () =>
      request(`${BASE}/${id}`, {
        query: { pageIndex: page.pageIndex, pageSize: page.pageSize },
        schema: AgentAssignmentDetail,
      }),
  });
/** The rule's decision now, with one page of its candidates (`page` pages the candidates). */
export const explainQueryOptions = (by: { opportunityId?: number; zip?: string }, page: Paging) =>
  queryOptions({
    queryKey: assignmentKeys.explain(by, page),
    queryFn: () =>
      request(`${BASE}/explain`, {
        query: { opportunityId: by.opportunityId, zip: by.zip, pageIndex: page.pageIndex, pageSize: page.pageSize },
        schema: AssignmentExplanation,
      }),
    staleTime: 0,
  });

const CONTENT = '/interviews-api/content-items';
/** Content lookups use page size 200 (spec 2 section 9). */
/** GET .../content-items/usageTypes: each usage type with how many usages and items it has (Content Search's filter). */
export const usageTypesQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.usageTypes(),
    queryFn: () => request(`${CONTENT}/usageTypes`, { schema: UsageTypeList }),
  });

export const usagesQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.usages(),
    queryFn: () => request(`${CONTENT}/usages`, { query: { pageSize: 200 }, schema: ContentUsagePage }),
    staleTime: 60_000,
  });
export const audiencesQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.audiences(),
    queryFn: () => request(`${CONTENT}/audiences`, { query: { pageSize: 200 }, schema: ContentAudiencePage }),
    staleTime: 60_000,
  });
export const contentListQueryOptions = (p: ContentListParams) =>
  queryOptions({
    queryKey: contentKeys.list(p),
    queryFn: () =>
      request(CONTENT, {
        query: {
          pageIndex: p.pageIndex,
          pageSize: p.pageSize,
          sort: sortParam(p.sort),
          text: p.text || undefined,
          usageType: p.usageType || undefined,
          usageId: p.usageId || undefined,
          audienceId: p.audienceId || undefined,
        },
        schema: ContentItemPage,
      }),
  });
export const contentItemQueryOptions = (id: number) =>
  queryOptions({
    queryKey: contentKeys.item(id),
    queryFn: () => request(`${CONTENT}/${id}`, { schema: ContentItem }),
    // The edit screen shows the current version: a copy restored from the persisted cache is refetched.
    staleTime: 0,
  });
export const contentHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: contentKeys.history(id),
    queryFn: () => request(`${CONTENT}/${id}/history`, { query: { pageSize: 200 }, schema: ContentVersionPage }),
    staleTime: 0,
  });
/** The simulator: every match (all-match), the best first, from the server's one matching function. */
export const contentMatchQueryOptions = (p: MatchParams) =>
  queryOptions({
    queryKey: contentKeys.match(p),
    queryFn: () =>
      request(`${CONTENT}/all-match`, {
        query: {
          usage: p.usage,
          product: p.product || undefined,
          leadType: p.leadType || undefined,
          clientType: p.clientType || undefined,
          state: p.state || undefined,
        },
        schema: ContentMatchResult,
      }),
    staleTime: 0,
  });

export const patchContentItem = (id: number, body: ContentItemPatch) =>
  request(`${CONTENT}/${id}`, { method: 'PATCH', json: body, schema: ContentItem });

/** After an edit: the item, its history, the lists and every simulation are stale. */
const refreshContent = (client: QueryClient) => client.invalidateQueries({ queryKey: contentKeys.all });
export const patchContentItemWrite = (id: number) =>
  write(
    (body: ContentItemPatch) => patchContentItem(id, body),
    (client) => ({
      onSuccess: () => {
        void refreshContent(client);
      },
    }),
  );
