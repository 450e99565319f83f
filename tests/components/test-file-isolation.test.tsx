import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { closeTestServer, freshPage, restoreNativeFetch, testServer } from '../setup/render-app.tsx';

// What the setup file does between two component files (tests/setup/dom-setup.ts, decision 0116) gives
// the next file a database, a fetch, an IndexedDB and TanStack's managers of its own.

describe('one test file to the next', () => {
  it('starts from a freshly seeded API: what the last file wrote is gone', async () => {
    const first = await testServer();
    await first.db.updateTable('brokerages').set({ name: 'Renamed By An Earlier File' }).where('id', '=', 1).execute();
    await closeTestServer();
    const second = await testServer();
    expect(second).not.toBe(first);
    const row = await second.db.selectFrom('brokerages').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Renamed By An Earlier File');
  }, 60_000);

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
