import { onlineManager, type QueryClient } from '@tanstack/react-query';

import {
  agentAppKeys,
  ANNOUNCEMENT_READ_SCOPE,
  announcementReadKey,
  type AnnouncementRead,
} from '../api/agent-app-keys.ts';
import type { AgentWrite } from '../api/agent-app-writes.ts';
import { ApiError } from '../api/client.ts';
import type { AnnouncementPage, AnnouncementStatus } from '../contract/announcements.ts';
import type { AgentReferral, AgentReferralDetail, AgentReferralPage } from '../contract/referrals.ts';
import { REFRESH_THRESHOLD_MS } from '../session/constants.ts';
import { refreshSession } from '../session/session.ts';
import { sessionStore } from '../session/state.ts';
import type { ConsoleQueryClient } from './query-client.ts';

// The writes that may wait for a connection. The agent's referral writes are queued in IndexedDB and
// drained by src/session/write-queue.ts (decision 0079), one ledger and one queue per query client
// (decision 0114); this wires that queue to its client's cache (the optimistic update, the answers,
// the refetches) and to the connection. The announcement read is a TanStack mutation with
// defaults (STYLE.md "Offline"), registered before the persisted cache is restored: a restored paused
// mutation gets its mutationFn and callbacks from them.
// The senders and the optimistic-update helpers load on first use (they are precached for offline
// use), so registering at start-up costs the login page almost nothing.
const writes = () => import('../api/agent-app-writes.ts');
const announcements = () => import('../api/announcements.ts');

// onlineManager starts "online" and learns only from online/offline events, so a page loaded with
// no signal (a reload offline) would send at once. Start from what the browser knows.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

const RECHECK_MS = 15_000; // the browser says online but requests do not arrive: look again this often
let recheck: ReturnType<typeof setTimeout> | undefined;

/** A write could not reach the server: pause the queues (the drain stops, a read waits paused) and look again later. */
function noteUnreachable(): void {
  onlineManager.setOnline(false);
  clearTimeout(recheck);
  recheck = setTimeout(() => {
    if (navigator.onLine) onlineManager.setOnline(true);
  }, RECHECK_MS);
}

async function send<T>(run: () => Promise<T>): Promise<T> {
  // A write replayed after long offline: renew the session first rather than meet a 401, which signs out.
  const session = sessionStore.get();
  if (session && session.expiresAt - Date.now() < REFRESH_THRESHOLD_MS) await refreshSession();
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError && err.network) noteUnreachable();
    throw err;
  }
}

const SERVER_RETRIES = 3;
// The announcement read: a lost connection is retried for as long as it takes (paused while offline); a server error a few times.
const retry = (count: number, err: unknown) =>
  err instanceof ApiError && (err.network || ((err.status >= 500 || err.status === 429) && count < SERVER_RETRIES));
const retryDelay = (count: number, err: unknown) =>
  err instanceof ApiError && err.network ? 500 : Math.min(1000 * 2 ** count, 30_000); // network: pause soon

interface Patch {
  detail: (d: AgentReferralDetail) => AgentReferralDetail;
  row: (r: AgentReferral) => AgentReferral;
}

/** The optimistic update: the referral's detail and its rows in every cached list, as the write will leave them. */
async function optimistic(client: QueryClient, w: AgentWrite, patch: Patch): Promise<void> {
  const detailKey = agentAppKeys.detail(w.agentId, w.referralId);
  await Promise.all([
    client.cancelQueries({ queryKey: detailKey, exact: true }),
    client.cancelQueries({ queryKey: agentAppKeys.lists(w.agentId) }),
  ]);
  client.setQueryData<AgentReferralDetail>(detailKey, (old) => old && patch.detail(old));
  client.setQueriesData<AgentReferralPage>(
    { queryKey: agentAppKeys.lists(w.agentId) },
    (page) => page && { ...page, content: page.content.map((r) => (r.id === w.referralId ? patch.row(r) : r)) },
  );
}

