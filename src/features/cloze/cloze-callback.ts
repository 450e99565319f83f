import { request } from '../../api/client.ts';
import { ConnectorConnection } from '../../contract/users.ts';

/** GET /users-api/oauth-connectors/cloze/callback with the code and state Cloze sent back. */
export const completeClozeConnection = (code: string, state: string) =>
  request('/users-api/oauth-connectors/cloze/callback', { query: { code, state }, schema: ConnectorConnection });
