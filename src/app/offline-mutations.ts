import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { AGENT_WRITE_SCOPE, ANNOUNCEMENT_READ_SCOPE, agentAppKeys, agentWriteKeys, announcementReadKey, type AnnouncementRead } from '../api/agent-app-keys.ts';
import type { AgentWrite, NoteWrite, StageWrite } from '../api/agent-app-writes.ts';
import { ApiError } from '../api/client.ts';
import type { AnnouncementPage, AnnouncementStatus } from '../contract/announcements.ts';
import type { AgentReferral, AgentReferralDetail, AgentReferralPage } from '../contract/referrals.ts';
import { forgetWrite, refuseWrite, rememberWrite } from '../session/agent-unsynced.ts';
import { REFRESH_THRESHOLD_MS } from '../session/constants.ts';
import { refreshSession } from '../session/session.ts';
import { sessionStore } from '../session/state.ts';

// Mutation defaults for every write that may wait for a connection (STYLE.md "Offline", after
// TanStack's examples/react/offline). They must be on the client before the persisted cache is
// restored: a restored paused mutation gets its mutationFn and callbacks from these defaults.
// The senders and the optimistic-update helpers load on first use (they are precached for offline
// use), so registering the defaults at start-up costs the login page almost nothing.
const writes = () => import('../api/agent-app-writes.ts');
const announcements = () => import('../api/announcements.ts');

// onlineManager starts "online" and learns only from online/offline events, so a page loaded with
// no signal (a reload offline) would send at once. Start from what the browser knows.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

const RECHECK_MS = 15_000; // the browser says online but requests do not arrive: look again this often
let recheck: ReturnType<typeof setTimeout> | undefined;

/** A write could not reach the server: pause the queue (persisted as paused) and look again later. */
function noteUnreachable(): void {
  onlineManager.setOnline(false);
  clearTimeout(recheck);
  recheck = setTimeout(() => { if (navigator.onLine) onlineManager.setOnline(true); }, RECHECK_MS);
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
// A lost connection is retried for as long as it takes (paused while offline); a server error a few times.
const retry = (count: number, err: unknown) =>
  err instanceof ApiError && (err.network || ((err.status >= 500 || err.status === 429) && count < SERVER_RETRIES));
const retryDelay = (count: number, err: unknown) =>
  (err instanceof ApiError && err.network ? 500 : Math.min(1000 * 2 ** count, 30_000)); // network: pause soon

function failed(err: unknown, write: AgentWrite): void {
  // Signed out (401): the write stays in the ledger and is sent again when the user is back.
  if (err instanceof ApiError && err.status === 401) return;
  refuseWrite(write, err instanceof ApiError ? err.status : 0, err instanceof Error ? err.message : 'The change was not saved.');
}

interface Patch { detail: (d: AgentReferralDetail) => AgentReferralDetail; row: (r: AgentReferral) => AgentReferral }

/** The optimistic update: the referral's detail and its rows in every cached list, as the write will leave them. */
async function optimistic(client: QueryClient, w: AgentWrite, patch: Patch): Promise<void> {
  const detailKey = agentAppKeys.detail(w.agentId, w.referralId);
  await Promise.all([
    client.cancelQueries({ queryKey: detailKey, exact: true }),
    client.cancelQueries({ queryKey: agentAppKeys.lists(w.agentId) }),
  ]);
  client.setQueryData<AgentReferralDetail>(detailKey, (old) => old && patch.detail(old));
  client.setQueriesData<AgentReferralPage>({ queryKey: agentAppKeys.lists(w.agentId) },
    (page) => page && { ...page, content: page.content.map((r) => (r.id === w.referralId ? patch.row(r) : r)) });
}

function refresh(client: QueryClient, w: AgentWrite): void {
  for (const queryKey of [agentAppKeys.lists(w.agentId), agentAppKeys.detail(w.agentId, w.referralId),
    agentAppKeys.funnel(w.agentId), agentAppKeys.notifications()]) void client.invalidateQueries({ queryKey });
}

const registered = new WeakSet<QueryClient>();

/** Registers the agent app's write defaults on `client` (once per client). */
export function registerOfflineMutations(client: QueryClient): void {
  if (registered.has(client)) return;
  registered.add(client);
  const common = { networkMode: 'online' as const, scope: AGENT_WRITE_SCOPE, retry, retryDelay };

  client.setMutationDefaults<AgentReferralDetail, unknown, StageWrite>(agentWriteKeys.stage, {
    ...common,
    mutationFn: (w: StageWrite) => send(async () => (await writes()).sendStageChange(w)),
    onMutate: async (w: StageWrite) => {
      rememberWrite(w);
      const at = new Date();
      const { detailWithStage, withStage } = await writes();
      return optimistic(client, w, { detail: (d) => detailWithStage(d, w.change, at), row: (r) => withStage(r, w.change, at) });
    },
    onSuccess: (detail: AgentReferralDetail, w: StageWrite) => {
      forgetWrite(w.idempotencyKey);
      client.setQueryData(agentAppKeys.detail(w.agentId, w.referralId), detail);
    },
    onError: (err: unknown, w: StageWrite) => failed(err, w),
    onSettled: (_d: unknown, _e: unknown, w: StageWrite) => refresh(client, w),
  });

  client.setMutationDefaults<unknown, unknown, NoteWrite>(agentWriteKeys.note, {
    ...common,
    mutationFn: (w: NoteWrite) => send(async () => (await writes()).sendNote(w)),
    onMutate: async (w: NoteWrite) => {
      rememberWrite(w);
      const at = new Date();
      const { withFollowUp } = await writes();
      return optimistic(client, w, { detail: (d) => withFollowUp(d, at), row: (r) => withFollowUp(r, at) });
    },
    onSuccess: (_note: unknown, w: NoteWrite) => forgetWrite(w.idempotencyKey),
    onError: (err: unknown, w: NoteWrite) => failed(err, w),
    onSettled: (_d: unknown, _e: unknown, w: NoteWrite) => refresh(client, w),
  });

  // An announcement opened in the agent app: read at once on this device (the cached lists and the
  // drawer's count), sent when there is a connection; the server keeps the first read time.
  client.setMutationDefaults<AnnouncementStatus, unknown, AnnouncementRead>(announcementReadKey, {
    networkMode: 'online', scope: ANNOUNCEMENT_READ_SCOPE, retry, retryDelay,
    mutationFn: (w: AnnouncementRead) => send(async () => (await announcements()).setAnnouncementRead(w.announcementId, true)),
    onMutate: async (w: AnnouncementRead) => {
      const { announcementKeys } = await announcements();
      let wasUnread = false;
      client.setQueriesData<AnnouncementPage>({ queryKey: [...announcementKeys.all, 'list'] }, (page) => {
        if (!page) return page;
        const hit = page.content.some((a) => a.id === w.announcementId && a.readAt === null);
        if (hit) wasUnread = true;
        return hit ? {
          ...page, unreadCount: Math.max(0, page.unreadCount - 1),
          content: page.content.map((a) => (a.id === w.announcementId ? { ...a, readAt: w.at } : a)),
        } : page;
      });
      if (wasUnread) client.setQueryData<number>(announcementKeys.unread(), (n) => (n === undefined ? n : Math.max(0, n - 1)));
    },
    onSuccess: async (status: AnnouncementStatus) => {
      client.setQueryData((await announcements()).announcementKeys.unread(), status.unreadCount);
    },
    onSettled: async () => { await client.invalidateQueries({ queryKey: (await announcements()).announcementKeys.all }); },
  });
}
