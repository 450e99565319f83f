import { act, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { activityStore, preferencesStore, sessionStore } from '../../src/session/state.ts';
import { renderApp } from '../setup/render-app.tsx';
import { callerFor } from '../setup/test-server.ts';

const S = 1000;
const MIN = 60 * S;

// Only the clock's interval and Date are faked, and they still move with real time, so the
// in-process API, Testing Library and user-event keep their real timeouts.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The session has `left` before it ends, and the user last did something `idle` ago. */
function nearExpiry(left: number, idle: number) {
  sessionStore.set((s) => (s ? { ...s, expiresAt: Date.now() + left } : s));
  activityStore.set(Date.now() - idle);
}
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the session clock in the console', () => {
  it('asks an idle user whether they are still there and logs them out when the 30 s countdown ends', async () => {
    const { screen, server } = await renderApp('/console/my-agents', { as: 'broker@demo.test', fromLogin: true });
    await screen.findByRole('navigation', { name: 'Main' });
    const token = sessionStore.get()!.accessToken;
    nearExpiry(25 * S, 28 * MIN);
    await advance(10 * S);
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    expect(dialog).toHaveAccessibleDescription('For your security you will be logged out in 30 seconds.');
    await advance(10 * S);
    await waitFor(() => expect(dialog).toHaveAccessibleDescription(/logged out in 2\d seconds/));
    expect(location.pathname).toBe('/console/my-agents');
    await advance(21 * S);
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(sessionStore.get()).toBeNull();
    expect((await callerFor(server, token).get('/users-api/users/me')).status).toBe(401);
  });

  it('keeps the user signed in with Stay Logged In, which re-authenticates', async () => {
    const { screen, user } = await renderApp('/console/my-agents', { as: 'broker@demo.test', fromLogin: true });
    await screen.findByRole('navigation', { name: 'Main' });
    const before = sessionStore.get()!;
    nearExpiry(25 * S, 28 * MIN);
    await advance(10 * S);
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay Logged In' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).not.toBeInTheDocument());
    // The renewed tokens reach sessionStore only once they are on disk in IndexedDB (decision 0096),
    // a few tasks after the dialog closes.
    await waitFor(() => expect(sessionStore.get()?.refreshToken).not.toBe(before.refreshToken));
    const after = sessionStore.get()!;
    expect(after.expiresAt).toBeGreaterThan(Date.now() + 280 * S);
    await advance(40 * S);
    expect(location.pathname).toBe('/console/my-agents');
  });

  it('keeps the question open while Stay Logged In renews (the countdown waits), and says so when the server cannot be reached', async () => {
    const { screen, user, release } = await renderApp('/console/my-agents', {
      as: 'broker@demo.test',
      fromLogin: true,
      hold: /^\/auth\/oauth2\.0\/accessToken/,
    });
    await screen.findByRole('navigation', { name: 'Main' });
    const before = sessionStore.get()!;
    nearExpiry(25 * S, 28 * MIN);
    await advance(10 * S);
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    // The server cannot be reached: the dialog stays and says so.
    const routed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/auth/oauth2.0/accessToken')) throw new TypeError('Failed to fetch');
      return routed(input, init);
    }) as typeof fetch;
    await user.click(within(dialog).getByRole('button', { name: 'Stay Logged In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The session could not be renewed');
    expect(sessionStore.get()?.refreshToken).toBe(before.refreshToken);
    globalThis.fetch = routed;
    // The renewal is held: the dialog stays, its button says it is renewing, and the countdown's end does not log out.
    await user.click(within(dialog).getByRole('button', { name: 'Stay Logged In' }));
    expect(within(dialog).getByRole('button', { name: 'Renewing…' })).toBeDisabled();
    await advance(35 * S);
    expect(screen.getByRole('dialog', { name: 'Are you still there?' })).toBeInTheDocument();
    expect(location.pathname).toBe('/console/my-agents');
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).not.toBeInTheDocument());
    expect(sessionStore.get()?.refreshToken).not.toBe(before.refreshToken);
    expect(location.pathname).toBe('/console/my-agents');
  });

  it('refreshes silently for a user who was active within 27 minutes', async () => {
    const { screen } = await renderApp('/console/my-agents', { as: 'broker@demo.test', fromLogin: true });
    await screen.findByRole('navigation', { name: 'Main' });
    const before = sessionStore.get()!.refreshToken;
    nearExpiry(25 * S, 26 * MIN);
    await advance(10 * S);
    await waitFor(() => expect(sessionStore.get()?.refreshToken).not.toBe(before));
    expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).not.toBeInTheDocument();
  });

  it('refreshes silently with Stay Logged In however long the user was away', async () => {
    const { screen } = await renderApp('/console/my-agents', {
      as: 'broker@demo.test',
      stayLoggedIn: true,
      fromLogin: true,
    });
    await screen.findByRole('navigation', { name: 'Main' });
    const before = sessionStore.get()!.refreshToken;
    nearExpiry(25 * S, 3 * 60 * MIN);
    await advance(10 * S);
    await waitFor(() => expect(sessionStore.get()?.refreshToken).not.toBe(before));
    expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).not.toBeInTheDocument();
  });

  it('counts a key press as activity', async () => {
    const { screen, user } = await renderApp('/console/my-agents', { as: 'broker@demo.test', fromLogin: true });
    await screen.findByRole('navigation', { name: 'Main' });
    nearExpiry(25 * S, 28 * MIN);
    await user.keyboard('{Tab}');
    expect(activityStore.get()).toBeGreaterThan(Date.now() - 5 * S);
    await advance(10 * S);
    expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).not.toBeInTheDocument();
  });

  it('clears credentials, session and code challenge and goes to /login when the refresh is refused', async () => {
    const { screen, server } = await renderApp('/console/my-agents', {
      as: 'broker@demo.test',
      stayLoggedIn: true,
      fromLogin: true,
    });
    await screen.findByRole('navigation', { name: 'Main' });
    // The refresh token's family is revoked elsewhere (a sign-out on another device).
    await callerFor(server, sessionStore.get()!.accessToken).get('/auth/logout');
    preferencesStore.set((p) => ({ ...p, codeVerifier: 'left-over', oauthState: 'left-over' }));
    nearExpiry(25 * S, 0);
    await advance(10 * S);
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(sessionStore.get()).toBeNull();
    expect(preferencesStore.get().codeVerifier).toBeUndefined();
  });
});
