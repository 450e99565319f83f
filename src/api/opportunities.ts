import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { paged, type Page } from '../contract/common.ts';
import {
  ForceAssignmentResult,
  Interaction,
  Opportunity,
  OpportunityNote,
  OpportunityPage,
  type Disposition,
  type ForceAssignment,
  type InteractionPatch,
  type NewInteraction,
  type OpportunityPatch,
  type OpportunityStatus,
  type OpportunityStatusChange,
} from '../contract/interviews.ts';
import { OpportunityLenderAnswer } from '../contract/lender-referrals.ts';
import { request } from './client.ts';
import { contactNumbersQueryOptions, conversationQueryOptions } from './opportunity-timeline.ts';
import { fetchCsv, sortParam, type Paging } from './staff.ts';
import { write } from './write.ts';

// Opportunities (spec 2 section 7): list and wildcard search, one opportunity, its contact, status,
// notes, interactions (logged and corrected), its lender, force assignment to an agent and removal
// of the assigned agent.

export interface OpportunityFilter {
  q: string;
  status: string;
}
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
export const opportunitiesQueryOptions = (p: OpportunityListParams) =>
  queryOptions({
    queryKey: opportunityKeys.list(p),
    queryFn: () =>
      request(p.q ? '/interviews-api/opportunities/search' : '/interviews-api/opportunities', {
        query: { pageIndex: p.pageIndex, pageSize: p.pageSize, sort: sortParam(p.sort), ...filterQuery(p) },
        schema: OpportunityPage,
      }),
  });
export const exportOpportunities = (f: OpportunityFilter) =>
  fetchCsv('/interviews-api/opportunities/export.csv', filterQuery(f));

const path = (id: number) => `/interviews-api/opportunities/${id}`;
export const opportunityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: opportunityKeys.detail(id),
    queryFn: () => request(path(id), { schema: Opportunity }),
  });
export const editOpportunity = (id: number, patch: OpportunityPatch) =>
  request(path(id), { method: 'PATCH', json: patch, schema: Opportunity });
export const changeOpportunityStatus = (id: number, status: OpportunityStatus) =>
  request(`${path(id)}/status`, {
    method: 'PUT',
    json: { status } satisfies OpportunityStatusChange,
    schema: Opportunity,
  });
export const removeAssignedAgent = (id: number) =>
  request(`${path(id)}/assignedAgent`, { method: 'DELETE', schema: Opportunity });
export const forceAssignment = (opportunityId: number, agentId: number) =>
  request('/interviews-api/agent-connection/forceReferralAssignment', {
    method: 'POST',
    json: { agentId, opportunityId } satisfies ForceAssignment,
    schema: ForceAssignmentResult,
  });

const NOTES_PAGE = 100;
export const opportunityNotesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: opportunityKeys.notes(id),
    queryFn: () =>
      request(`${path(id)}/notes`, { query: { pageIndex: 0, pageSize: NOTES_PAGE }, schema: paged(OpportunityNote) }),
  });
export const addOpportunityNote = (id: number, body: string) =>
  request(`${path(id)}/notes`, { method: 'POST', json: { body }, schema: OpportunityNote });

const INTERACTIONS_PAGE = 100; // spec 2 section 9
export const interactionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: opportunityKeys.interactions(id),
    queryFn: () =>
      request('/interviews-api/interactions', {
        query: { opportunityId: id, pageIndex: 0, pageSize: INTERACTIONS_PAGE },
        schema: paged(Interaction),
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
export const opportunityLenderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: opportunityKeys.lender(id),
    queryFn: () => request(`${path(id)}/lender`, { schema: OpportunityLenderAnswer }),
  });

// An opportunity's writes: the answer becomes the cached opportunity, and the lists reload.
const savedOpportunity = (client: QueryClient, o: Opportunity) => {
  client.setQueryData(opportunityKeys.detail(o.id), o);
  void client.invalidateQueries({ queryKey: opportunityKeys.lists() });
};
export const editOpportunityWrite = (id: number) =>
  write(
    (patch: OpportunityPatch) => editOpportunity(id, patch),
    (client) => ({ onSuccess: (o) => savedOpportunity(client, o) }),
  );
export const changeOpportunityStatusWrite = (id: number) =>
  write(
    (status: OpportunityStatus) => changeOpportunityStatus(id, status),
    (client) => ({ onSuccess: (o) => savedOpportunity(client, o) }),
  );
