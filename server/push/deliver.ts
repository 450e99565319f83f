import webpush from 'web-push';
import { pathTo } from '../../src/access/route-table.ts';
import type { NotificationType } from '../../src/contract/notifications.ts';
import type { PushMessage } from '../../src/contract/push.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { countPushSend } from '../observability/metrics.ts';
import { pushEndpointAllowed } from './endpoint.ts';
import { vapidKeys, type VapidKeys } from './vapid.ts';

/** What push needs of an event of the pipeline: its id (claimed once) and the agent notification it announces. */
export interface PushEvent { id: number; notificationId: number }

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

/**
 * Sends the agent notification an event announces to every push subscription of the agent's users.
 * Every API process hears every event: the event is claimed first (push_deliveries), so only one
 * process sends it. Subscriptions are sent to side by side, and a failure is counted, never thrown:
 * one dead phone stops neither the others nor the pipeline.
 */
export async function deliverPush(db: Db, config: Config, event: PushEvent): Promise<PushOutcome> {
  const outcome: PushOutcome = { claimed: false, sent: 0, removed: 0, failed: 0 };
  const claim = await db.insertInto('push_deliveries').values({ event_id: event.id })
    .onConflict((oc) => oc.column('event_id').doNothing()).returning('event_id').executeTakeFirst();
  if (!claim) return outcome;
  outcome.claimed = true;
  const keys = await vapidKeys(db, config);
  const note = await db.selectFrom('agent_notifications').select(['agent_id', 'type', 'referral_id', 'referral_name', 'title', 'text'])
    .where('id', '=', event.notificationId).executeTakeFirst();
  if (!keys || !note) return outcome;
  const subscriptions = await db.selectFrom('push_subscriptions as s').innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.endpoint', 's.p256dh', 's.auth'])
    .where('u.agent_id', '=', note.agent_id).where('u.status', '=', 'ACTIVE').execute();
  const message: PushMessage = {
    title: note.title, body: note.text,
    tag: note.referral_id === null ? `notification-${event.notificationId}` : `referral-${note.referral_id}`,
    url: note.referral_id === null ? pathTo('agent-followups') : pathTo('agent-followup-view', { id: note.referral_id }),
    referralId: note.referral_id, referralName: note.referral_name,
  };
  const options: webpush.RequestOptions = {
    vapidDetails: vapidDetails(keys), TTL: TTL_S, urgency: HIGH_URGENCY.has(note.type) ? 'high' : 'normal',
    contentEncoding: 'aes128gcm',
    // A newer message about the same referral replaces one the push service still holds (RFC 8030 5.4).
    ...(note.referral_id === null ? {} : { topic: `referral-${note.referral_id}` }),
  };
  const results = await Promise.all(subscriptions.map(async (s) => {
    if (!pushEndpointAllowed(s.endpoint, config.demoMode)) return 'failed' as const;
    const status = await send(webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(message), options));
    if (status === 404 || status === 410) {
      await db.deleteFrom('push_subscriptions').where('id', '=', s.id).where('endpoint', '=', s.endpoint).execute();
      return 'removed' as const;
    }
    return status !== undefined && status >= 200 && status < 300 ? 'sent' as const : 'failed' as const;
  }));
  for (const r of results) { outcome[r] += 1; countPushSend(r); }
  return outcome;
}

const vapidDetails = (k: VapidKeys) => ({ subject: k.subject, publicKey: k.publicKey, privateKey: k.privateKey });

/**
 * POSTs what web-push prepared (encrypted body, VAPID Authorization, TTL, Urgency, Topic). Sent with
 * fetch rather than web-push's own https-only request, so the demo's loopback http endpoint works too.
 * Answers the push service's status, or undefined when it could not be reached in time.
 */
async function send(details: webpush.RequestDetails): Promise<number | undefined> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== 'content-length' && value !== undefined) headers[name] = String(value);
  }
  try {
    const res = await fetch(details.endpoint, {
      method: details.method, headers, body: details.body ? new Uint8Array(details.body) : null, redirect: 'error', signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return res.status;
  } catch {
    return undefined;
  }
}
