import type { AgentWrite } from '../api/agent-app-writes.ts';
import { ApiError } from '../api/client.ts';
import { batched } from '../lib/batched.ts';
import type { WriteLedger } from './agent-unsynced.ts';
import { profileStore } from './state.ts';

// The drain of the agent's unsynced writes (decision 0079). The ledger in IndexedDB
// (agent-unsynced.ts) is the queue; this sends it:
// - writes to one referral one after another, in the order they were made; different referrals at
//   the same time (up to MAX_PARALLEL), so one slow or failing referral does not hold the others;
// - a server failure (5xx, 408, 429) is retried, with the same Idempotency-Key, after an exponential
//   backoff with full jitter, for as long as it takes: the server may have applied it, and its
//   idempotency answers the replay as a success. Only a refusal (another 4xx) is "not saved";
// - no connection, or a 401 (the session is gone): the drain stops and the writes wait, kept, for the
//   connection or for the same user to sign in again.
// A queue is an instance over one ledger: the app's query client owns both (decision 0114).

export type Outcome = 'offline' | 'signed-out' | 'retry' | 'refused';

/** What a failed send means for the queue. */
export function outcomeOf(err: unknown): Outcome {
  if (!(err instanceof ApiError)) return 'retry';
  if (err.network) return 'offline';
  if (err.status === 401) return 'signed-out';
  if (err.status >= 500 || err.status === 408 || err.status === 429) return 'retry';
  return err.status >= 400 ? 'refused' : 'retry';
}

const BACKOFF_BASE_MS = 250; // the first retry waits up to a quarter second
const BACKOFF_CAP_MS = 30_000; // and none waits more than 30 s: a field user is watching the count
/** Full jitter (AWS Architecture Blog, "Exponential Backoff and Jitter"): retries of many writes spread out. */
export const backoffMs = (attempt: number, random = Math.random) =>
  Math.floor(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt));
const MAX_PARALLEL = 6; // a browser's connections per host on HTTP/1.1: more would only wait in the browser

export interface DrainHooks {
  send(write: AgentWrite): Promise<unknown>;
  /** The write is kept and queued: show it as it will be (the optimistic update). */
  queued(write: AgentWrite): void;
  online(): boolean;
  /** The server applied the write (`result` is its answer). */
  applied(write: AgentWrite, result: unknown): void;
  /**
   * Nothing is being sent any more: the answers of these referrals' writes landed (applied or
   * refused). One refetch for them all, rather than one per write competing with the writes.
   */
  settled(referrals: { agentId: number; referralId: number }[]): void;
}

export interface AppliedWrite {
  write: AgentWrite;
  result: unknown;
}

/** The drain of one page: what it sends, what it is sending, what it saw applied. */
export interface WriteQueue {
  /**
   * Sets what sends and what hears the answers (the app's query layer) and drains what waits; a
   * write queued, or the same user back after a sign-out, starts its referral's chain. Returns the
   * stop: nothing more is sent from this queue (a page closed, as a browser killing it would).
   */
  start(hooks: DrainHooks): () => void;
  /**
   * Queues a write and resolves once it is kept in IndexedDB (true), or could only be kept in this
   * page's memory (false): only after `true` may the app say it is saved on this device.
   * `done` hears the server's answer, if it comes while this page is open.
   */
  add(write: AgentWrite, done?: (result: unknown) => void): Promise<boolean>;
  /**
   * Sends every write the signed-in user has waiting; resolves when none is left or the drain stopped
   * (offline, signed out). Called on start, on reconnect and when a user signs in.
   */
  drain(): Promise<void>;
  /** The Idempotency-Keys of the writes being sent right now (a new set at every change). */
  sending(): ReadonlySet<string>;
  /** Writes this page saw applied, oldest first (a new list at every change). */
  applied(): readonly AppliedWrite[];
  subscribe(listener: () => void): () => void;
}

const SCREEN_BATCH_MS = 50; // screens hear a burst of changes once, at most this late
const APPLIED_KEPT = 50; // the answers a screen may still show before its refetch holds them

/**
 * A refusal in words: the server's messages for the fields it names (a rule the write broke), never
 * the body's "The request body is not valid"; otherwise its message.
 */
function refusalText(err: unknown): string {
  if (err instanceof ApiError && err.fields && Object.keys(err.fields).length > 0)
    return Object.values(err.fields).join(' ');
  return err instanceof Error ? err.message : 'The change was not saved.';
}

const signedInAs = () => profileStore.get().user?.id;

