import type { QueryClient, QueryKey } from '@tanstack/react-query';
import * as v from 'valibot';

import { agentAppKeys } from '../api/agent-app-keys.ts';
import { agentNotificationKeys } from '../api/agent-notifications.ts';
import { announcementKeys } from '../api/announcements.ts';
import { assignmentKeys } from '../api/assignments-content.ts';
import { brokerReferralKeys } from '../api/broker-referrals.ts';
import { requestStream } from '../api/client.ts';
import { dashboardKeys } from '../api/dashboard.ts';
import { lenderConsoleKeys } from '../api/lender-console.ts';
import { myAgentKeys } from '../api/my-agents.ts';
import { myLeadKeys } from '../api/my-leads.ts';
import { opportunityKeys } from '../api/opportunities.ts';
import { LiveChange, type EventType } from '../contract/events.ts';
import { SseParser } from '../lib/sse.ts';

// The live console (decision 0081): after sign-in the console holds one stream of the
// changes its user may see (GET /events, with the session's token) and turns each into query
// invalidations, so an open overview, list or referral refetches within a second or two of a change
// made by someone else. Offline it pauses; back online, or after the server ends the stream (its
// token expired, the process restarts), it reconnects with Last-Event-ID and gets what it missed.

const REFERRAL_ANSWERS: readonly QueryKey[] = [
  brokerReferralKeys.all,
  dashboardKeys.all,
  agentAppKeys.all,
  myAgentKeys.all,
];

/**
 * The cached answers each type of change may have altered, as key prefixes of the API modules'
 * factories. One entry per event type, no default: a new type in EVENT_TYPES fails the typecheck
 * here until it names what it refreshes (tests/unit/live-event-keys.test.ts).
 */
export const EVENT_KEYS: { readonly [T in EventType]: readonly QueryKey[] } = {
  REFERRAL_ASSIGNED: [...REFERRAL_ANSWERS, opportunityKeys.all, assignmentKeys.all],
  REFERRAL_REASSIGNED: REFERRAL_ANSWERS,
  REFERRAL_ACCEPTED: REFERRAL_ANSWERS,
  REFERRAL_STAGE_CHANGED: REFERRAL_ANSWERS,
  REFERRAL_NOTE_ADDED: REFERRAL_ANSWERS,
  AGENT_NOTIFICATION: [agentNotificationKeys.all, agentAppKeys.notifications()],
  LENDER_REFERRAL_CHANGED: [lenderConsoleKeys.all, dashboardKeys.all],
  ANNOUNCEMENT_CHANGED: [announcementKeys.all],
  // A lead changed by staff: My Leads and the opportunity pages, and what shows its client or counts it.
  OPPORTUNITY_CHANGED: [myLeadKeys.all, opportunityKeys.all, ...REFERRAL_ANSWERS],
  // For the server's processes only: it has no audience, so no console hears it.
  ACCESS_CHANGED: [],
};

/** The cached answers a change may have altered. */
export function keysFor(change: LiveChange): readonly QueryKey[] {
  return EVENT_KEYS[change.type];
}

/**
 * A `change` message's data as the contract shapes it, or undefined when it is not one (malformed, or
 * a type this console does not know yet, from a newer server): such a message refreshes nothing.
 */
export function parseChange(data: string): LiveChange | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = v.safeParse(LiveChange, json);
  return parsed.success ? parsed.output : undefined;
}

const RETRY_MS = [1_000, 2_000, 5_000, 15_000]; // then every 15 s while the server refuses or is away
const BATCH_MS = 150; // changes arriving together (a reassignment is three events) refetch once

const settings = {
  // Component tests render the console many times over against one in-process API: the stream
  // opens only in the tests that ask for it (tests/components/live-*.test.tsx).
  enabled: import.meta.env.MODE !== 'test',
  // The page's own reads go first: the stream opens once no query has been fetching for this long
  // (so it never competes with a page's first calls, and "network idle" is reached before it opens).
  quietMs: 2_000,
};
export function configureLiveEvents(next: Partial<typeof settings>): void {
  Object.assign(settings, next);
}
export const liveEventsEnabled = () => settings.enabled;

