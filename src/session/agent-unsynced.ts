import { createStore, del, entries, set, setMany } from 'idb-keyval';
import { useEffect, useSyncExternalStore } from 'react';

import type { AgentWrite } from '../api/agent-app-writes.ts';
import { batched } from '../lib/batched.ts';
import { STORAGE_PREFIX, useStore } from './persisted-store.ts';
import { profileStore } from './state.ts';

// The agent's unsynced changes, kept per user in IndexedDB (decision 0079):
// - pending: every write made and not yet applied by the server. This ledger is what replays them
//   (src/session/write-queue.ts); a write is in IndexedDB before the app says it is saved. A sign-out
//   the user did not ask for (an expired session, a refused refresh) keeps it, and it is sent, with its
//   same Idempotency-Key, when the same user is back.
// - refused: writes the server refused (4xx: a replay after the referral was reassigned, a move no
//   longer allowed), with the server's message, until the agent dismisses them. Never dropped silently.
// One IndexedDB entry per write, so writes answered at the same moment never overwrite each other.

export interface RefusedWrite {
  write: AgentWrite;
  status: number;
  message: string;
  at: string;
}
export interface UnsyncedLedger {
  pending: AgentWrite[];
  refused: RefusedWrite[];
}

interface Entry {
  userId: number;
  write: AgentWrite;
  /** Order of making: writes to one referral are sent in this order. */
  seq: number;
  refused?: { status: number; message: string; at: string } | undefined;
}

const EMPTY: UnsyncedLedger = { pending: [], refused: [] };
// Its own database: idb-keyval creates a store only with a new database, and the query cache's exists.
const idb = () => createStore('porchlight-writes', 'writes');
const LEGACY_KEY = `${STORAGE_PREFIX}agent-unsynced`; // the localStorage ledger of earlier versions

const keyOf = (userId: number, idempotencyKey: string) => `${userId}:${idempotencyKey}`;
let entries$ = new Map<string, Entry>();
let ledgers = new Map<number, UnsyncedLedger>();
const listeners = new Set<() => void>();
const SCREEN_BATCH_MS = 50; // screens hear a burst of changes (a drain) once, at most this late
const notify = batched(() => listeners.forEach((l) => l()), SCREEN_BATCH_MS);
let loading: Promise<void> | undefined;
let loaded = false;
let lastSeq = 0;

function emit(): void {
  ledgers = new Map();
  for (const e of [...entries$.values()].sort((a, b) => a.seq - b.seq)) {
    const l = ledgers.get(e.userId) ?? { pending: [], refused: [] };
    if (e.refused) l.refused.push({ write: e.write, ...e.refused });
    else l.pending.push(e.write);
    ledgers.set(e.userId, l);
  }
  notify();
}

/** A ledger of an earlier version (localStorage) moves into IndexedDB once; writes it held as failed by the server wait again. */
async function migrateLegacy(): Promise<void> {
  const raw = globalThis.localStorage?.getItem(LEGACY_KEY);
  if (!raw) return;
  type Legacy = Record<
    string,
    {
      pending?: AgentWrite[];
      refused?: { write: AgentWrite; status: number; message: string; at: string; retryable?: boolean }[];
    }
  >;
  let old: Legacy;
  try {
    old = JSON.parse(raw) as Legacy;
  } catch {
    old = {};
  }
  const moved: Entry[] = [];
  for (const [user, l] of Object.entries(old)) {
    const userId = Number(user);
    for (const write of l.pending ?? []) moved.push({ userId, write, seq: ++lastSeq });
    // A 5xx or no answer was never a refusal: the server may have applied it, so it is sent again.
    for (const r of l.refused ?? []) {
      moved.push({
        userId,
        write: r.write,
        seq: ++lastSeq,
        ...(r.retryable ? {} : { refused: { status: r.status, message: r.message, at: r.at } }),
      });
    }
  }
  await setMany(
    moved
      .filter((e) => !entries$.has(keyOf(e.userId, e.write.idempotencyKey)))
      .map((e) => [keyOf(e.userId, e.write.idempotencyKey), e]),
    idb(),
  );
  for (const e of moved)
    entries$.set(keyOf(e.userId, e.write.idempotencyKey), entries$.get(keyOf(e.userId, e.write.idempotencyKey)) ?? e);
  globalThis.localStorage?.removeItem(LEGACY_KEY);
}

/** Reads the ledger from IndexedDB (once a page; every call after the first waits for the same read). */
export function ledgerReady(): Promise<void> {
  loading ??= (async () => {
    try {
      const stored = await entries<string, Entry>(idb());
      entries$ = new Map(stored);
      lastSeq = Math.max(lastSeq, ...stored.map(([, e]) => e.seq));
      await migrateLegacy();
    } catch {
      // No IndexedDB (a private window of an old browser): the ledger lives in this page's memory.
    }
    loaded = true;
    emit();
  })();
  return loading;
}

