import { clear, entries } from 'idb-keyval';

import { ledgerStore, reloadLedger } from '../../src/session/agent-unsynced.ts';

/** Empties the agent's write ledger in IndexedDB and in memory (between tests, as localStorage is). */
export async function emptyWriteLedger(): Promise<void> {
  await clear(ledgerStore());
  await reloadLedger();
}

/** What IndexedDB holds right now, read apart from the page's memory: pending and refused writes. */
export async function storedLedger(): Promise<{ pending: string[]; refused: string[] }> {
  const all = await entries<string, { write: { idempotencyKey: string }; refused?: unknown }>(ledgerStore());
  return {
    pending: all.filter(([, e]) => !e.refused).map(([, e]) => e.write.idempotencyKey),
    refused: all.filter(([, e]) => e.refused).map(([, e]) => e.write.idempotencyKey),
  };
}