/** The queue that sends `ledger`'s writes; it sends nothing until started. */
export function createWriteQueue(ledger: WriteLedger): WriteQueue {
  let hooks: DrainHooks | undefined;
  let halted = false; // a network failure or a 401 stopped the drain until it is asked again
  let stopped = true;
  const chains = new Map<number, Promise<void>>(); // one per referral being sent
  const answered = new Map<number, { agentId: number; referralId: number }>(); // since the queue was last idle
  let sending: ReadonlySet<string> = new Set<string>();
  const listeners = new Set<() => void>();
  const sleepers = new Set<() => void>();
  const emit = batched(() => listeners.forEach((l) => l()), SCREEN_BATCH_MS);
  let applied: readonly AppliedWrite[] = [];
  const onApplied = new Map<string, (result: unknown) => void>();
  let slots = MAX_PARALLEL;
  const slotWaiters: (() => void)[] = [];

  function setSending(key: string, on: boolean): void {
    const next = new Set(sending);
    if (on) next.add(key);
    else next.delete(key);
    sending = next;
    emit();
  }

  const acquire = () =>
    slots > 0 ? ((slots -= 1), Promise.resolve()) : new Promise<void>((resolve) => slotWaiters.push(resolve));
  function release(): void {
    const next = slotWaiters.shift();
    if (next) next();
    else slots += 1;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  /** Starts a chain for every referral with writes waiting that has none running. */
  function kick(): void {
    const userId = signedInAs();
    if (!hooks || stopped || halted || userId === undefined || !hooks.online()) return;
    for (const w of ledger.of(userId).pending) {
      if (chains.has(w.referralId)) continue;
      const referralId = w.referralId;
      chains.set(
        referralId,
        runChain(userId, referralId).finally(() => {
          chains.delete(referralId);
          kick(); // a write queued as the chain ended
          if (chains.size === 0 && answered.size > 0) {
            const done = [...answered.values()];
            answered.clear();
            hooks?.settled(done);
          }
        }),
      );
    }
  }

  /** One referral's writes, one after another in the order they were made. */
  async function runChain(userId: number, referralId: number): Promise<void> {
    await acquire();
    try {
      for (;;) {
        const next = ledger.of(userId).pending.find((w) => w.referralId === referralId);
        if (!next || !(await sendOne(userId, next))) return;
      }
    } finally {
      release();
    }
  }

  /** Sends one write until the server answers it; false when the drain stopped. */
  async function sendOne(userId: number, write: AgentWrite): Promise<boolean> {
    for (let attempt = 0; ; attempt += 1) {
      // Signed out, or another user signed in, since the drain began: the rest waits for its owner.
      if (halted || stopped || !hooks || signedInAs() !== userId) return false;
      const h = hooks;
      setSending(write.idempotencyKey, true);
      try {
        const result = await h.send(write);
        await ledger.forget(userId, write.idempotencyKey);
        applied = [...applied, { write, result }].slice(-APPLIED_KEPT);
        answered.set(write.referralId, { agentId: write.agentId, referralId: write.referralId });
        h.applied(write, result);
        onApplied.get(write.idempotencyKey)?.(result);
        onApplied.delete(write.idempotencyKey);
        return true;
      } catch (err) {
        const outcome = outcomeOf(err);
        if (outcome === 'refused') {
          await ledger.refuse(userId, write, err instanceof ApiError ? err.status : 0, refusalText(err));
          answered.set(write.referralId, { agentId: write.agentId, referralId: write.referralId });
          return true;
        }
        if (outcome !== 'retry') {
          // offline (the sender paused the app's network state) or signed out
          halted = true;
          return false;
        }
      } finally {
        setSending(write.idempotencyKey, false);
      }
      await sleep(backoffMs(attempt));
    }
  }

  const queue: WriteQueue = {
    start(next) {
      hooks = next;
      stopped = false;
      const offLedger = ledger.subscribe(kick);
      const offUser = profileStore.subscribe(() => {
        void queue.drain();
      });
      void queue.drain();
      return () => {
        offLedger();
        offUser();
        stopped = true;
        for (const wake of [...sleepers]) wake();
      };
    },
    async add(write, done) {
      if (done) onApplied.set(write.idempotencyKey, done);
      const kept = await ledger.enqueue(write);
      hooks?.queued(write);
      kick();
      return kept;
    },
    async drain() {
      await ledger.ready();
      halted = false;
      kick();
      while (chains.size > 0) await Promise.all([...chains.values()]);
    },
    sending: () => sending,
    applied: () => applied,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return queue;
}
