import { ECDH } from 'node:crypto';

import { AGENT_ROLES } from '../../../src/access/roles.ts';
import {
  PushSubscriptionInput,
  PushSubscriptionRemoval,
  type PushSubscriptionAnswer,
  type VapidPublicKey,
} from '../../../src/contract/push.ts';
import { sha256 } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { jsonBody } from '../../http/validate.ts';
import { ENDPOINT_REFUSAL_MESSAGES, pushEndpointRefusal } from '../../push/endpoint.ts';
import { vapidKeys } from '../../push/vapid.ts';

// Web Push to the agent's installed app (decision 0082): the agent app asks for the VAPID
// key, subscribes in the browser and registers the subscription here. Only an agent, for themselves:
// staff impersonating an administrator never reach these (AGENT policy), and a phone belongs to one
// user at a time.

/** The sign-in (refresh-token family) of the request's token: its revocation drops the subscription. */
async function familyOf(c: AppContext): Promise<string | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
  const row = await c
    .get('db')
    .selectFrom('access_tokens')
    .select('family_id')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  return row?.family_id ?? null;
}

/** A user's subscriptions kept at most (their phones and browsers); registering one more replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 5;
/** One sign-in's subscriptions kept at most (a browser re-subscribing after a key change keeps two for a while). */
export const MAX_SUBSCRIPTIONS_PER_SIGN_IN = 2;

/** Whether a sign-in (refresh-token family) is still valid: its current refresh token is neither revoked nor expired. */
async function signInValid(db: Db, family: string | null, now: Date): Promise<boolean> {
  if (family === null) return false;
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', family)
    .where('revoked_at', 'is', null)
    .where('rotated_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes all but the `keep` newest subscriptions of one user or one sign-in. */
async function keepNewest(trx: Db, column: 'user_id' | 'family_id', value: number | string | null, keep: number) {
  if (value === null) return;
  const newest = trx
    .selectFrom('push_subscriptions')
    .select('id')
    .where(column, '=', value as never)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep);
  await trx
    .deleteFrom('push_subscriptions')
    .where(column, '=', value as never)
    .where('id', 'not in', newest)
    .execute();
}

/** Whether the browser's key is a point of the P-256 curve (RFC 8291 encrypts to it; any other 65 bytes would fail every send). */
function isP256Point(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1', undefined, undefined, 'uncompressed');
    return true;
  } catch {
    return false;
  }
}

function ownSelf(c: AppContext): number {
  if (c.get('auth').impersonating) throw forbidden('Notifications are turned on by the agent, on their own phone');
  return c.get('auth').user.id;
}

export const pushSubscriptionRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/agents-api/push-subscriptions/vapid-public-key',
    policy: AGENT_ROLES,
    handler: async (c) => {
      const keys = await vapidKeys(c.get('db'), c.get('config'));
      if (!keys) throw notFound('Push notifications are not configured on this server');
      return c.json({ publicKey: keys.publicKey } satisfies VapidPublicKey);
    },
  }),
  route({
    // Registers a browser's subscription for the signed-in agent, tied to this sign-in. One endpoint,
    // one user: an endpoint still held by another user's valid sign-in is not taken over (409).
    method: 'POST',
    path: '/agents-api/push-subscriptions',
    policy: AGENT_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, PushSubscriptionInput);
      const userId = ownSelf(c);
      const refusal = pushEndpointRefusal(body.endpoint, c.get('config').demoMode);
      if (refusal)
        throw badRequest('The push service is not one this server sends to', {
          endpoint: ENDPOINT_REFUSAL_MESSAGES[refusal],
        });
      if (!isP256Point(body.keys.p256dh))
        throw badRequest('The subscription is not valid', { 'keys.p256dh': 'must be a point of the P-256 curve' });
      if (!(await vapidKeys(c.get('db'), c.get('config'))))
        throw notFound('Push notifications are not configured on this server');
      const now = c.get('now')();
      const family = await familyOf(c);
      const row = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          // One registration of this user at a time, so the caps below count what the others wrote.
          await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
          const held = await trx
            .selectFrom('push_subscriptions')
            .select(['user_id', 'family_id'])
            .where('endpoint', '=', body.endpoint)
            .forUpdate()
            .executeTakeFirst();
          if (held && held.user_id !== userId && (await signInValid(trx, held.family_id, now))) {
            throw conflict("This browser's notifications belong to another signed-in user", {
              endpoint: 'registered by another user',
            });
          }
          const saved = await trx
            .insertInto('push_subscriptions')
            .values({
              user_id: userId,
              family_id: family,
              endpoint: body.endpoint,
              p256dh: body.keys.p256dh,
              auth: body.keys.auth,
              created_at: now,
            })
            .onConflict((oc) =>
              oc.column('endpoint').doUpdateSet((eb) => ({
                user_id: eb.ref('excluded.user_id'),
                family_id: eb.ref('excluded.family_id'),
                p256dh: eb.ref('excluded.p256dh'),
                auth: eb.ref('excluded.auth'),
                created_at: eb.ref('excluded.created_at'),
                failures: 0,
                last_failure_at: null,
              })),
            )
            .returning(['id', 'endpoint', 'created_at'])
            .executeTakeFirstOrThrow();
          // The newest few stay: per sign-in, then per user; older ones are replaced.
          await keepNewest(trx, 'family_id', family, MAX_SUBSCRIPTIONS_PER_SIGN_IN);
          await keepNewest(trx, 'user_id', userId, MAX_SUBSCRIPTIONS_PER_USER);
          return saved;
        });
      return c.json(
        { endpoint: row.endpoint, created: row.created_at.toISOString() } satisfies PushSubscriptionAnswer,
        201,
      );
    },
  }),
  route({
    // Turning notifications off, or logging out: the caller's own subscription only. Answers 204 whether
    // or not there was one (a repeat after a lost answer is not an error; another's endpoint is not told).
    method: 'DELETE',
    path: '/agents-api/push-subscriptions',
    policy: AGENT_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, PushSubscriptionRemoval);
      const userId = ownSelf(c);
      await c
        .get('db')
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', body.endpoint)
        .where('user_id', '=', userId)
        .execute();
      return c.body(null, 204);
    },
  }),
];