export const removeAssignedAgentWrite = (id: number) =>
  write(
    () => removeAssignedAgent(id),
    (client) => ({ onSuccess: (o) => savedOpportunity(client, o) }),
  );
export const forceAssignmentWrite = (id: number) =>
  write(
    (agentId: number) => forceAssignment(id, agentId),
    (client) => ({ onSuccess: (r) => savedOpportunity(client, r.opportunity) }),
  );

// Logging an interaction and correcting its disposition. Every figure the page shows about contact
// (the interactions list and its count, Calls and SMS, the contact numbers' counts and last contact,
// the conversation) is reloaded after either write, so they agree with one another.

/** Reloads what an interaction write changes on the opportunity page. */
function refreshContactHistory(client: QueryClient, opportunityId: number) {
  for (const key of [
    interactionsQueryOptions(opportunityId).queryKey,
    opportunityQueryOptions(opportunityId).queryKey,
    conversationQueryOptions(opportunityId).queryKey,
    contactNumbersQueryOptions(opportunityId).queryKey,
  ])
    void client.invalidateQueries({ queryKey: key, exact: true });
  void client.invalidateQueries({ queryKey: opportunityKeys.lists() });
}

type InteractionPage = Page<Interaction>;

/** POST /interviews-api/interactions: the new row is shown at once (the server's answer), then the page reloads. */
export const logInteractionWrite = (opportunityId: number) =>
  write(
    (body: NewInteraction) => logInteraction(body),
    (client) => ({
      onSuccess: (created) => {
        client.setQueryData<InteractionPage>(interactionsQueryOptions(opportunityId).queryKey, (page) =>
          page ? { content: [created, ...page.content], totalElements: page.totalElements + 1 } : page,
        );
        // The opportunity counts a logged call or text; show the count the server now holds until it reloads.
        const counter = created.type === 'CALL' ? 'phoneCount' : created.type === 'SMS' ? 'smsCount' : null;
        if (counter) {
          client.setQueryData<Opportunity>(opportunityQueryOptions(opportunityId).queryKey, (o) =>
            o ? { ...o, [counter]: o[counter] + 1 } : o,
          );
        }
        refreshContactHistory(client, opportunityId);
      },
    }),
  );

/**
 * PATCH /interviews-api/interactions/{id}: optimistic (the row shows the new disposition at once and
 * goes back to the old one if the server refuses), since nothing else on the page counts dispositions.
 */
export const correctDispositionWrite = (opportunityId: number) => {
  const key = interactionsQueryOptions(opportunityId).queryKey;
  return write(
    ({ interaction, disposition }: { interaction: Interaction; disposition: Disposition | null }) =>
      correctInteraction(interaction.id, { dispositionId: disposition?.id ?? null } satisfies InteractionPatch),
    (client) => ({
      onMutate: async ({ interaction, disposition }) => {
        await client.cancelQueries({ queryKey: key, exact: true });
        const before = client.getQueryData<InteractionPage>(key);
        client.setQueryData<InteractionPage>(key, (page) =>
          page
            ? { ...page, content: page.content.map((i) => (i.id === interaction.id ? { ...i, disposition } : i)) }
            : page,
        );
        return { before };
      },
      onError: (_err, _vars, context) => {
        if (context?.before) client.setQueryData(key, context.before);
      },
      onSettled: () => refreshContactHistory(client, opportunityId),
    }),
  );
};

/** POST /interviews-api/interactions/{id}/strike: the row shows as struck from the server's answer, then the page reloads. */
export const strikeInteractionWrite = (opportunityId: number) =>
  write(
    ({ id, reason }: { id: number; reason: string }) => strikeInteraction(id, reason),
    (client) => ({
      onSuccess: (struck) => {
        client.setQueryData<InteractionPage>(interactionsQueryOptions(opportunityId).queryKey, (page) =>
          page ? { ...page, content: page.content.map((i) => (i.id === struck.id ? struck : i)) } : page,
        );
        refreshContactHistory(client, opportunityId);
      },
    }),
  );
export const addOpportunityNoteWrite = (id: number) =>
  write(
    (body: string) => addOpportunityNote(id, body),
    (client) => ({ onSuccess: () => client.invalidateQueries({ queryKey: opportunityKeys.notes(id) }) }),
  );
