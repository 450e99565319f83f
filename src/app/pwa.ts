import type { Workbox } from 'workbox-window';

import { afterLoadIdle } from '../lib/next-task.ts';

const CHUNK_RELOAD_KEY = 'porchlight:chunk-reload';
const RELOAD_GUARD_MS = 30_000; // a reload that fails again this soon is not a stale deploy

/**
 * Registers the service worker (production builds only; `vite dev` has none). When a new
 * version is waiting, `onNeedRefresh` receives `apply`, which activates it and reloads the page
 * once the new worker controls it. Updates are looked for whenever the window regains focus.
 */
export function registerServiceWorker(onNeedRefresh: (apply: () => void) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // workbox-window loads in its own chunk once the page has loaded and the main thread is idle
  // (as web.dev advises for registering a worker): the first paint and its calls do not share the
  // main thread with it. A worker already installed serves this page meanwhile.
  afterLoadIdle(() => {
    void import('workbox-window')
      .then(({ Workbox }) => watchServiceWorker(new Workbox('/sw.js'), onNeedRefresh))
      .catch(() => undefined);
  });
}

function watchServiceWorker(wb: Workbox, onNeedRefresh: (apply: () => void) => void): void {
  wb.addEventListener('waiting', () => {
    onNeedRefresh(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  window.addEventListener('focus', () => {
    void wb.update().catch(() => undefined); // offline or the server is down: try on the next focus
  });
  void wb.register().catch(() => undefined);
}

/**
 * After a deploy, an open page may ask for a lazy chunk that no longer exists. Vite reports that
 * as `vite:preloadError`; reload once to pick up the new index.html. The guard stops a reload
 * loop when the chunk is missing for another reason (offline, server error): no second reload
 * within RELOAD_GUARD_MS, so the error then reaches the route's error boundary instead.
 */
export function reloadOnceOnChunkError(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
