import { queryOptions } from '@tanstack/react-query';

import { ContactNumbers, ConversationPage } from '../contract/conversation.ts';
import { Partner } from '../contract/partners.ts';
import { WorkflowTaskPage } from '../contract/workflow.ts';
import { request } from './client.ts';

// The opportunity view's partner, workflow tasks, conversation and contact numbers.

const keys = {
  all: ['opportunity-extras'] as const,
  partner: (id: number) => [...keys.all, 'partner', id] as const,
  tasks: (opportunityId: number, page: { pageIndex: number; pageSize: number }) =>
    [...keys.all, 'tasks', opportunityId, page] as const,
  conversation: (opportunityId: number) => [...keys.all, 'conversation', opportunityId] as const,
  numbers: (opportunityId: number) => [...keys.all, 'contact-numbers', opportunityId] as const,
};

export const partnerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.partner(id),
    queryFn: () => request(`/interviews-api/partners/${id}`, { schema: Partner }),
    staleTime: 5 * 60_000,
  });
export const workflowTasksQueryOptions = (opportunityId: number, page: { pageIndex: number; pageSize: number }) =>
  queryOptions({
    queryKey: keys.tasks(opportunityId, page),
    queryFn: () => request('/workflow-api/tasks', { query: { opportunityId, ...page }, schema: WorkflowTaskPage }),
  });
/** The timeline reads one page of 100 (the spec's default size for conversation). */
export const conversationQueryOptions = (opportunityId: number) =>
  queryOptions({
    queryKey: keys.conversation(opportunityId),
    queryFn: () =>
      request('/interviews-api/conversation', {
        query: { opportunityId, pageIndex: 0, pageSize: 100 },
        schema: ConversationPage,
      }),
  });
export const contactNumbersQueryOptions = (opportunityId: number) =>
  queryOptions({
    queryKey: keys.numbers(opportunityId),
    queryFn: () => request('/interviews-api/contactNumbers', { query: { opportunityId }, schema: ContactNumbers }),
  });