// "Updated": when the last change someone else made was shown (a polite status, live-events-mark.tsx).
let updatedAt = 0;
const markListeners = new Set<() => void>();
export const liveMark = {
  subscribe(listener: () => void) {
    markListeners.add(listener);
    return () => {
      markListeners.delete(listener);
    };
  },
  get: () => updatedAt,
};
function markUpdated() {
  updatedAt = Date.now();
  for (const l of markListeners) l();
}

/**
 * Resolves once the page has an answer and no query has fetched for `ms` (checked every 250 ms), or at
 * once when ms is 0. A screen whose code is still loading has no answer yet: the stream waits for it.
 */
function whenQuiet(client: QueryClient, ms: number, stopped: () => boolean): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    let quietSince = Date.now();
    const tick = () => {
      if (stopped()) return resolve();
      const answered = client
        .getQueryCache()
        .getAll()
        .some((q) => q.state.dataUpdatedAt > 0);
      if (client.isFetching() > 0 || !answered) quietSince = Date.now();
      if (Date.now() - quietSince >= ms) return resolve();
      setTimeout(tick, 250);
    };
    setTimeout(tick, 250);
  });
}

/** Opens the stream for the signed-in user; the returned function closes it (logout, identity change). */
export function startLiveEvents(client: QueryClient): () => void {
  let stopped = false;
  let lastId: string | undefined; // the stream's opaque position (a cursor), sent back as Last-Event-ID
  let attempt = 0;
  let current: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let batch: QueryKey[] = [];
  let flush: ReturnType<typeof setTimeout> | undefined;

  const refresh = async (keys: QueryKey[]) => {
    const shown = keys.some((queryKey) => client.getQueryCache().findAll({ queryKey, type: 'active' }).length > 0);
    await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    if (shown && !stopped) markUpdated();
  };
  const queue = (keys: readonly QueryKey[]) => {
    batch.push(...keys);
    flush ??= setTimeout(() => {
      flush = undefined;
      const keysNow = batch;
      batch = [];
      void refresh(keysNow);
    }, BATCH_MS);
  };

  const read = async (body: ReadableStream<Uint8Array>, signal: AbortSignal) => {
    const reader = body.getReader();
    // Closing (sign-out, offline) ends the read at once, whatever the transport does with the abort.
    signal.addEventListener('abort', () => {
      void reader.cancel().catch(() => {});
    });
    const decoder = new TextDecoder();
    const parser = new SseParser();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const messages = parser.push(decoder.decode(value, { stream: true }));
      // The stream's position, even before any change of ours: a reconnect resumes from it.
      if (parser.lastEventId !== undefined) lastId = parser.lastEventId;
      for (const message of messages) {
        if (message.event === 'reset') {
          queue([[]]);
          continue;
        } // too far behind: everything shown refetches
        if (message.event !== 'change') continue;
        const change = parseChange(message.data);
        if (change) queue(keysFor(change));
      }
    }
  };

  const connect = async () => {
    if (stopped || current || !navigator.onLine) return;
    const controller = new AbortController();
    current = controller;
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (lastId !== undefined) headers['Last-Event-ID'] = lastId;
      const body = await requestStream('/events', { headers, signal: controller.signal });
      attempt = 0;
      await read(body, controller.signal);
    } catch {
      // Refused, offline or cut off: the retry below (or the online event) opens it again.
    } finally {
      if (current === controller) current = null;
    }
    if (stopped || !navigator.onLine) return;
    const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, wait);
  };

  const online = () => {
    clearTimeout(retry);
    retry = undefined;
    attempt = 0;
    void connect();
  };
  const offline = () => {
    clearTimeout(retry);
    retry = undefined;
    current?.abort();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  void whenQuiet(client, settings.quietMs, () => stopped).then(connect);

  return () => {
    stopped = true;
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    clearTimeout(retry);
    clearTimeout(flush);
    current?.abort();
  };
}
