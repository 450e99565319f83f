// @vitest-environment jsdom
import 'fake-indexeddb/auto';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { noteWrite, stageWrite, type AgentWrite } from '../../src/api/agent-app-writes.ts';
import { ApiError } from '../../src/api/client.ts';
import { createWriteLedger, type WriteLedger } from '../../src/session/agent-unsynced.ts';
import { profileStore } from '../../src/session/state.ts';
import {
  backoffMs,
  createWriteQueue,
  outcomeOf,
  type DrainHooks,
  type WriteQueue,
} from '../../src/session/write-queue.ts';
import { emptyWriteLedger, storedLedger } from '../setup/write-ledger.ts';

// The ledger of unsynced writes (IndexedDB) and the drain that sends it, against a sender that stands
// in for the network. The whole thing against the real API is tests/components/agent-write-faults.test.tsx.

const USER = 42;
const target = (referralId: number) => ({ agentId: 3, referralId, referralName: `Prospect ${referralId}` });
const signedInAs = (id: number | null) =>
  profileStore.set({ user: id === null ? null : ({ id } as never), brokerage: null, loanOffice: null, agent: null });

// Each test is a new page: its own ledger and queue over the same IndexedDB.
let ledger: WriteLedger;
let queue: WriteQueue;
let stop = () => {};
beforeEach(async () => {
  localStorage.clear();
  signedInAs(USER);
  await emptyWriteLedger();
  ledger = createWriteLedger();
  queue = createWriteQueue(ledger);
  stop = () => {};
});
afterEach(() => stop());

/** The next page: a new ledger reads back what IndexedDB holds. */
async function reloadPage(): Promise<void> {
  ledger = createWriteLedger();
  queue = createWriteQueue(ledger);
  await ledger.ready();
}

describe('what a failed send means', () => {
  it.each([
    ['no connection', new ApiError(0, 'Failed to fetch', undefined, true), 'offline'],
    ['signed out', new ApiError(401, 'Unauthorized'), 'signed-out'],
    ['a server failure', new ApiError(500, 'Internal Server Error'), 'retry'],
    ['unavailable', new ApiError(503, 'Service Unavailable'), 'retry'],
    ['a timeout', new ApiError(408, 'Request Timeout'), 'retry'],
    ['too many requests', new ApiError(429, 'Too Many Requests'), 'retry'],
    ['a reassigned referral', new ApiError(403, 'no longer yours'), 'refused'],
    ['a move no longer allowed', new ApiError(409, 'not allowed'), 'refused'],
    ['bad input', new ApiError(400, 'bad'), 'refused'],
    ['a key reused for another body', new ApiError(422, 'another request'), 'refused'],
  ])('%s is %s', (_name, err, outcome) => {
    expect(outcomeOf(err)).toBe(outcome);
  });

  it('waits a random time below an exponentially growing bound, capped at 30 s (full jitter)', () => {
    expect(backoffMs(0, () => 0)).toBe(0);
    expect(backoffMs(0, () => 0.999)).toBe(249);
    expect(backoffMs(3, () => 0.5)).toBe(1000);
    expect(backoffMs(20, () => 0.999)).toBe(29_970);
  });
});

describe('the ledger', () => {
  it('is in IndexedDB when enqueue resolves, once per key, per user', async () => {
    const w = noteWrite(target(7), 'Left a voicemail');
    expect(await ledger.enqueue(w)).toBe(true);
    expect(await ledger.enqueue(w)).toBe(true);
    expect(await storedLedger()).toEqual({ pending: [w.idempotencyKey], refused: [] });
    await reloadPage(); // a new page reads it back
    expect(ledger.of(USER).pending).toEqual([w]);
    expect(ledger.of(USER + 1).pending).toEqual([]);
    await ledger.discard(USER);
    expect(await storedLedger()).toEqual({ pending: [], refused: [] });
  });

  it('moves the localStorage ledger of an earlier version into IndexedDB once; a write it held as failed by the server waits again', async () => {
    const pending = noteWrite(target(7), 'Pending');
    const refused = stageWrite(target(8), 'BUYER', { stage: 'SHOWN_HOMES' });
    const failed = stageWrite(target(9), 'BUYER', { stage: 'SHOWN_HOMES' });
    localStorage.setItem(
      'porchlight:agent-unsynced',
      JSON.stringify({
        [USER]: {
          pending: [pending],
          refused: [
            {
              write: refused,
              status: 403,
              message: 'This referral was reassigned.',
              at: '2030-06-15T12:00:00.000Z',
              retryable: false,
            },
            {
              write: failed,
              status: 503,
              message: 'Service Unavailable',
              at: '2030-06-15T12:00:00.000Z',
              retryable: true,
            },
          ],
        },
      }),
    );
    await reloadPage();
    expect(localStorage.getItem('porchlight:agent-unsynced')).toBeNull();
    expect(
      ledger
        .of(USER)
        .pending.map((w) => w.idempotencyKey)
        .sort(),
    ).toEqual([pending.idempotencyKey, failed.idempotencyKey].sort());
    expect(ledger.of(USER).refused).toEqual([
      { write: refused, status: 403, message: 'This referral was reassigned.', at: '2030-06-15T12:00:00.000Z' },
    ]);
    const stored = await storedLedger();
    expect(stored.pending.sort()).toEqual([pending.idempotencyKey, failed.idempotencyKey].sort());
    expect(stored.refused).toEqual([refused.idempotencyKey]);
    await reloadPage(); // once: nothing is moved twice
    expect(ledger.of(USER).pending).toHaveLength(2);
  });
});

