import { focusManager, onlineManager } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';

import { ROUTES } from '../../src/access/route-table.ts';
import { App } from '../../src/app/App.tsx';
import { createQueryClient } from '../../src/app/query-client.ts';
import { notePublicRoute } from '../../src/app/route-guard-state.ts';
import { traversalArrived, traversalIssued, traversalLanded } from '../../src/lib/history-traversal.ts';
import { sessionRenewing, signIn } from '../../src/session/session.ts';
import {
  activityStore,
  impersonationStore,
  preferencesStore,
  profileStore,
  recentlyViewedStore,
  sessionStore,
} from '../../src/session/state.ts';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer | undefined;
/** The query clients of the apps the running test rendered (stopApp waits for them after the test). */
const rendered = new Set<ReturnType<typeof createQueryClient>>();
/** The environment's fetch, from before any test routed it (the setup file imports this module first). */
const NATIVE_FETCH = globalThis.fetch;

/** A test file starts with the environment's fetch: what it talks to before its first render (a stand-in) is reached. */
export function restoreNativeFetch(): void {
  globalThis.fetch = NATIVE_FETCH;
}

/**
 * What a test file starts from, as a fresh browser page would (tests/setup/dom-setup.ts, before each
 * file; decision 0116): the environment's fetch, an empty IndexedDB (the console's stores open per
 * call), and TanStack Query's module-wide managers online and in focus, whatever an earlier file of
 * the same module graph left there.
 */
export function freshPage(): void {
  restoreNativeFetch();
  globalThis.indexedDB = new IDBFactory();
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
  // No traversal of ours is on its way in a fresh page. traverseHistory gives one up after a second,
  // but a file that left fake timers on would hold its cap: the page starts without it.
  traversalArrived();
  traversalLanded();
}
const LOGIN_ROUTE = ROUTES.find((r) => r.id === 'login')!;

/** One in-process API (fresh seeded database) per test file, shared by its tests. */
export async function testServer(): Promise<TestServer> {
  server ??= await startTestServer();
  return server;
}
/**
 * Closes the file's API (tests/setup/dom-setup.ts calls it after each file). The setup file registers
 * the hook, not this module: files share their worker's modules (vitest `isolate: false`, decisions
 * 0116 and 0118), so a hook registered at this module's import would run after the first file only.
 */
export async function closeTestServer(): Promise<void> {
  // A query the last test left running (a refetch, a restore from IndexedDB) now fails as a lost
  // connection does, rather than reaching a server whose database is closed.
  globalThis.fetch = (() =>
    Promise.reject(new TypeError('Failed to fetch: the test server has closed'))) as typeof fetch;
  await server?.close();
  server = undefined;
}

const STOP_WAIT_MS = 5_000;

/**
 * Lets the test's app finish what it started before the next test resets the session (dom-setup.ts,
 * after each test, once React has unmounted it): a session renewal (the guard's silent refresh on a
 * deep link) and the calls its query client still has in flight. Left running, such a call met the
 * next test's cleared session, had a 401, and sent that test's page to /login. And the history
 * traversal of a dialog the test left open (src/ui/back-closes.ts takes its entry off as it unmounts):
 * landing after the next test's replaceState, it went back to this test's page (a signed-in route, so
 * /login) under the next test's app.
 */
export async function stopApp(): Promise<void> {
  const clients = [...rendered];
  rendered.clear();
  // Under fake timers (a test that left them on) no wait would end: drop what the clients hold.
  if (!vi.isFakeTimers()) {
    await Promise.resolve(); // back-closes issues its history.go in a microtask after the unmount
    const until = Date.now() + STOP_WAIT_MS;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 10));
    const busy = () =>
      sessionRenewing() || traversalIssued() || clients.some((c) => c.isFetching() > 0 || c.isMutating() > 0);
    while (busy() && Date.now() < until) await pause();
  }
  for (const client of clients) client.clear();
}

/** Routes the console's fetch calls to the in-process reference API; calls to `hold` paths wait for `gate`. */
function routeFetch(s: TestServer, hold?: RegExp, gate?: Promise<void>) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.startsWith('http') ? url.replace(/^https?:\/\/[^/]+/, '') : url;
    if (hold?.test(path)) await gate;
    return s.app.request(path, init);
  }) as typeof fetch;
}

function resetClientState() {
  localStorage.clear();
  for (const store of [
    sessionStore,
    preferencesStore,
    profileStore,
    impersonationStore,
    activityStore,
    recentlyViewedStore,
  ])
    store.reload();
}

export interface RenderAppOptions {
  /** Sign in as this demo identity first (email or the agent's phone), through the real sign-in. */
  as?: string;
  stayLoggedIn?: boolean;
  /**
   * Opens `url` as the page after the login page, which skips the guard's silent refresh (spec 1
   * section 4, rule 4). Otherwise it opens as a reload or a deep link does, and that refresh runs
   * as the page mounts: a test that sets the session's expiry itself must not race it.
   */
  fromLogin?: boolean;
  /** API paths whose calls wait until the test calls `release()` (to see a screen while it loads). */
  hold?: RegExp;
}

/** Renders the whole console at `url` against the in-process reference API. */
export async function renderApp(
  url: string,
  { as, stayLoggedIn = false, fromLogin = false, hold }: RenderAppOptions = {},
) {
  const s = await testServer();
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  routeFetch(s);
  resetClientState();
  if (as) {
    const username = as.includes('@') ? as : `+1${as.replace(/\D/g, '').slice(-10)}`;
    await signIn({ username, password: DEMO_PASSWORD, stayLoggedIn });
  }
  if (fromLogin) notePublicRoute(LOGIN_ROUTE);
  // Held only from here: signing in above is not what a test holds.
  if (hold) routeFetch(s, hold, gate);
  window.history.replaceState(null, '', url);
  const client = createQueryClient();
  rendered.add(client);
  const user = userEvent.setup();
  const utils = render(<App client={client} />);
  return { ...utils, user, server: s, client, screen, release };
}
