import { queryOptions } from '@tanstack/react-query';
import { request } from './client.ts';
import { AgentPageSchema } from './schemas/dashboard.ts';

// The broker admin's agents (issue 11). The names for filter pickers: the caller's brokerage, by name.

const PICKER_SIZE = 1000; // the server's largest page: every agent of a brokerage in one picker

export const myAgentKeys = {
  all: ['my-agents'] as const,
  names: () => [...myAgentKeys.all, 'names'] as const,
};

export const myAgentNamesQueryOptions = () => queryOptions({
  queryKey: myAgentKeys.names(),
  queryFn: async () => {
    const page = await request('/agents-api/agents', { query: { pageIndex: 0, pageSize: PICKER_SIZE, sort: 'name.last,ASC' }, schema: AgentPageSchema });
    return page.content.map((a) => ({ id: a.id, name: a.name.display ?? `Agent ${a.id}` }));
  },
  staleTime: 5 * 60_000,
});