/** A sender standing in for the network: `answer` decides each attempt; every attempt is recorded. */
function fakeSender(answer: (w: AgentWrite, attempt: number) => 'ok' | ApiError) {
  const attempts = new Map<string, number>();
  const log: { key: string; referralId: number; at: 'start' | 'end' }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const hooks: DrainHooks = {
    async send(w) {
      const n = (attempts.get(w.idempotencyKey) ?? 0) + 1;
      attempts.set(w.idempotencyKey, n);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      log.push({ key: w.idempotencyKey, referralId: w.referralId, at: 'start' });
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      log.push({ key: w.idempotencyKey, referralId: w.referralId, at: 'end' });
      const a = answer(w, n);
      if (a !== 'ok') throw a;
      return { id: 1 };
    },
    queued: () => undefined,
    online: () => true,
    applied: () => undefined,
    settled: () => undefined,
  };
  return { hooks, attempts, log, maxInFlight: () => maxInFlight };
}

describe('the drain', () => {
  it("sends different referrals at once and each referral's writes in the order they were made", async () => {
    const writes = [1, 2, 3].flatMap((ref) => [0, 1, 2].map((i) => noteWrite(target(ref), `note ${i}`)));
    for (const w of writes) await ledger.enqueue(w);
    const net = fakeSender(() => 'ok');
    stop = queue.start(net.hooks);
    await queue.drain();
    expect(net.maxInFlight()).toBe(3);
    for (const ref of [1, 2, 3]) {
      const order = net.log.filter((l) => l.referralId === ref && l.at === 'start').map((l) => l.key);
      expect(order).toEqual(writes.filter((w) => w.referralId === ref).map((w) => w.idempotencyKey));
    }
    expect(await storedLedger()).toEqual({ pending: [], refused: [] });
  });

  it('sends a write the server failed (5xx, 429) again until it is applied, and lists only a refusal as not saved', async () => {
    const flaky = noteWrite(target(1), 'flaky');
    const refused = stageWrite(target(2), 'BUYER', { stage: 'SHOWN_HOMES' });
    for (const w of [flaky, refused]) await ledger.enqueue(w);
    const net = fakeSender((w, n) => {
      if (w === refused || w.idempotencyKey === refused.idempotencyKey)
        return new ApiError(403, 'This referral was reassigned.');
      return n <= 3 ? new ApiError(n === 2 ? 429 : 500, 'Internal Server Error') : 'ok';
    });
    stop = queue.start(net.hooks);
    await queue.drain();
    expect(net.attempts.get(flaky.idempotencyKey)).toBe(4);
    expect(net.attempts.get(refused.idempotencyKey)).toBe(1);
    expect(await storedLedger()).toEqual({ pending: [], refused: [refused.idempotencyKey] });
    expect(ledger.of(USER).refused).toMatchObject([{ status: 403, message: 'This referral was reassigned.' }]);
    await ledger.dismissRefused(refused.idempotencyKey);
    expect(await storedLedger()).toEqual({ pending: [], refused: [] });
  });

  it('stops without a connection or a session and keeps every write; sends them when asked again by the same user only', async () => {
    const writes = [1, 2].map((ref) => noteWrite(target(ref), 'kept'));
    for (const w of writes) await ledger.enqueue(w);
    let mode: 'offline' | 'signed-out' | 'up' = 'offline';
    const net = fakeSender(() =>
      mode === 'offline'
        ? new ApiError(0, 'Failed to fetch', undefined, true)
        : mode === 'signed-out'
          ? new ApiError(401, 'Unauthorized')
          : 'ok',
    );
    stop = queue.start(net.hooks);
    await queue.drain();
    mode = 'signed-out';
    await queue.drain();
    expect((await storedLedger()).pending).toHaveLength(2);

    mode = 'up';
    signedInAs(USER + 1); // another user on this device: not theirs to send
    await queue.drain();
    expect((await storedLedger()).pending).toHaveLength(2);
    signedInAs(USER);
    await queue.drain();
    expect(await storedLedger()).toEqual({ pending: [], refused: [] });
  });
});
