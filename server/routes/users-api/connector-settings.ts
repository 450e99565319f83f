import * as v from 'valibot';

import type { ConnectorInfo } from '../../../src/contract/connector-settings.ts';
import { userToChange } from '../../auth/user-authority.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { Id, params } from '../../http/validate.ts';

// The settings dialog's view of the Cloze connection (spec 1 section 7: oauth-connectors info and
// token). Connecting is in ../connectors.ts; here the user reads and ends their own connection.

const Provider = v.picklist(['cloze'], 'provider must be cloze');
const InfoParams = v.object({ provider: Provider });
const TokenParams = v.object({ provider: Provider, userId: Id });

export const connectorSettingRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/oauth-connectors/info/:provider',
    policy: 'signed-in',
    handler: async (c) => {
      const { provider } = params(c, InfoParams);
      const { user } = c.get('auth');
      const row = await c
        .get('db')
        .selectFrom('connector_connections')
        .select('connected_at')
        .where('user_id', '=', user.id)
        .where('provider', '=', provider)
        .executeTakeFirst();
      const info: ConnectorInfo = {
        provider,
        connected: row !== undefined,
        account: row ? (user.email ?? user.phone) : null,
        connectedAt: row?.connected_at.toISOString() ?? null,
      };
      return c.json(info);
    },
  }),
  route({
    // Disconnect: a user their own connection; user managers those of users they may change (offboarding).
    method: 'DELETE',
    path: '/users-api/oauth-connectors/token/:provider/:userId',
    policy: 'signed-in',
    handler: async (c) => {
      const { provider, userId } = params(c, TokenParams);
      const { user } = c.get('auth');
      // Another user's: only one the caller may change (src/access/role-grants.ts, mayActOnUser).
      if (userId !== user.id) await userToChange(c, c.get('db'), userId, { self: 'allow' });
      await c
        .get('db')
        .deleteFrom('connector_connections')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .execute();
      return c.body(null, 204);
    },
  }),
];
