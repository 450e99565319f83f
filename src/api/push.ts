import { PushSubscriptionAnswer, VapidPublicKey } from '../contract/push.ts';
import { request } from './client.ts';

// Web Push for the agent app: the browser's side (permission, PushManager) and the calls
// that register a subscription with the server. Permission is asked only by turnOnPush, which only
// the profile screen's switch calls: never at load.

const PATH = '/agents-api/push-subscriptions';

/** What the profile says when the browser or the phone refuses (shown at load too, without asking). */
export const PUSH_BLOCKED =
  "Notifications are blocked for this app. Allow them in your browser's or phone's settings, then turn this on again.";
export const PUSH_UNSUPPORTED =
  'This browser cannot show notifications from the app. Install the app to your home screen, or use Chrome, Edge, Firefox or Safari 16.4 or later.';

export type PushSupport = 'supported' | 'unsupported';

/** Whether this browser can receive Web Push at all (iOS: only the installed app, from 16.4). */
export function pushSupport(): PushSupport {
  return typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
    ? 'supported'
    : 'unsupported';
}

/** The service worker's registration, if this page has one (none in development: no worker there). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (pushSupport() === 'unsupported') return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** This browser's push subscription for the app, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
};

/** Why turning notifications on did not work, in words for the agent. */
export class PushRefused extends Error {
  constructor(
    readonly reason: 'denied' | 'dismissed' | 'unsupported' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Asks the browser's permission (the one place that does), subscribes with the server's VAPID key
 * and registers the subscription. Throws PushRefused saying who refused: the browser or phone
 * (permission), the browser (no push support, no service worker), or the push service.
 */
export async function turnOnPush(): Promise<PushSubscription> {
  const reg = await registration();
  if (!reg) throw new PushRefused('unsupported', PUSH_UNSUPPORTED);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushRefused('denied', PUSH_BLOCKED);
  if (permission !== 'granted')
    throw new PushRefused('dismissed', 'Notifications were not allowed. Turn this on again and choose Allow.');
  const { publicKey } = await request(`${PATH}/vapid-public-key`, { schema: VapidPublicKey });
  let sub: PushSubscription;
  try {
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  } catch (err) {
    throw new PushRefused(
      'failed',
      `The browser's push service refused the subscription (${(err as Error).message || 'no reason given'}). Try again later.`,
    );
  }
  try {
    await request(PATH, { method: 'POST', json: sub.toJSON(), schema: PushSubscriptionAnswer });
  } catch (err) {
    await sub.unsubscribe().catch(() => false);
    throw err;
  }
  return sub;
}

/** Stops notifications on this browser: the server forgets the subscription, the browser drops it. */
export async function turnOffPush(): Promise<void> {
  const sub = await currentPushSubscription();
  if (!sub) return;
  await request(PATH, { method: 'DELETE', json: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}

/**
 * At logout, while the session's token still works: the next person to sign in on this phone is not
 * told of this agent's referrals. (The server drops it too when the sign-in is revoked.) Never throws.
 */
export async function dropPushAtLogout(): Promise<void> {
  try {
    const sub = await currentPushSubscription();
    if (!sub) return;
    await request(PATH, { method: 'DELETE', json: { endpoint: sub.endpoint } }).catch(() => undefined);
    await sub.unsubscribe();
  } catch {
    // No worker, no subscription, offline: the server's own drop at logout covers it.
  }
}