/** The server's state after writes to these referrals: their details, the lists, the funnel, the bell. */
function refresh(client: QueryClient, referrals: { agentId: number; referralId: number }[]): void {
  const agents = [...new Set(referrals.map((r) => r.agentId))];
  const keys = [
    ...referrals.map((r) => agentAppKeys.detail(r.agentId, r.referralId)),
    ...agents.flatMap((a) => [agentAppKeys.lists(a), agentAppKeys.funnel(a)]),
    agentAppKeys.notifications(),
  ];
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

/** The optimistic patch of a queued write: its referral's detail and rows, as the write will leave them. */
async function showQueued(client: QueryClient, w: AgentWrite): Promise<void> {
  const at = new Date();
  const { detailWithStage, withStage, withFollowUp } = await writes();
  await optimistic(
    client,
    w,
    w.kind === 'stage'
      ? { detail: (d) => detailWithStage(d, w.change, at), row: (r) => withStage(r, w.change, at) }
      : { detail: (d) => withFollowUp(d, at), row: (r) => withFollowUp(r, at) },
  );
}

async function sendWrite(w: AgentWrite): Promise<unknown> {
  const api = await writes();
  return send<unknown>(() => (w.kind === 'stage' ? api.sendStageChange(w) : api.sendNote(w)));
}

/**
 * Starts the client's write queue: sent through the API, shown in the client's cache, drained again
 * on reconnect. Returns the stop (the page's query layer is gone).
 */
export function startOfflineWrites(client: ConsoleQueryClient): () => void {
  const { queue } = client.writes;
  const stopQueue = queue.start({
    send: sendWrite,
    queued: (w) => {
      void showQueued(client, w);
    },
    online: () => onlineManager.isOnline(),
    applied: (w, result) => {
      if (w.kind === 'stage')
        client.setQueryData(agentAppKeys.detail(w.agentId, w.referralId), result as AgentReferralDetail);
    },
    settled: (referrals) => refresh(client, referrals),
  });
  const offReconnect = onlineManager.subscribe((online) => {
    if (online) void queue.drain();
  });
  return () => {
    offReconnect();
    stopQueue();
  };
}

const registered = new WeakSet<QueryClient>();

/** Registers the offline mutations on `client` (once per client): the announcement read. */
export function registerOfflineMutations(client: QueryClient): void {
  if (registered.has(client)) return;
  registered.add(client);

  // An announcement opened in the agent app: read at once on this device (the cached lists and the
  // drawer's count), sent when there is a connection; the server keeps the first read time.
  client.setMutationDefaults<AnnouncementStatus, unknown, AnnouncementRead>(announcementReadKey, {
    networkMode: 'online',
    scope: ANNOUNCEMENT_READ_SCOPE,
    retry,
    retryDelay,
    mutationFn: (w: AnnouncementRead) =>
      send(async () => (await announcements()).setAnnouncementRead(w.announcementId, true)),
    onMutate: async (w: AnnouncementRead) => {
      const { announcementKeys } = await announcements();
      let wasUnread = false;
      client.setQueriesData<AnnouncementPage>({ queryKey: [...announcementKeys.all, 'list'] }, (page) => {
        if (!page) return page;
        const hit = page.content.some((a) => a.id === w.announcementId && a.readAt === null);
        if (hit) wasUnread = true;
        return hit
          ? {
              ...page,
              unreadCount: Math.max(0, page.unreadCount - 1),
              content: page.content.map((a) => (a.id === w.announcementId ? { ...a, readAt: w.at } : a)),
            }
          : page;
      });
      if (wasUnread)
        client.setQueryData<number>(announcementKeys.unread(), (n) => (n === undefined ? n : Math.max(0, n - 1)));
    },
    onSuccess: async (status: AnnouncementStatus) => {
      client.setQueryData((await announcements()).announcementKeys.unread(), status.unreadCount);
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: (await announcements()).announcementKeys.all });
    },
  });
}
