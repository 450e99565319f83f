import { queryOptions } from '@tanstack/react-query';

import { OutboxMessage, OutboxMessagePage } from '../contract/messages.ts';
import { request } from './client.ts';
import type { Paging } from './staff.ts';
import { write } from './write.ts';

// The Messages screen's calls (Diagnostic Tools): the outbox's delivery, and sending a given-up message again.

export interface MessageFilter {
  status: string;
  channel: string;
  kind: string;
}
export type MessageListParams = Paging & MessageFilter;

export const messageKeys = {
  all: ['messages'] as const,
  list: (p: MessageListParams) => [...messageKeys.all, 'list', p] as const,
};

export const messagesQueryOptions = (p: MessageListParams) =>
  queryOptions({
    queryKey: messageKeys.list(p),
    queryFn: () =>
      request('/users-api/messages', {
        query: {
          pageIndex: p.pageIndex,
          pageSize: p.pageSize,
          status: p.status || undefined,
          channel: p.channel || undefined,
          kind: p.kind || undefined,
        },
        schema: OutboxMessagePage,
      }),
  });

export const resendMessage = (id: number) =>
  request(`/users-api/messages/${id}/resend`, { method: 'POST', schema: OutboxMessage });
export const resendMessageWrite = write(resendMessage, (client) => ({
  onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
}));
