import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { settlePersistence } from '../../src/app/query-persistence.ts';
import { closeTestServer, freshPage, stopApp } from './render-app.tsx';

// The persisted query cache restores from IndexedDB asynchronously, and writes throttled; an
// unmounted app's restore still resolves later. Let it settle while jsdom's window exists, so
// nothing lands after teardown: wait for the persisters' operations, not for a fixed time.
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
afterEach(async () => {
  cleanup();
  await stopApp();
  await settle(10);
});
// Each file starts as a fresh browser page would, and closes its in-process API when it ends
// (freshPage and closeTestServer, tests/setup/render-app.tsx; decision 0116).
beforeAll(freshPage);
afterAll(async () => {
  await settlePersistence();
  await closeTestServer();
  // What a file stubbed or mocked does not outlive it: spies before the clock (a spy on a faked
  // setTimeout restored after vi.useRealTimers() puts the fake one back, tests/setup/file-reset.ts).
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
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
