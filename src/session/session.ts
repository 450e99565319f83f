import { landingFor } from '../access/access.ts';
import { hasProviderRole, isAgentOnly } from '../access/roles.ts';
import { sendAnalyticsEvent } from '../api/analytics.ts';
import { logoutCall, passwordGrant, refreshGrant } from '../api/auth.ts';
import { ApiError, setUnauthorizedHandler } from '../api/client.ts';
import { fetchMe, stampLastLogin } from '../api/users.ts';
import type { TokenResponse } from '../contract/auth.ts';
import type { Me } from '../contract/users.ts';
import { navigateWhenSettled } from '../lib/history-traversal.ts';
import { clientIdForHost, isAgentHost } from '../lib/hosts.ts';
import { ASSUMED_SESSION_LIFETIME_MS } from './constants.ts';
import { readDurable, writeDurable } from './durable-session.ts';
import { identityChanged } from './identity-events.ts';
import {
  activityStore,
  clearIdentity,
  preferencesStore,
  profileStore,
  sessionStore,
  type Profile,
  type Session,
} from './state.ts';

const sessionOf = (t: TokenResponse, now: number): Session => ({
  accessToken: t.access_token,
  refreshToken: t.refresh_token,
  tokenType: t.token_type,
  expiresIn: t.expires_in,
  expiresAt: now + ASSUMED_SESSION_LIFETIME_MS,
  savedAt: now,
});

let savedAtClock = 0;
/** A strictly increasing write time, so two writes in one millisecond still order. */
const nextSavedAt = () => (savedAtClock = Math.max(Date.now(), savedAtClock + 1));

/**
 * Keeps a session (or its end: null) durably, then in localStorage for this page and the other tabs.
 * A token is used only once it is on disk (decision 0096): the stored refresh token is the one the
 * server last issued, even after a browser kill.
 */
export async function keepSession(session: Session | null): Promise<void> {
  const savedAt = nextSavedAt();
  const next = session && { ...session, savedAt };
  await writeDurable({ session: next, savedAt });
  sessionStore.set(next);
}

/**
 * Before a renewal: a newer IndexedDB copy (the browser was killed before localStorage reached disk)
 * replaces the older localStorage one. Read each time (a renewal is minutes apart): another tab may
 * have renewed since.
 */
export async function restoreDurableSession(): Promise<void> {
  const copy = await readDurable<Session>();
  if (!copy) return;
  const local = sessionStore.get();
  // Only a newer copy of a kept session: an ended session (null here) stays ended, and a copy without
  // a time predates this rule.
  if (local?.savedAt !== undefined && copy.savedAt > local.savedAt) sessionStore.set(copy.session);
}

export class NoMatchingRoleError extends Error {}

/**
 * The post-login branches (spec 1 section 4): what each kind of user needs loaded. The fetchers load
 * on first use: the login page does not need them (lighter entry), and the console's chunks
 * share them.
 */
export async function loadProfile(user: Me, hostname?: string): Promise<Profile> {
  // Each branch loads only the fetchers it calls: the lenders' chunk, say, is not on a brokerage
  // admin's sign-in (it waited for the browser's connections while the shell's code loaded).
  const profile: Profile = { user, brokerage: null, loanOffice: null, agent: null };
  const names = user.roles.map((r) => r.name);
  if (isAgentOnly(user.roles) || (isAgentHost(hostname) && names.includes('AGENT'))) {
    if (user.agentId === null) throw new NoMatchingRoleError('agent without an agent record');
    const { fetchBoost, fetchAgent, patchAgent } = await import('../api/agents.ts');
    await fetchBoost(); // warms the status the Broker Boost banner shows
    profile.agent = await fetchAgent(user.agentId);
    // The desktop access time is recorded for agent-only users only.
    if (isAgentOnly(user.roles))
      profile.agent = await patchAgent(user.agentId, { agentDesktopLastAccessed: new Date().toISOString() });
  } else if (names.includes('BROKERAGE_ADMIN')) {
    if (user.brokerId === null) throw new NoMatchingRoleError('brokerage admin without a brokerage');
    const { fetchBrokerage } = await import('../api/brokerages.ts');
    profile.brokerage = await fetchBrokerage(user.brokerId);
  } else if (names.includes('LOAN_OFFICE_ADMIN') || hasProviderRole(user.roles)) {
    if (user.loanOfficeId !== null)
      profile.loanOffice = await (await import('../api/lenders.ts')).fetchLoanOffice(user.loanOfficeId);
  } else {
    throw new NoMatchingRoleError('no role this console serves');
  }
  return profile;
}

