// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  ACTIVITY_WINDOW_MS,
  REFRESH_THRESHOLD_MS,
  SESSION_CHECK_INTERVAL_MS,
  STILL_THERE_COUNTDOWN_S,
} from '../../src/session/constants.ts';
import {
  checkSession,
  clockAction,
  endStillThere,
  startSessionClock,
  stayLoggedIn,
  stillThereDeadline,
} from '../../src/session/session-clock.ts';
import { logout, refreshSession } from '../../src/session/session.ts';
import { activityStore, preferencesStore, sessionStore } from '../../src/session/state.ts';

vi.mock('../../src/session/session.ts', () => ({
  refreshSession: vi.fn(async () => true),
  logout: vi.fn(async () => undefined),
}));

const NOW = Date.UTC(2025, 0, 15, 12);
const S = 1000;
const MIN = 60 * S;

describe('what a check of the session clock does', () => {
  it.each([
    ['waits while 30 s or more remain', { expiresIn: 30 * S, autoRefresh: false, idle: 60 * MIN }, 'wait'],
    ['waits with a fresh session', { expiresIn: 285 * S, autoRefresh: false, idle: 0 }, 'wait'],
    [
      'refreshes under 30 s with Stay Logged In on, however idle',
      { expiresIn: 29 * S, autoRefresh: true, idle: 120 * MIN },
      'refresh',
    ],
    [
      'refreshes under 30 s when the user was active just now',
      { expiresIn: 29 * S, autoRefresh: false, idle: 0 },
      'refresh',
    ],
    [
      'refreshes when the last activity was 26:59 ago',
      { expiresIn: 10 * S, autoRefresh: false, idle: 27 * MIN - S },
      'refresh',
    ],
    [
      'asks when the last activity was 27 minutes ago',
      { expiresIn: 10 * S, autoRefresh: false, idle: 27 * MIN },
      'ask',
    ],
    [
      'asks when the session has already run out and the user is away',
      { expiresIn: -5 * MIN, autoRefresh: false, idle: 40 * MIN },
      'ask',
    ],
    [
      'refreshes a run-out session with Stay Logged In on',
      { expiresIn: -5 * MIN, autoRefresh: true, idle: 40 * MIN },
      'refresh',
    ],
  ])('%s', (_, row, expected) => {
    expect(
      clockAction({
        now: NOW,
        expiresAt: NOW + row.expiresIn,
        autoRefresh: row.autoRefresh,
        lastActivity: NOW - row.idle,
      }),
    ).toBe(expected);
  });

  it('uses the constants of the spec and docs/spec/DECISIONS.md', () => {
    expect([SESSION_CHECK_INTERVAL_MS, REFRESH_THRESHOLD_MS, ACTIVITY_WINDOW_MS, STILL_THERE_COUNTDOWN_S]).toEqual([
      10_000, 30_000, 1_620_000, 30,
    ]);
  });
});

describe('the session clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    vi.mocked(refreshSession).mockClear();
    vi.mocked(logout).mockClear();
    preferencesStore.set({ autoRefresh: false });
    activityStore.set(NOW - 30 * MIN);
    sessionStore.set({
      accessToken: 'a',
      refreshToken: 'r',
      tokenType: 'bearer',
      expiresIn: 300,
      expiresAt: NOW + 45 * S,
    });
  });
  afterEach(async () => {
    await endStillThere(Number.MAX_SAFE_INTEGER);
    vi.useRealTimers();
  });

  it('checks every 10 seconds and asks once fewer than 30 s remain', async () => {
    const stop = startSessionClock();
    await vi.advanceTimersByTimeAsync(10 * S);
    expect(stillThereDeadline()).toBeNull();
    await vi.advanceTimersByTimeAsync(10 * S); // 25 s left
    expect(stillThereDeadline()).toBe(NOW + 20 * S + 30 * S);
    expect(refreshSession).not.toHaveBeenCalled();
    stop();
  });

  it('logs out when the countdown runs out', async () => {
    const stop = startSessionClock();
    await vi.advanceTimersByTimeAsync(20 * S);
    expect(stillThereDeadline()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(20 * S);
    expect(logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10 * S);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(stillThereDeadline()).toBeNull();
    stop();
  });

  it('refreshes instead of asking when the user was active or Stay Logged In is on', async () => {
    activityStore.set(NOW - 10 * MIN);
    await checkSession(NOW + 20 * S);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    activityStore.set(0);
    preferencesStore.set({ autoRefresh: true });
    await checkSession(NOW + 20 * S);
    expect(refreshSession).toHaveBeenCalledTimes(2);
    expect(stillThereDeadline()).toBeNull();
  });

  it('stays logged in by re-authenticating, which counts as activity', async () => {
    await checkSession(NOW + 20 * S);
    expect(stillThereDeadline()).not.toBeNull();
    // The renewal gives the session a new expiry; the question closes only then.
    vi.mocked(refreshSession).mockImplementationOnce(async () => {
      sessionStore.set((s) => (s ? { ...s, expiresAt: Date.now() + 300 * S } : s));
      return true;
    });
    expect(await stayLoggedIn()).toBe(true);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(stillThereDeadline()).toBeNull();
    expect(activityStore.get()).toBe(NOW);
  });

  it('drops the question without logging out when another tab renewed the session', async () => {
    await checkSession(NOW + 20 * S);
    sessionStore.set((s) => (s ? { ...s, expiresAt: NOW + 300 * S } : s));
    await checkSession(NOW + 30 * S);
    expect(stillThereDeadline()).toBeNull();
    expect(logout).not.toHaveBeenCalled();
  });

  it('does nothing without a session', async () => {
    sessionStore.set(null);
    await checkSession(NOW + 20 * S);
    expect(stillThereDeadline()).toBeNull();
    expect(refreshSession).not.toHaveBeenCalled();
  });
});
