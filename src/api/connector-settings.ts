import { queryOptions } from '@tanstack/react-query';

import { ConnectorInfo } from '../contract/connector-settings.ts';
import { ConnectorStart } from '../contract/users.ts';
import { request } from './client.ts';
import { write } from './write.ts';

// The settings dialog's Cloze connection: info, connect (start), disconnect (token delete).

export const clozeInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['connectors', 'cloze', 'info'] as const,
    queryFn: () => request('/users-api/oauth-connectors/info/cloze', { schema: ConnectorInfo }),
    // The dialog opens after a connection made on another page (the Cloze callback): never trust a cached answer.
    staleTime: 0,
    refetchOnMount: 'always',
  });
export const startClozeConnection = () => request('/users-api/oauth-connectors/cloze', { schema: ConnectorStart });
export const disconnectCloze = (userId: number) =>
  request(`/users-api/oauth-connectors/token/cloze/${userId}`, { method: 'DELETE' });
export const disconnectClozeWrite = (userId: number) =>
  write(
    () => disconnectCloze(userId),
    (client) => ({
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: clozeInfoQueryOptions().queryKey });
      },
    }),
  );
