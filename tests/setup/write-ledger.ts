import { clear, createStore, entries } from 'idb-keyval';

// The IndexedDB database the agent's write ledger keeps (src/session/agent-unsynced.ts), read here
// from outside, as the next page would: what a page left behind, not what its memory holds.
const writesDb = () => createStore('porchlight-writes', 'writes');

/** Empties the agent's write ledger in IndexedDB (between tests, as localStorage is); the next client reads it empty. */
export async function emptyWriteLedger(): Promise<void> {
  await clear(writesDb());
}

/** What IndexedDB holds right now, read apart from the page's memory: pending and refused writes. */
export async function storedLedger(): Promise<{ pending: string[]; refused: string[] }> {
  const all = await entries<string, { write: { idempotencyKey: string }; refused?: unknown }>(writesDb());
  return {
    pending: all.filter(([, e]) => !e.refused).map(([, e]) => e.write.idempotencyKey),
    refused: all.filter(([, e]) => e.refused).map(([, e]) => e.write.idempotencyKey),
  };
}
