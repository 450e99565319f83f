import { queryOptions } from '@tanstack/react-query';

import { AgentPage } from '../contract/agents.ts';
import { AgentNotification, AgentNotificationPage, type NotificationType } from '../contract/notifications.ts';
import { request } from './client.ts';
import { write } from './write.ts';

// My Notifications: the brokerage's agents' notifications (GET /agents-api/notifications, sent,DESC)
// and a sample to one agent (POST /agents-api/notifications/sample).

export interface NotificationFilter {
  type: NotificationType | '';
  agentId: number | undefined;
  fromDate: string;
  toDate: string;
}
export interface NotificationListParams extends NotificationFilter {
  pageIndex: number;
  pageSize: number;
}

export const agentNotificationKeys = {
  all: ['agent-notifications'] as const,
  list: (p: NotificationListParams) => [...agentNotificationKeys.all, 'list', p] as const,
};

export const agentNotificationsQueryOptions = (p: NotificationListParams) =>
  queryOptions({
    queryKey: agentNotificationKeys.list(p),
    queryFn: () =>
      request('/agents-api/notifications', {
        query: {
          pageIndex: p.pageIndex,
          pageSize: p.pageSize,
          sort: 'sent,DESC',
          type: p.type || undefined,
          agentId: p.agentId,
          fromDate: p.fromDate || undefined,
          toDate: p.toDate || undefined,
        },
        schema: AgentNotificationPage,
      }),
  });

export const sendSampleNotification = (agentId: number) =>
  request('/agents-api/notifications/sample', { method: 'POST', json: { agentId }, schema: AgentNotification });

const AGENT_CHOICES = 1000; // every agent of a brokerage in one pick list (the API's largest page)

/** The brokerage's agents by last name, for the agent filter and the sample's recipient. */
export const brokerageAgentChoicesQueryOptions = (brokerageId: number) =>
  queryOptions({
    queryKey: [...agentNotificationKeys.all, 'agents', brokerageId] as const,
    queryFn: () =>
      request('/agents-api/agents', {
        query: { brokerageId, pageIndex: 0, pageSize: AGENT_CHOICES, sort: 'name.last,ASC' },
        schema: AgentPage,
      }),
    staleTime: 5 * 60_000,
  });

export const sendSampleNotificationWrite = write(sendSampleNotification, (client) => ({
  onSuccess: () => {
    void client.invalidateQueries({ queryKey: agentNotificationKeys.all });
  },
}));
