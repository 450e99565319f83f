import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '../../contract/common.ts';
import type { Disposition, Interaction, InteractionPatch, NewInteraction, Opportunity } from '../../contract/interviews.ts';
import { correctInteraction, interactionsQueryOptions, logInteraction, opportunityKeys, opportunityQueryOptions, strikeInteraction } from '../../api/opportunities.ts';
import { contactNumbersQueryOptions, conversationQueryOptions } from '../../api/opportunity-timeline.ts';

// Logging an interaction and correcting its disposition. Every figure the page shows about contact
// (the interactions list and its count, Calls and SMS, the contact numbers' counts and last contact,
// the conversation) is reloaded after either write, so they agree with one another.

/** Reloads what an interaction write changes on the opportunity page. */
function refreshContactHistory(client: QueryClient, opportunityId: number) {
  for (const key of [
    interactionsQueryOptions(opportunityId).queryKey, opportunityQueryOptions(opportunityId).queryKey,
    conversationQueryOptions(opportunityId).queryKey, contactNumbersQueryOptions(opportunityId).queryKey,
  ]) void client.invalidateQueries({ queryKey: key, exact: true });
  void client.invalidateQueries({ queryKey: opportunityKeys.lists() });
}

type InteractionPage = Page<Interaction>;

/** POST /interviews-api/interactions: the new row is shown at once (the server's answer), then the page reloads. */
export function useLogInteraction(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewInteraction) => logInteraction(body),
    onSuccess: (created) => {
      client.setQueryData<InteractionPage>(interactionsQueryOptions(opportunityId).queryKey,
        (page) => (page ? { content: [created, ...page.content], totalElements: page.totalElements + 1 } : page));
      // The opportunity counts a logged call or text; show the count the server now holds until it reloads.
      const counter = created.type === 'CALL' ? 'phoneCount' : created.type === 'SMS' ? 'smsCount' : null;
      if (counter) {
        client.setQueryData<Opportunity>(opportunityQueryOptions(opportunityId).queryKey,
          (o) => (o ? { ...o, [counter]: o[counter] + 1 } : o));
      }
      refreshContactHistory(client, opportunityId);
    },
  });
}

/**
 * PATCH /interviews-api/interactions/{id}: optimistic (the row shows the new disposition at once and
 * goes back to the old one if the server refuses), since nothing else on the page counts dispositions.
 */
export function useCorrectDisposition(opportunityId: number) {
  const client = useQueryClient();
  const key = interactionsQueryOptions(opportunityId).queryKey;
  return useMutation({
    mutationFn: ({ interaction, disposition }: { interaction: Interaction; disposition: Disposition | null }) =>
      correctInteraction(interaction.id, { dispositionId: disposition?.id ?? null } satisfies InteractionPatch),
    onMutate: async ({ interaction, disposition }) => {
      await client.cancelQueries({ queryKey: key, exact: true });
      const before = client.getQueryData<InteractionPage>(key);
      client.setQueryData<InteractionPage>(key, (page) => (page
        ? { ...page, content: page.content.map((i) => (i.id === interaction.id ? { ...i, disposition } : i)) } : page));
      return { before };
    },
    onError: (_err, _vars, context) => { if (context?.before) client.setQueryData(key, context.before); },
    onSettled: () => refreshContactHistory(client, opportunityId),
  });
}

/** POST /interviews-api/interactions/{id}/strike: the row shows as struck from the server's answer, then the page reloads. */
export function useStrikeInteraction(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => strikeInteraction(id, reason),
    onSuccess: (struck) => {
      client.setQueryData<InteractionPage>(interactionsQueryOptions(opportunityId).queryKey,
        (page) => (page ? { ...page, content: page.content.map((i) => (i.id === struck.id ? struck : i)) } : page));
      refreshContactHistory(client, opportunityId);
    },
  });
}
