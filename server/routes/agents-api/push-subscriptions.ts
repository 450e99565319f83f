import { PushSubscriptionInput, PushSubscriptionRemoval, type PushSubscriptionAnswer, type VapidPublicKey } from '../../../src/contract/push.ts';
import { sha256 } from '../../auth/tokens.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { jsonBody } from '../../http/validate.ts';
import { pushEndpointAllowed } from '../../push/endpoint.ts';
import { vapidKeys } from '../../push/vapid.ts';

// Web Push to the agent's installed app (issue 38, decision 0082): the agent app asks for the VAPID
// key, subscribes in the browser and registers the subscription here. Only an agent, for themselves:
// staff impersonating an administrator never reach these (AGENT policy), and a phone belongs to one
// user at a time.
const AGENT = ['AGENT'] as const;

/** The sign-in (refresh-token family) of the request's token: its revocation drops the subscription. */
async function familyOf(c: AppContext): Promise<string | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
  const row = await c.var.db.selectFrom('access_tokens').select('family_id').where('token_hash', '=', sha256(token)).executeTakeFirst();
  return row?.family_id ?? null;
}

function ownSelf(c: AppContext): number {
  if (c.var.auth.impersonating) throw forbidden('Notifications are turned on by the agent, on their own phone');
  return c.var.auth.user.id;
}

export const pushSubscriptionRoutes: RouteDef[] = [
  route({
    method: 'GET', path: '/agents-api/push-subscriptions/vapid-public-key', policy: AGENT,
    handler: async (c) => {
      const keys = await vapidKeys(c.var.db, c.var.config);
      if (!keys) throw notFound('Push notifications are not configured on this server');
      return c.json({ publicKey: keys.publicKey } satisfies VapidPublicKey);
    },
  }),
  route({
    // Registers (or takes over) a browser's subscription for the signed-in agent: one endpoint, one user.
    method: 'POST', path: '/agents-api/push-subscriptions', policy: AGENT,
    handler: async (c) => {
      const body = await jsonBody(c, PushSubscriptionInput);
      const userId = ownSelf(c);
      if (!pushEndpointAllowed(body.endpoint, c.var.config.demoMode)) {
        throw badRequest('The push service must be reached over https', { endpoint: 'must be an https URL' });
      }
      if (!(await vapidKeys(c.var.db, c.var.config))) throw notFound('Push notifications are not configured on this server');
      const now = c.var.now();
      const row = await c.var.db.insertInto('push_subscriptions').values({
        user_id: userId, family_id: await familyOf(c), endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, created_at: now,
      }).onConflict((oc) => oc.column('endpoint').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'), family_id: eb.ref('excluded.family_id'), p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'), created_at: eb.ref('excluded.created_at'),
      }))).returning(['endpoint', 'created_at']).executeTakeFirstOrThrow();
      return c.json({ endpoint: row.endpoint, created: row.created_at.toISOString() } satisfies PushSubscriptionAnswer, 201);
    },
  }),
  route({
    // Turning notifications off, or logging out: the caller's own subscription only. Answers 204 whether
    // or not there was one (a repeat after a lost answer is not an error; another's endpoint is not told).
    method: 'DELETE', path: '/agents-api/push-subscriptions', policy: AGENT,
    handler: async (c) => {
      const body = await jsonBody(c, PushSubscriptionRemoval);
      const userId = ownSelf(c);
      await c.var.db.deleteFrom('push_subscriptions').where('endpoint', '=', body.endpoint).where('user_id', '=', userId).execute();
      return c.body(null, 204);
    },
  }),
];
