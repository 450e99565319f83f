import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The agent's write ledger and its queue are instances the query client owns (decision 0114): a new
// client is a new page, with a ledger read afresh from IndexedDB, so a test gets a fresh one by
// creating a client. Neither module may hold state of its own again (a module singleton), nor export
// a way for tests to reset or poke it (a back door): a file that does fails here.

const ROOT = path.resolve(__dirname, '../..');
const MODULES = ['src/session/write-queue.ts', 'src/session/agent-unsynced.ts', 'src/session/offline-writes.ts'];

/**
 * Top-level declarations that hold state: a `let`/`var`, or a `const` made by `new`, a call or an
 * array (a React context is made by a call and holds nothing: its value comes from the provider).
 */
const MODULE_STATE =
  /^(?:export\s+)?(?:(?:let|var)\s+(\w+)|const\s+(\w+)\s*(?::(?:=>|[^=\n])+)?=\s*(?:new\s|\[|(?!createContext\b)[\w.]+\s*[(<]))/gm;
/** Exports named as a way to reset, reload or reach into the state from outside. */
const BACK_DOOR =
  /^export\s+(?:async\s+)?(?:function|const|let|class)\s+((?:reset|reload|clear|empty|stop|set|poke|seed)\w*|\w*(?:Store|ForTests?|ForTesting))\b/gm;

function singletonsIn(file: string, text: string): string[] {
  const state = [...text.matchAll(MODULE_STATE)].map((m) => `${file}: module state ${m[1] ?? m[2]}`);
  const doors = [...text.matchAll(BACK_DOOR)].map((m) => `${file}: back door ${m[1]}`);
  return [...state, ...doors];
}

describe('the write ledger and queue are instances, not module singletons', () => {
  it('finds module state and a test-only reset, however they are written', () => {
    const old = [
      'let hooks: DrainHooks | undefined;',
      'const chains = new Map<number, Promise<void>>();',
      'const slotWaiters: (() => void)[] = [];',
      'const notify = batched(() => listeners.forEach((l) => l()), SCREEN_BATCH_MS);',
      'export function reloadLedger(): Promise<void> {',
      'export const ledgerStore = idb;',
      'export function stopWriteQueue(): void {',
    ].join('\n');
    expect(singletonsIn('x.ts', old)).toEqual([
      'x.ts: module state hooks',
      'x.ts: module state chains',
      'x.ts: module state slotWaiters',
      'x.ts: module state notify',
      'x.ts: back door reloadLedger',
      'x.ts: back door ledgerStore',
      'x.ts: back door stopWriteQueue',
    ]);
    const fine = [
      "const idb = () => createStore('porchlight-writes', 'writes');",
      'const SCREEN_BATCH_MS = 50;',
      'const EMPTY: UnsyncedLedger = { pending: [], refused: [] };',
      'export function createWriteQueue(ledger: WriteLedger): WriteQueue {',
      '  let hooks: DrainHooks | undefined;',
      '  const chains = new Map<number, Promise<void>>();',
      'export const backoffMs = (attempt: number, random = Math.random) =>',
      'export const OfflineWritesContext = createContext<OfflineWrites | undefined>(undefined);',
    ].join('\n');
    expect(singletonsIn('x.ts', fine)).toEqual([]);
  });

  it('no ledger or queue module holds state at module level or exports a reset', () => {
    const found = MODULES.flatMap((f) => singletonsIn(f, readFileSync(path.join(ROOT, f), 'utf8')));
    expect(found, 'keep the state inside createWriteLedger / createWriteQueue; a test makes a new client').toEqual([]);
  });
});
