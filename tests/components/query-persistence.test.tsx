// The persisted query cache writes at most once a second; a page being left writes what it holds.
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { createStore, get } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { cacheKeyFor, idbPersister, settlePersistence } from '../../src/app/query-persistence.ts';

const stored = (user: string) => get<PersistedClient>(cacheKeyFor(user), createStore('porchlight', 'query-cache'));
const client = (n: number): PersistedClient => ({
  timestamp: n,
  buster: 'test',
  clientState: { queries: [], mutations: [] },
});
/** Well inside the one-second throttle: a write seen by then was not the throttle's. */
const soon = (user: string, expected: PersistedClient) =>
  vi.waitFor(
    async () => {
      expect(await stored(user)).toEqual(expected);
    },
    { timeout: 400, interval: 20 },
  );

afterEach(async () => {
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  await settlePersistence();
});

describe('the persisted query cache', () => {
  it('holds a change for the throttle, then writes the latest', async () => {
    const persister = idbPersister('throttle');
    await persister.persistClient(client(1));
    await persister.persistClient(client(2));
    await new Promise((r) => setTimeout(r, 200));
    expect(await stored('throttle')).toBeUndefined();
    await vi.waitFor(
      async () => {
        expect(await stored('throttle')).toEqual(client(2));
      },
      { timeout: 3000, interval: 50 },
    );
  });

  it('writes what the throttle holds at once when the page is left (pagehide)', async () => {
    const persister = idbPersister('pagehide');
    await persister.persistClient(client(3));
    window.dispatchEvent(new Event('pagehide'));
    await soon('pagehide', client(3));
  });

  it('writes it at once when the page is hidden (a phone switching apps)', async () => {
    const persister = idbPersister('hidden');
    await persister.persistClient(client(4));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await soon('hidden', client(4));
  });
});
