import { AGENT_ROLES } from '../../../src/access/roles.ts';
import { AgentMessagePreferences } from '../../../src/contract/agent-message-preferences.ts';
import { forbidden } from '../../http/errors.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { jsonBody } from '../../http/validate.ts';
import { agentChannels, saveAgentChannels } from '../../messages/agent-notices.ts';

// The agent's own choice of how they hear of a new referral and of a reminder (push, text, email).

function ownAgent(c: AppContext, write: boolean): number {
  const agentId = c.get('auth').user.agentId;
  if (agentId === null) throw forbidden('Only an agent has notification preferences');
  if (write && c.get('auth').impersonating) throw forbidden('An agent chooses how they are notified themselves');
  return agentId;
}

export const messagePreferenceRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/agents-api/message-preferences',
    policy: AGENT_ROLES,
    handler: async (c) =>
      c.json((await agentChannels(c.get('db'), ownAgent(c, false))) satisfies AgentMessagePreferences),
  }),
  route({
    method: 'PUT',
    path: '/agents-api/message-preferences',
    policy: AGENT_ROLES,
    handler: async (c) => {
      const agentId = ownAgent(c, true);
      const body = await jsonBody(c, AgentMessagePreferences);
      await c
        .get('db')
        .transaction()
        .execute((trx) => saveAgentChannels(trx, agentId, body, c.get('now')()));
      return c.json((await agentChannels(c.get('db'), agentId)) satisfies AgentMessagePreferences);
    },
  }),
];
