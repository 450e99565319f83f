import type { AgentWrite } from '../api/agent-app-writes.ts';
import { createPersistedStore, useStore } from './persisted-store.ts';
import { profileStore } from './state.ts';

// The agent's unsynced changes, kept per user in localStorage apart from the query cache:
// - pending: every write made and not yet answered. The paused mutations in the persisted query
//   cache are what replays them; this ledger is the safety net for when that cache is cleared (a
//   sign-out after an expired session clears every cache of the identity), so a write typed offline
//   is re-queued, with its same Idempotency-Key, when the same user is back.
// - refused: writes the server refused (a replay after the referral was reassigned, a move no
//   longer allowed), with the server's message, until the agent dismisses them. Never dropped silently.

export interface RefusedWrite {
  write: AgentWrite;
  status: number;
  message: string;
  at: string;
  /** A server failure (5xx, or no answer at all) may succeed on a later try; a 4xx refusal will not. */
  retryable: boolean;
}
export interface UnsyncedLedger { pending: AgentWrite[]; refused: RefusedWrite[] }

const EMPTY: UnsyncedLedger = { pending: [], refused: [] };
export const unsyncedStore = createPersistedStore<Record<string, UnsyncedLedger>>('agent-unsynced', {});

const currentUserId = (): number | undefined => profileStore.get().user?.id;

function update(change: (ledger: UnsyncedLedger) => UnsyncedLedger, userId = currentUserId()): void {
  if (userId === undefined) return;
  unsyncedStore.set((all) => {
    const next = change(all[userId] ?? EMPTY);
    const rest = Object.fromEntries(Object.entries(all).filter(([k]) => k !== String(userId)));
    return next.pending.length === 0 && next.refused.length === 0 ? rest : { ...rest, [userId]: next };
  });
}

const without = <T>(list: T[], key: string, keyOf: (x: T) => string) => list.filter((x) => keyOf(x) !== key);

export const ledgerOf = (userId: number | undefined): UnsyncedLedger =>
  (userId !== undefined && unsyncedStore.get()[userId]) || EMPTY;

/** Records a write as made and not yet answered (idempotent by key). */
export function rememberWrite(write: AgentWrite): void {
  update((l) => (l.pending.some((w) => w.idempotencyKey === write.idempotencyKey) ? l : { ...l, pending: [...l.pending, write] }));
}

/** The server applied the write. */
export function forgetWrite(key: string): void {
  update((l) => ({ ...l, pending: without(l.pending, key, (w) => w.idempotencyKey) }));
}

/** The server refused the write: it leaves the queue and waits, with the reason, for the agent. */
export function refuseWrite(write: AgentWrite, status: number, message: string, at = new Date()): void {
  const key = write.idempotencyKey;
  update((l) => ({
    pending: without(l.pending, key, (w) => w.idempotencyKey),
    refused: [...without(l.refused, key, (r) => r.write.idempotencyKey), { write, status, message, at: at.toISOString(), retryable: status < 400 || status >= 500 }],
  }));
}

export function dismissRefused(key: string): void {
  update((l) => ({ ...l, refused: without(l.refused, key, (r) => r.write.idempotencyKey) }));
}

/** The signed-in user's ledger, kept in step with the store. */
export function useUnsyncedLedger(): UnsyncedLedger {
  const userId = useStore(profileStore, (p) => p.user?.id);
  return useStore(unsyncedStore, (all) => (userId !== undefined && all[userId]) || EMPTY);
}
