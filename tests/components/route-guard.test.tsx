import { cleanup, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { App } from '../../src/app/App.tsx';
import { createQueryClient } from '../../src/app/query-client.ts';
import { sessionStore } from '../../src/session/state.ts';
import { renderApp } from '../setup/render-app.tsx';

/** Signs in, then lets the session expire as if the browser had been closed for a while. */
async function expiredSession(stayLoggedIn: boolean) {
  const view = await renderApp('/login', { as: 'broker@demo.test', stayLoggedIn });
  cleanup();
  sessionStore.set((s) => (s ? { ...s, expiresAt: Date.now() - 1000 } : s));
  return view;
}

function reopen(url: string) {
  window.history.replaceState(null, '', url);
  return render(<App client={createQueryClient()} />);
}

describe('the route guard with an expired session', () => {
  it('goes to /login without Stay Logged In', async () => {
    await expiredSession(false);
    reopen('/console/my-agents');
    await waitFor(() => expect(location.pathname).toBe('/login'));
  });

  it('renews the session with Stay Logged In and opens the page', async () => {
    await expiredSession(true);
    const before = sessionStore.get()!.refreshToken;
    const view = reopen('/console/my-agents');
    expect(await view.findByRole('heading', { level: 1, name: 'My Agents' })).toBeInTheDocument();
    expect(sessionStore.get()!.refreshToken).not.toBe(before);
    expect(sessionStore.get()!.expiresAt).toBeGreaterThan(Date.now());
  });

  it('shows the page from the saved copy when offline, instead of waiting forever', async () => {
    await expiredSession(true);
    const online = globalThis.fetch;
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    try {
      const view = reopen('/console/my-agents');
      expect(await view.findByRole('heading', { level: 1, name: 'My Agents' })).toBeInTheDocument();
      expect(location.pathname).toBe('/console/my-agents');
    } finally {
      globalThis.fetch = online;
    }
  });
});
