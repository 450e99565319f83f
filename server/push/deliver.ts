import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';

import { pathTo } from '../../src/access/route-table.ts';
import type { NotificationType } from '../../src/contract/notifications.ts';
import type { PushMessage } from '../../src/contract/push.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { agentWantsPush } from '../messages/agent-notices.ts';
import { countPushSend } from '../observability/metrics.ts';
import { BlockedAddressError, pushEndpointAllowed, pushLookup, type Resolve } from './endpoint.ts';
import { vapidKeys, type VapidKeys } from './vapid.ts';

/** What push needs of an event of the pipeline: its id (claimed once) and the agent notification it announces. */
export interface PushEvent {
  id: number;
  notificationId: number;
}

export interface PushOutcome {
  /** False when another process (or an earlier delivery) already took this event. */
  claimed: boolean;
  sent: number;
  /** Subscriptions the push service said are gone (404/410), deleted. */
  removed: number;
  failed: number;
}

// A notification not delivered within a day (the phone was off) is stale: the app lists it anyway.
const TTL_S = 24 * 3600;
// A push service that does not answer within this long is given up on; the event is not retried.
const SEND_TIMEOUT_MS = 10_000;
// Speed to lead: a referral that is now the agent's wakes the phone at once (RFC 8030 section 5.3).
const HIGH_URGENCY: ReadonlySet<NotificationType> = new Set(['NEW_REFERRAL', 'FORCE_ASSIGNED_REFERRAL']);

/** Messages in flight at once from one process, whatever the number of subscriptions (no burst of hundreds). */
export const PUSH_CONCURRENCY = 4;
/** Deliveries that may fail in a row before the subscription is dropped (a dead or hostile endpoint). */
export const MAX_PUSH_FAILURES = 5;

export interface DeliverOptions {
  /** The name resolver of the push request (node:dns by default; a test answers what a name resolves to). */
  resolve?: Resolve;
  now?: Date;
}

/**
 * Sends the agent notification an event announces to the push subscriptions of the agent's users
 * whose sign-in is still valid (a revoked, expired or signed-out session is told nothing, even by a
 * subscription it left behind). Every API process hears every event: the event is claimed first
 * (push_deliveries), so only one process sends it. At most PUSH_CONCURRENCY messages are in flight
 * at once; a failure is counted, never thrown, and a subscription failing MAX_PUSH_FAILURES times in
 * a row, or whose endpoint is no longer allowed, is dropped.
 */
