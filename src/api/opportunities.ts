import { queryOptions } from '@tanstack/react-query';
import { request } from './client.ts';
import { paged } from '../contract/common.ts';
import {
  ForceAssignmentResult, Interaction, Opportunity, OpportunityNote, OpportunityPage, type InteractionPatch, type NewInteraction,
  type OpportunityPatch, type OpportunityStatus, type ForceAssignment, type OpportunityStatusChange,
} from '../contract/interviews.ts';
import { OpportunityLenderAnswer } from '../contract/lender-referrals.ts';
import { fetchCsv, sortParam, type Paging } from './staff.ts';

// Opportunities (spec 2 section 7): list and wildcard search, one opportunity, its contact, status,
// notes, interactions (logged and corrected), its lender, force assignment to an agent and removal
// of the assigned agent.

export interface OpportunityFilter { q: string; status: string }
export type OpportunityListParams = Paging & OpportunityFilter & { sort: { key: string; desc: boolean } };

export const opportunityKeys = {
  all: ['opportunities'] as const,
  lists: () => [...opportunityKeys.all, 'list'] as const,
  list: (p: OpportunityListParams) => [...opportunityKeys.lists(), p] as const,
  detail: (id: number) => [...opportunityKeys.all, 'detail', id] as const,
  notes: (id: number) => [...opportunityKeys.detail(id), 'notes'] as const,
  interactions: (id: number) => [...opportunityKeys.detail(id), 'interactions'] as const,
  // Beside the detail, not under it: a write to the opportunity does not reload its lender.
  lender: (id: number) => [...opportunityKeys.all, 'lender', id] as const,
};

const filterQuery = (f: OpportunityFilter) => ({ q: f.q || undefined, status: f.status || undefined });

/** The list, or the wildcard search (`*` any text) when there is search text. */
export const opportunitiesQueryOptions = (p: OpportunityListParams) => queryOptions({
  queryKey: opportunityKeys.list(p),
  queryFn: () => request(p.q ? '/interviews-api/opportunities/search' : '/interviews-api/opportunities', {
    query: { pageIndex: p.pageIndex, pageSize: p.pageSize, sort: sortParam(p.sort), ...filterQuery(p) }, schema: OpportunityPage,
  }),
});
export const exportOpportunities = (f: OpportunityFilter) => fetchCsv('/interviews-api/opportunities/export.csv', filterQuery(f));

const path = (id: number) => `/interviews-api/opportunities/${id}`;
export const opportunityQueryOptions = (id: number) => queryOptions({
  queryKey: opportunityKeys.detail(id), queryFn: () => request(path(id), { schema: Opportunity }),
});
export const editOpportunity = (id: number, patch: OpportunityPatch) =>
  request(path(id), { method: 'PATCH', json: patch, schema: Opportunity });
export const changeOpportunityStatus = (id: number, status: OpportunityStatus) =>
  request(`${path(id)}/status`, { method: 'PUT', json: { status } satisfies OpportunityStatusChange, schema: Opportunity });
export const removeAssignedAgent = (id: number) => request(`${path(id)}/assignedAgent`, { method: 'DELETE', schema: Opportunity });
export const forceAssignment = (opportunityId: number, agentId: number) => request('/interviews-api/agent-connection/forceReferralAssignment', {
  method: 'POST', json: { agentId, opportunityId } satisfies ForceAssignment, schema: ForceAssignmentResult,
});

const NOTES_PAGE = 100;
export const opportunityNotesQueryOptions = (id: number) => queryOptions({
  queryKey: opportunityKeys.notes(id),
  queryFn: () => request(`${path(id)}/notes`, { query: { pageIndex: 0, pageSize: NOTES_PAGE }, schema: paged(OpportunityNote) }),
});
export const addOpportunityNote = (id: number, body: string) =>
  request(`${path(id)}/notes`, { method: 'POST', json: { body }, schema: OpportunityNote });

const INTERACTIONS_PAGE = 100; // spec 2 section 9
export const interactionsQueryOptions = (id: number) => queryOptions({
  queryKey: opportunityKeys.interactions(id),
  queryFn: () => request('/interviews-api/interactions', {
    query: { opportunityId: id, pageIndex: 0, pageSize: INTERACTIONS_PAGE }, schema: paged(Interaction),
  }),
});
export const logInteraction = (body: NewInteraction) =>
  request('/interviews-api/interactions', { method: 'POST', json: body, schema: Interaction });
export const correctInteraction = (id: number, patch: InteractionPatch) =>
  request(`/interviews-api/interactions/${id}`, { method: 'PATCH', json: patch, schema: Interaction });
/** Strikes a logged interaction as wrong (it stays listed, left out of the counts); the reason is audited. */
export const strikeInteraction = (id: number, reason: string) =>
  request(`/interviews-api/interactions/${id}/strike`, { method: 'POST', json: { reason }, schema: Interaction });

/** The loan office the opportunity went to; null when it went to none (the server answers null, not 404). */
export const opportunityLenderQueryOptions = (id: number) => queryOptions({
  queryKey: opportunityKeys.lender(id),
  queryFn: () => request(`${path(id)}/lender`, { schema: OpportunityLenderAnswer }),
});
