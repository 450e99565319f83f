import { useEffect, useSyncExternalStore } from 'react';

import {
  ACTIVITY_WINDOW_MS,
  REFRESH_THRESHOLD_MS,
  SESSION_CHECK_INTERVAL_MS,
  STILL_THERE_COUNTDOWN_S,
} from './constants.ts';
import { onIdentityChange } from './identity-events.ts';
import { logout, refreshSession } from './session.ts';
import { activityStore, preferencesStore, sessionStore } from './state.ts';

// The session clock of spec 1 section 4: a check every 10 s; under 30 s left it refreshes when
// Stay Logged In is on or the user was active in the last 27 minutes, otherwise it asks
// "Are you still there?" with a 30 s countdown whose end logs out.

export type ClockAction = 'wait' | 'refresh' | 'ask';

export interface ClockInput {
  now: number;
  expiresAt: number;
  autoRefresh: boolean;
  lastActivity: number;
}

/** What a check does (pure, table-tested). */
export function clockAction({ now, expiresAt, autoRefresh, lastActivity }: ClockInput): ClockAction {
  if (expiresAt - now >= REFRESH_THRESHOLD_MS) return 'wait';
  if (autoRefresh || now - lastActivity < ACTIVITY_WINDOW_MS) return 'refresh';
  return 'ask';
}

// The still-there countdown's deadline (epoch ms), or null. In memory: the shell remounts on
// navigation, the question must not.
let deadline: number | null = null;
const listeners = new Set<() => void>();
function setDeadline(next: number | null) {
  deadline = next;
  listeners.forEach((l) => l());
}
export const stillThereDeadline = () => deadline;
// Sign-in, sign-out and expiry end any question of the previous session.
onIdentityChange(() => setDeadline(null));

const renewedElsewhere = (now: number) => {
  const session = sessionStore.get();
  return !!session && session.expiresAt - now >= REFRESH_THRESHOLD_MS;
};

/** Stay Logged In is renewing the session: the countdown waits for its answer. */
let renewing = false;

/** The countdown ran out: log out, unless another tab renewed the session meanwhile (or Stay Logged In is renewing it). */
export async function endStillThere(now = Date.now()): Promise<void> {
  if (deadline === null || renewing) return;
  setDeadline(null);
  if (!renewedElsewhere(now)) await logout();
}

/**
 * "Stay Logged In": counts as activity and re-authenticates. The question stays open (its countdown
 * paused) until the renewal is done; it closes once the session was renewed and answers true, or stays
 * and answers false when the server could not be reached (the session was not renewed). A refusal
 * ends the session (refreshSession), which closes the question too.
 */
export async function stayLoggedIn(): Promise<boolean> {
  activityStore.set(Date.now());
  renewing = true;
  try {
    await refreshSession();
    const renewed = renewedElsewhere(Date.now());
    if (renewed || !sessionStore.get()) setDeadline(null);
    return renewed;
  } finally {
    renewing = false;
  }
}

/** One check of the clock. */
export async function checkSession(now = Date.now()): Promise<void> {
  const session = sessionStore.get();
  if (!session) {
    setDeadline(null);
    return;
  }
  if (deadline !== null) {
    if (renewedElsewhere(now)) setDeadline(null);
    else if (now >= deadline) await endStillThere(now);
    return;
  }
  const action = clockAction({
    now,
    expiresAt: session.expiresAt,
    autoRefresh: preferencesStore.get().autoRefresh,
    lastActivity: activityStore.get(),
  });
  if (action === 'refresh') await refreshSession();
  else if (action === 'ask') setDeadline(now + STILL_THERE_COUNTDOWN_S * 1000);
}

/** Starts the checks; returns the stop function. */
export function startSessionClock(): () => void {
  const timer = setInterval(() => void checkSession(), SESSION_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/** Runs the clock while mounted (the shell) and returns the still-there deadline, if asking. */
export function useSessionClock(): number | null {
  useEffect(() => startSessionClock(), []);
  return useSyncExternalStore(subscribe, stillThereDeadline, stillThereDeadline);
}