export interface SignInInput {
  username: string;
  password: string;
  stayLoggedIn: boolean;
  /** Hears the landing page as soon as the roles are known, before the profile has loaded. */
  onLanding?: (landing: string) => void;
}

/** Signs in, loads the user, records psiLastLogin and returns where the user lands. */
export async function signIn({ username, password, stayLoggedIn, onLanding }: SignInInput): Promise<string> {
  const tokens = await passwordGrant({ username, password, clientId: clientIdForHost(), stayLoggedIn });
  return completeSignIn(tokens, stayLoggedIn, onLanding);
}

/** After any grant (password or one-time code): session, profile, last-login, landing. */
export async function completeSignIn(
  tokens: TokenResponse,
  stayLoggedIn: boolean,
  onLanding?: (landing: string) => void,
): Promise<string> {
  await identityChanged();
  clearIdentity();
  await keepSession(sessionOf(tokens, Date.now()));
  preferencesStore.set((p) => ({ ...p, autoRefresh: stayLoggedIn }));
  activityStore.set(Date.now());
  try {
    const me = await fetchMe();
    onLanding?.(landingFor(me.roles.map((r) => r.name)));
    // Recording the last login and loading the profile's records do not wait for each other.
    const [user, profile] = await Promise.all([stampLastLogin(me.id, new Date()), loadProfile(me)]);
    profileStore.set({ ...profile, user });
    sendAnalyticsEvent('sign_in', '/login');
    return landingFor(user.roles.map((r) => r.name));
  } catch (err) {
    clearIdentity();
    throw err;
  }
}

let inflight: Promise<boolean> | null = null;

const newRequestId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Refreshes the session once at a time (a second caller shares the first call: two parallel
 * uses of one refresh token would look like token theft and revoke the family).
 * A refresh that cannot reach the server keeps the session (offline reading); one the
 * server refuses clears credentials and goes to /login.
 */
export function refreshSession(): Promise<boolean> {
  inflight ??= (async () => {
    await restoreDurableSession();
    const current = sessionStore.get();
    if (!current?.refreshToken) {
      await logout({ callServer: false });
      return false;
    }
    // Named and kept on disk before the call, so a page unloaded (or a browser killed) mid-refresh
    // leaves the name to the next, which the server answers with the same rotation again.
    const requestId = current.refreshRequestId ?? newRequestId();
    if (current.refreshRequestId !== requestId) await keepSession({ ...current, refreshRequestId: requestId });
    try {
      const tokens = await refreshGrant(current.refreshToken, clientIdForHost(), requestId);
      // On disk before any call uses the new access token (the old refresh token is spent).
      await keepSession(sessionOf(tokens, Date.now()));
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.network) return true;
      await expireSession();
      return false;
    }
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * Whether a renewal is under way. A page that stops (a test's app unmounted) waits until none is: a
 * renewal ending later would write its tokens, or end the session, under whatever page comes next.
 */
export const sessionRenewing = (): boolean => inflight !== null;

/** A failed refresh: clear credentials, session and code challenge, and go to /login. */
export async function expireSession(): Promise<void> {
  await identityChanged();
  clearIdentity();
  await navigateWhenSettled('/login', { replace: true });
}

export async function logout({ callServer = true }: { callServer?: boolean } = {}): Promise<void> {
  if (callServer && sessionStore.get()) {
    // This phone stops hearing of the agent's referrals (a chunk of its own: the login page never loads it).
    await import('../api/push.ts').then(
      (m) => m.dropPushAtLogout(),
      () => undefined,
    );
    await logoutCall().catch(() => undefined);
  }
  await identityChanged();
  clearIdentity();
  // Logout is confirmed in a dialog: its history entry comes off first, or that traversal undoes this.
  await navigateWhenSettled('/login', { replace: true });
}

/**
 * A 401: the access token expired (a background read after an offline spell, a tab asleep) or the
 * session is gone. Renew once and send the call again; only a renewal the server refuses ends the
 * session (refreshSession goes to /login then). A call whose token was already replaced is just sent again.
 */
setUnauthorizedHandler(async (sentToken) => {
  await restoreDurableSession();
  const current = sessionStore.get();
  if (!current) {
    void expireSession();
    return false;
  }
  if (sentToken !== undefined && current.accessToken !== sentToken) return true;
  const renewed = await refreshSession();
  const now = sessionStore.get();
  return renewed && now !== null && now.accessToken !== sentToken;
});
