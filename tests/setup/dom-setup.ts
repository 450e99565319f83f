import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { settlePersistence } from '../../src/app/query-persistence.ts';
import { closeTestServer, freshPage } from './render-app.tsx';

// The persisted query cache restores from IndexedDB asynchronously, and writes throttled; an
// unmounted app's restore still resolves later. Let it settle while jsdom's window exists, so
// nothing lands after teardown: wait for the persisters' operations, not for a fixed time.
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
afterEach(async () => {
  cleanup();
  await settle(10);
});
/**
 * Timers and intervals set while a file runs, cleared when it ends, as closing its window did when
 * every file had a jsdom of its own: an app a test left behind (a query client's timers, a session
 * timer, a retry loop) must not fire into the next file's page (a late sign-out navigating it to
 * /login). Installed once per worker; each file's afterAll clears what is still pending.
 */
const TIMERS = Symbol.for('porchlight.test-file-timers');
type Handle = ReturnType<typeof setTimeout>;
interface FileTimers {
  pending: Set<Handle>;
  clearAll(): void;
}
const scope = globalThis as typeof globalThis & { [TIMERS]?: FileTimers };
function trackTimers(): FileTimers {
  const { setTimeout: set, clearTimeout: clear, setInterval: every, clearInterval: stop } = globalThis;
  const pending = new Set<Handle>();
  globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const handle: Handle = set(() => {
      pending.delete(handle);
      fn(...args);
    }, ms);
    pending.add(handle);
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle?: Handle) => {
    if (handle !== undefined) pending.delete(handle);
    clear(handle);
  }) as typeof clearTimeout;
  globalThis.setInterval = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const handle: Handle = every(fn, ms, ...args);
    pending.add(handle);
    return handle;
  }) as typeof setInterval;
  globalThis.clearInterval = ((handle?: Handle) => {
    if (handle !== undefined) pending.delete(handle);
    stop(handle);
  }) as typeof clearInterval;
  return {
    pending,
    clearAll() {
      for (const handle of pending) {
        clear(handle);
        stop(handle);
      }
      pending.clear();
    },
  };
}
const fileTimers = (scope[TIMERS] ??= trackTimers());

// Test files share a worker and its modules (vitest.config.ts, `isolate: false`); each still starts
// as a fresh browser would: the environment's fetch, empty IndexedDB (its stores open per call).
beforeAll(freshPage);
afterAll(async () => {
  await settlePersistence();
  await closeTestServer();
  // What a file stubbed, mocked or left waiting does not reach the next file in the worker.
  vi.useRealTimers();
  fileTimers.clearAll();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// Sign-in runs real scrypt hashing against the in-process API: allow for a busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no ResizeObserver (visx ParentSize needs one) and no matchMedia.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

/** matchMedia answering max-width/min-width queries from window.innerWidth (tests resize it). */
window.matchMedia = (query: string) => {
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const w = window.innerWidth;
  const matches = (!max || w <= Number(max[1])) && (!min || w >= Number(min[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
};
