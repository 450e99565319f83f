import { createStore, del, entries, set, setMany } from 'idb-keyval';

import type { AgentWrite } from '../api/agent-app-writes.ts';
import { batched } from '../lib/batched.ts';
import { STORAGE_PREFIX } from './persisted-store.ts';
import { profileStore } from './state.ts';

// The agent's unsynced changes, kept per user in IndexedDB (decision 0079):
// - pending: every write made and not yet applied by the server. This ledger is what replays them
//   (src/session/write-queue.ts); a write is in IndexedDB before the app says it is saved. A sign-out
//   the user did not ask for (an expired session, a refused refresh) keeps it, and it is sent, with its
//   same Idempotency-Key, when the same user is back.
// - refused: writes the server refused (4xx: a replay after the referral was reassigned, a move no
//   longer allowed), with the server's message, until the agent dismisses them. Never dropped silently.
// One IndexedDB entry per write, so writes answered at the same moment never overwrite each other.
// A ledger is an instance, one per page: the app's query client owns it with its queue (decision 0114).

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

/** The agent's unsynced writes on this device, read from and kept in IndexedDB. */
export interface WriteLedger {
  /** Reads IndexedDB (once; every call after the first waits for the same read). */
  ready(): Promise<void>;
  /** Whether IndexedDB has been read (until then no screen may say that all is synced). */
  loaded(): boolean;
  /** A user's ledger, oldest first (the same object until it changes). */
  of(userId: number | undefined): UnsyncedLedger;
  /** Every user's writes waiting on this device, oldest first (a new list when the ledger changes). */
  everyPending(): AgentWrite[];
  /**
   * Records a write as made and not yet applied, and resolves once it is in IndexedDB: only then may
   * the app say it is saved on this device. Resolves false when the device could not keep it (no
   * IndexedDB, a full quota): it is still sent from this page's memory.
   */
  enqueue(write: AgentWrite, userId?: number): Promise<boolean>;
  /** The server applied the write. */
  forget(userId: number, idempotencyKey: string): Promise<void>;
  /** The server refused the write (4xx): it leaves the queue and waits, with the reason, for the agent. */
  refuse(userId: number, write: AgentWrite, status: number, message: string, at?: Date): Promise<void>;
  /** The agent read a refusal. */
  dismissRefused(idempotencyKey: string, userId?: number): Promise<void>;
  /** Discards every unsynced change of a user (an explicit Log out the user confirmed). */
  discard(userId: number): Promise<void>;
  subscribe(listener: () => void): () => void;
}

const EMPTY: UnsyncedLedger = { pending: [], refused: [] };
// Its own database: idb-keyval creates a store only with a new database, and the query cache's exists.
const idb = () => createStore('porchlight-writes', 'writes');
const LEGACY_KEY = `${STORAGE_PREFIX}agent-unsynced`; // the localStorage ledger of earlier versions
const SCREEN_BATCH_MS = 50; // screens hear a burst of changes (a drain) once, at most this late

const keyOf = (userId: number, idempotencyKey: string) => `${userId}:${idempotencyKey}`;
const currentUserId = (): number | undefined => profileStore.get().user?.id;

/** A ledger of this page: empty until `ready()` has read IndexedDB. */
export function createWriteLedger(): WriteLedger {
  let entries$ = new Map<string, Entry>();
  let ledgers = new Map<number, UnsyncedLedger>();
  const listeners = new Set<() => void>();
  const notify = batched(() => listeners.forEach((l) => l()), SCREEN_BATCH_MS);
  let loading: Promise<void> | undefined;
  let loaded = false;
  let lastSeq = 0;
  let allPending: AgentWrite[] = [];
  let allPendingOf: Map<number, UnsyncedLedger> | undefined;

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

  async function change(userId: number, idempotencyKey: string, next: Entry | undefined): Promise<void> {
    const key = keyOf(userId, idempotencyKey);
    if (next) entries$.set(key, next);
    else entries$.delete(key);
    emit();
    await (next ? set(key, next, idb()) : del(key, idb())).catch(() => undefined);
  }

  const ledger: WriteLedger = {
    ready() {
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
    },
    loaded: () => loaded,
    of: (userId) => (userId !== undefined && ledgers.get(userId)) || EMPTY,
    everyPending() {
      if (allPendingOf !== ledgers) {
        allPendingOf = ledgers;
        allPending = [...ledgers.values()].flatMap((l) => l.pending);
      }
      return allPending;
    },
    async enqueue(write, userId = currentUserId()) {
      if (userId === undefined) return false;
      await ledger.ready();
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
    },
    forget: (userId, idempotencyKey) => change(userId, idempotencyKey, undefined),
    refuse(userId, write, status, message, at = new Date()) {
      const old = entries$.get(keyOf(userId, write.idempotencyKey));
      return change(userId, write.idempotencyKey, {
        userId,
        write,
        seq: old?.seq ?? ++lastSeq,
        refused: { status, message, at: at.toISOString() },
      });
    },
    dismissRefused(idempotencyKey, userId = currentUserId()) {
      return userId === undefined ? Promise.resolve() : ledger.forget(userId, idempotencyKey);
    },
    async discard(userId) {
      const keys = [...entries$.values()]
        .filter((e) => e.userId === userId)
        .map((e) => keyOf(e.userId, e.write.idempotencyKey));
      for (const key of keys) entries$.delete(key);
      emit();
      await Promise.all(keys.map((key) => del(key, idb()).catch(() => undefined)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return ledger;
}