/** Reads IndexedDB again (tests empty it between renders, as the persisted stores re-read localStorage). */
export function reloadLedger(): Promise<void> {
  loading = undefined;
  loaded = false;
  return ledgerReady();
}

/** The IndexedDB store of the ledger (tests open it to look at what a page left behind). */
export const ledgerStore = idb;

export const ledgerOf = (userId: number | undefined): UnsyncedLedger =>
  (userId !== undefined && ledgers.get(userId)) || EMPTY;
const currentUserId = (): number | undefined => profileStore.get().user?.id;

/**
 * Records a write as made and not yet applied, and resolves once it is in IndexedDB: only then may
 * the app say it is saved on this device. Resolves false when the device could not keep it (no
 * IndexedDB, a full quota): it is still sent from this page's memory.
 */
export async function enqueueWrite(write: AgentWrite, userId = currentUserId()): Promise<boolean> {
  if (userId === undefined) return false;
  await ledgerReady();
  const key = keyOf(userId, write.idempotencyKey);
  if (entries$.has(key)) return true;
  const entry: Entry = { userId, write, seq: Math.max(Date.now(), lastSeq + 1) };
  lastSeq = entry.seq;
  let kept = true;
  try {
    await set(key, entry, idb());
  } catch {
    kept = false;
  }
  entries$.set(key, entry);
  emit();
  return kept;
}

/** The user's writes waiting to be sent, oldest first. */
export const pendingWrites = (userId: number): AgentWrite[] => ledgerOf(userId).pending;

async function change(userId: number, idempotencyKey: string, next: Entry | undefined): Promise<void> {
  const key = keyOf(userId, idempotencyKey);
  if (next) entries$.set(key, next);
  else entries$.delete(key);
  emit();
  await (next ? set(key, next, idb()) : del(key, idb())).catch(() => undefined);
}

/** The server applied the write. */
export const forgetWrite = (userId: number, idempotencyKey: string) => change(userId, idempotencyKey, undefined);

/** The server refused the write (4xx): it leaves the queue and waits, with the reason, for the agent. */
export function refuseWrite(
  userId: number,
  write: AgentWrite,
  status: number,
  message: string,
  at = new Date(),
): Promise<void> {
  const old = entries$.get(keyOf(userId, write.idempotencyKey));
  return change(userId, write.idempotencyKey, {
    userId,
    write,
    seq: old?.seq ?? ++lastSeq,
    refused: { status, message, at: at.toISOString() },
  });
}

export function dismissRefused(idempotencyKey: string, userId = currentUserId()): Promise<void> {
  return userId === undefined ? Promise.resolve() : forgetWrite(userId, idempotencyKey);
}

/** Discards every unsynced change of a user (an explicit Log out the user confirmed). */
export async function discardLedger(userId: number): Promise<void> {
  const keys = [...entries$.values()]
    .filter((e) => e.userId === userId)
    .map((e) => keyOf(e.userId, e.write.idempotencyKey));
  for (const key of keys) entries$.delete(key);
  emit();
  await Promise.all(keys.map((key) => del(key, idb()).catch(() => undefined)));
}

export const subscribeLedger = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether the ledger has been read from IndexedDB (until then no screen may say that all is synced). */
const isLoaded = () => loaded;

/** The signed-in user's ledger, kept in step with IndexedDB; `loaded` is false until it was read. */
export function useUnsyncedLedger(): UnsyncedLedger & { loaded: boolean } {
  const userId = useStore(profileStore, (p) => p.user?.id);
  useEffect(() => {
    void ledgerReady();
  }, []);
  const ledger = useSyncExternalStore(
    subscribeLedger,
    () => ledgerOf(userId),
    () => ledgerOf(userId),
  );
  const loaded = useSyncExternalStore(subscribeLedger, isLoaded, isLoaded);
  return { ...ledger, loaded };
}

let allPending: AgentWrite[] = [];
let allPendingOf: Map<number, UnsyncedLedger> | undefined;
/** Every user's writes waiting on this device, oldest first (a new list when the ledger changes). */
function everyPending(): AgentWrite[] {
  if (allPendingOf !== ledgers) {
    allPendingOf = ledgers;
    allPending = [...ledgers.values()].flatMap((l) => l.pending);
  }
  return allPending;
}

/**
 * The writes waiting on this device whoever made them, for the login page: signed out (an expired
 * session), nobody is the user yet, and the agent should know what is still to be sent.
 */
export function useWaitingOnDevice(): AgentWrite[] {
  useEffect(() => {
    void ledgerReady();
  }, []);
  return useSyncExternalStore(subscribeLedger, everyPending, everyPending);
}
