import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

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
    matches, media: query, onchange: null,
    addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
};
