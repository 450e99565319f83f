import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { closeTestServer, freshPage, restoreNativeFetch, testServer } from '../setup/render-app.tsx';

// Component files share their worker's modules (vitest.config.ts, `isolate: false`, decision 0116).
// What the setup file does between two files (tests/setup/dom-setup.ts) must give the next file a
// database and a fetch of its own, as a separate process would.

describe('one test file to the next in a worker', () => {
  it('starts from a freshly seeded API: what the last file wrote is gone', async () => {
    const first = await testServer();
    await first.db.updateTable('brokerages').set({ name: 'Renamed By An Earlier File' }).where('id', '=', 1).execute();
    await closeTestServer();
    const second = await testServer();
    expect(second).not.toBe(first);
    const row = await second.db.selectFrom('brokerages').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Renamed By An Earlier File');
  }, 60_000);

  it('leaves no timer of the last file to fire into the next: what is pending at its end is cleared', async () => {
    const timers = (globalThis as Record<symbol, { clearAll(): void } | undefined>)[
      Symbol.for('porchlight.test-file-timers')
    ];
    expect(timers).toBeDefined();
    const fired: string[] = [];
    setTimeout(() => fired.push('timeout'), 20);
    setInterval(() => fired.push('interval'), 20);
    const kept = setTimeout(() => fired.push('before the end'), 0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fired).toEqual(['before the end']);
    clearTimeout(kept);
    timers!.clearAll(); // what tests/setup/dom-setup.ts does after each file
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    const wait = Date.now();
    while (Date.now() - wait < 60) await new Promise((resolve) => setImmediate(resolve));
    expect(fired).toEqual(['before the end']);
  });

  it('starts online with an empty IndexedDB, whatever the last file left', async () => {
    onlineManager.setOnline(false);
    const before = globalThis.indexedDB;
    freshPage();
    expect(onlineManager.isOnline()).toBe(true);
    expect(globalThis.indexedDB).not.toBe(before);
    expect(await globalThis.indexedDB.databases()).toEqual([]);
  });

  it("starts with the environment's fetch, not the closed server's refusal", async () => {
    restoreNativeFetch();
    const native = globalThis.fetch;
    await closeTestServer();
    expect(globalThis.fetch).not.toBe(native);
    await expect(globalThis.fetch('/anything')).rejects.toThrow('the test server has closed');
    restoreNativeFetch();
    expect(globalThis.fetch).toBe(native);
  });
});