export async function deliverPush(
  db: Db,
  config: Config,
  event: PushEvent,
  options: DeliverOptions = {},
): Promise<PushOutcome> {
  const outcome: PushOutcome = { claimed: false, sent: 0, removed: 0, failed: 0 };
  const claim = await db
    .insertInto('push_deliveries')
    .values({ event_id: event.id })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  if (!claim) return outcome;
  outcome.claimed = true;
  const keys = await vapidKeys(db, config);
  const note = await db
    .selectFrom('agent_notifications')
    .select(['agent_id', 'type', 'referral_id', 'referral_name', 'title', 'text'])
    .where('id', '=', event.notificationId)
    .executeTakeFirst();
  if (!keys || !note) return outcome;
  // A new referral or a reminder reaches the phones only when the agent keeps push on for that kind.
  if (note.agent_id !== null && !(await agentWantsPush(db, note.agent_id, note.type))) return outcome;
  const now = options.now ?? new Date();
  const subscriptions = await db
    .selectFrom('push_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.endpoint', 's.p256dh', 's.auth'])
    .where('u.agent_id', '=', note.agent_id)
    .where('u.status', '=', 'ACTIVE')
    // The sign-in that registered it is still valid: its current refresh token is neither revoked nor expired.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('refresh_tokens as t')
          .select('t.id')
          .whereRef('t.family_id', '=', 's.family_id')
          .where('t.revoked_at', 'is', null)
          .where('t.rotated_at', 'is', null)
          .where('t.expires_at', '>', now),
      ),
    )
    .orderBy('s.id')
    .execute();
  const message: PushMessage = {
    title: note.title,
    body: note.text,
    tag: note.referral_id === null ? `notification-${event.notificationId}` : `referral-${note.referral_id}`,
    url:
      note.referral_id === null ? pathTo('agent-followups') : pathTo('agent-followup-view', { id: note.referral_id }),
    referralId: note.referral_id,
    referralName: note.referral_name,
  };
  const sendOptions: webpush.RequestOptions = {
    vapidDetails: vapidDetails(keys),
    TTL: TTL_S,
    urgency: HIGH_URGENCY.has(note.type) ? 'high' : 'normal',
    contentEncoding: 'aes128gcm',
    // A newer message about the same referral replaces one the push service still holds (RFC 8030 5.4).
    ...(note.referral_id === null ? {} : { topic: `referral-${note.referral_id}` }),
  };
  const deliverOne = async (s: (typeof subscriptions)[number]): Promise<'sent' | 'removed' | 'failed'> => {
    // Checked again at delivery: a row written before the rule (or by hand) is dropped, never sent to.
    if (!pushEndpointAllowed(s.endpoint, config.demoMode)) {
      await db.deleteFrom('push_subscriptions').where('id', '=', s.id).execute();
      return 'removed';
    }
    const details = webpush.generateRequestDetails(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      JSON.stringify(message),
      sendOptions,
    );
    const status = await send(details, options.resolve);
    if (status === 404 || status === 410 || status === 'blocked') {
      await db.deleteFrom('push_subscriptions').where('id', '=', s.id).where('endpoint', '=', s.endpoint).execute();
      return 'removed';
    }
    if (typeof status === 'number' && status >= 200 && status < 300) {
      await db
        .updateTable('push_subscriptions')
        .set({ failures: 0, last_failure_at: null })
        .where('id', '=', s.id)
        .where('failures', '>', 0)
        .execute();
      return 'sent';
    }
    const row = await db
      .updateTable('push_subscriptions')
      .set((eb) => ({ failures: eb('failures', '+', 1), last_failure_at: now }))
      .where('id', '=', s.id)
      .returning('failures')
      .executeTakeFirst();
    if (row && row.failures >= MAX_PUSH_FAILURES) {
      await db.deleteFrom('push_subscriptions').where('id', '=', s.id).execute();
      return 'removed';
    }
    return 'failed';
  };
  for (const r of await inPool(subscriptions, PUSH_CONCURRENCY, deliverOne)) {
    outcome[r] += 1;
    countPushSend(r);
  }
  return outcome;
}

/** Runs `work` over `items` with at most `limit` running at once; the results in the items' order. */
async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const vapidDetails = (k: VapidKeys) => ({ subject: k.subject, publicKey: k.publicKey, privateKey: k.privateKey });

/**
 * POSTs what web-push prepared (encrypted body, VAPID Authorization, TTL, Urgency, Topic) with
 * node:https, whose socket resolves the host through pushLookup: the addresses are checked and the
 * connection goes to the one checked. Plain http only for the demo's loopback stand-in. Answers the
 * push service's status, 'blocked' when the host resolves to an address the server does not send
 * to, or undefined when it could not be reached in time. Redirects are not followed.
 */
function send(details: webpush.RequestDetails, resolve?: Resolve): Promise<number | 'blocked' | undefined> {
  const url = new URL(details.endpoint);
  const headers: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(details.headers))
    if (value !== undefined) headers[name] = value as string | number;
  const body = details.body ? Buffer.from(details.body) : undefined;
  if (body) headers['Content-Length'] = body.length;
  const plain = url.protocol === 'http:';
  return new Promise((settle) => {
    let done = false;
    const finish = (v: number | 'blocked' | undefined) => {
      if (!done) {
        done = true;
        settle(v);
      }
    };
    const request = (plain ? http : https).request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (plain ? 80 : 443),
        path: `${url.pathname}${url.search}`,
        method: details.method,
        headers,
        lookup: pushLookup(resolve, plain),
        agent: false,
        timeout: SEND_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        finish(res.statusCode);
      },
    );
    request.on('timeout', () => request.destroy(new Error('the push service did not answer in time')));
    request.on('error', (err) => finish(err instanceof BlockedAddressError ? 'blocked' : undefined));
    request.end(body);
  });
}
