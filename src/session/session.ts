import { navigate } from 'wouter/use-browser-location';
import { sendAnalyticsEvent } from '../api/analytics.ts';
import { logoutCall, passwordGrant, refreshGrant } from '../api/auth.ts';
import { ApiError, setUnauthorizedHandler } from '../api/client.ts';
import type { TokenResponse } from '../contract/auth.ts';
import type { Me } from '../contract/users.ts';
import { fetchMe, stampLastLogin } from '../api/users.ts';
import { landingFor } from '../access/access.ts';
import { hasProviderRole, isAgentOnly } from '../access/roles.ts';
import { ASSUMED_SESSION_LIFETIME_MS } from './constants.ts';
import { clientIdForHost, isAgentHost } from '../lib/hosts.ts';
import { identityChanged } from './identity-events.ts';
import { activityStore, clearIdentity, preferencesStore, profileStore, sessionStore, type Profile } from './state.ts';

export function storeTokens(t: TokenResponse, now = Date.now()): void {
  sessionStore.set({
    accessToken: t.access_token, refreshToken: t.refresh_token, tokenType: t.token_type, expiresIn: t.expires_in,
    expiresAt: now + ASSUMED_SESSION_LIFETIME_MS,
  });
}

export class NoMatchingRoleError extends Error {}

/**
 * The post-login branches (spec 1 section 4): what each kind of user needs loaded. The fetchers load
 * on first use: the login page does not need them (issue 10, lighter entry), and the console's chunks
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
    if (isAgentOnly(user.roles)) profile.agent = await patchAgent(user.agentId, { agentDesktopLastAccessed: new Date().toISOString() });
  } else if (names.includes('BROKERAGE_ADMIN')) {
    if (user.brokerId === null) throw new NoMatchingRoleError('brokerage admin without a brokerage');
    const { fetchBrokerage } = await import('../api/brokerages.ts');
    profile.brokerage = await fetchBrokerage(user.brokerId);
  } else if (names.includes('LOAN_OFFICE_ADMIN') || hasProviderRole(user.roles)) {
    if (user.loanOfficeId !== null) profile.loanOffice = await (await import('../api/lenders.ts')).fetchLoanOffice(user.loanOfficeId);
  } else {
    throw new NoMatchingRoleError('no role this console serves');
  }
  return profile;
}

export interface SignInInput {
  username: string; password: string; stayLoggedIn: boolean;
  /** Hears the landing page as soon as the roles are known, before the profile has loaded. */
  onLanding?: (landing: string) => void;
}

/** Signs in, loads the user, records psiLastLogin and returns where the user lands. */
export async function signIn({ username, password, stayLoggedIn, onLanding }: SignInInput): Promise<string> {
  const tokens = await passwordGrant({ username, password, clientId: clientIdForHost(), stayLoggedIn });
  return completeSignIn(tokens, stayLoggedIn, onLanding);
}

/** After any grant (password or one-time code): session, profile, last-login, landing. */
export async function completeSignIn(tokens: TokenResponse, stayLoggedIn: boolean, onLanding?: (landing: string) => void): Promise<string> {
  await identityChanged();
  clearIdentity();
  storeTokens(tokens);
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

const newRequestId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Refreshes the session once at a time (a second caller shares the first call: two parallel
 * uses of one refresh token would look like token theft and revoke the family).
 * A refresh that cannot reach the server keeps the session (offline reading); one the
 * server refuses clears credentials and goes to /login.
 */
export function refreshSession(): Promise<boolean> {
  inflight ??= (async () => {
    const current = sessionStore.get();
    if (!current?.refreshToken) {
      await logout({ callServer: false });
      return false;
    }
    // Named and stored before the call, so a page unloaded mid-refresh leaves the name to the next.
    const requestId = current.refreshRequestId ?? newRequestId();
    if (current.refreshRequestId !== requestId) sessionStore.set({ ...current, refreshRequestId: requestId });
    try {
      storeTokens(await refreshGrant(current.refreshToken, clientIdForHost(), requestId));
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.network) return true;
      await expireSession();
      return false;
    }
  })().finally(() => { inflight = null; });
  return inflight;
}

/** A failed refresh: clear credentials, session and code challenge, and go to /login. */
export async function expireSession(): Promise<void> {
  await identityChanged();
  clearIdentity();
  navigate('/login', { replace: true });
}

export async function logout({ callServer = true }: { callServer?: boolean } = {}): Promise<void> {
  if (callServer && sessionStore.get()) {
    // This phone stops hearing of the agent's referrals (a chunk of its own: the login page never loads it).
    await import('../api/push.ts').then((m) => m.dropPushAtLogout(), () => undefined);
    await logoutCall().catch(() => undefined);
  }
  await identityChanged();
  clearIdentity();
  navigate('/login', { replace: true });
}

setUnauthorizedHandler(() => { void expireSession(); });
