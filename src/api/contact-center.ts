import { queryOptions } from '@tanstack/react-query';

import { TwilioTaskPage } from '../contract/contact-center.ts';
import { request } from './client.ts';
import { sortParam, type Paging } from './staff.ts';
import { write } from './write.ts';

// The contact-center-api family (spec 2 section 7): the Twilio task proxy.

export interface TaskFilter {
  status: string;
  channel: string;
  stuck: string;
}
export type TaskListParams = Paging & TaskFilter & { sort: { key: string; desc: boolean } };

const PATH = '/contact-center-api/proxy/twilio-api/tasks';
export const taskKeys = {
  all: ['twilio-tasks'] as const,
  list: (p: TaskListParams) => [...taskKeys.all, 'list', p] as const,
};

export const twilioTasksQueryOptions = (p: TaskListParams) =>
  queryOptions({
    queryKey: taskKeys.list(p),
    queryFn: () =>
      request(PATH, {
        query: {
          pageIndex: p.pageIndex,
          pageSize: p.pageSize,
          sort: sortParam(p.sort),
          status: p.status || undefined,
          channel: p.channel || undefined,
          stuck: p.stuck || undefined,
        },
        schema: TwilioTaskPage,
      }),
  });

export const deleteTwilioTask = (sid: string) => request(`${PATH}/${encodeURIComponent(sid)}`, { method: 'DELETE' });
export const deleteTwilioTaskWrite = write(deleteTwilioTask, (client) => ({
  onSuccess: () => client.invalidateQueries({ queryKey: taskKeys.all }),
}));
