import { setCredentialsProvider } from '../api/client.ts';
import type { Agent } from '../contract/agents.ts';
import type { Brokerage } from '../contract/brokerages.ts';
import type { LoanOffice } from '../contract/lenders.ts';
import type { Me } from '../contract/users.ts';
import { RECENTLY_VIEWED_LIMIT } from './constants.ts';
import { writeDurable } from './durable-session.ts';
import { createPersistedStore } from './persisted-store.ts';

export interface Session {
  accessToken: string;
  refreshToken: string;
  tokenType: string;
  expiresIn: number;
  /** Epoch ms, computed locally: sign-in and every refresh assume 285 s. */
  expiresAt: number;
  /**
   * The name of a refresh under way, stored before the call: if the page is unloaded before the
   * answer arrives (a reload or full navigation during the silent refresh), the next page sends the
   * same token with the same name and the server answers the same rotation again.
   */
  refreshRequestId?: string | undefined;
  /** When this copy was written (ms): the newer of the localStorage and IndexedDB copies is the session (durable-session.ts). */
  savedAt?: number | undefined;
}

export interface Preferences {
  /** "Stay Logged In": refresh without asking. */
  autoRefresh: boolean;
  /** PKCE verifier of a one-time-password sign-in in progress, and its state. */
  codeVerifier?: string | undefined;
  oauthState?: string | undefined;
}

export interface Profile {
  user: Me | null;
  brokerage: Brokerage | null;
  loanOffice: LoanOffice | null;
  agent: Agent | null;
}

export interface Impersonation {
  target: { kind: 'brokerage' | 'loanOffice'; id: number; name: string };
  /** The active administrator of the target the staff user acts as. */
  user: { id: number; name: string };
}

export interface RecentItem {
  id: number | string;
  label: string;
}
export type RecentList = 'opportunities' | 'brokerages' | 'agents' | 'myAgents' | 'loanOfficers' | 'lenderReferrals';
export type RecentlyViewed = Record<RecentList, RecentItem[]>;

export const sessionStore = createPersistedStore<Session | null>('session', null);
export const preferencesStore = createPersistedStore<Preferences>('preferences', { autoRefresh: false });
export const profileStore = createPersistedStore<Profile>('profile', {
  user: null,
  brokerage: null,
  loanOffice: null,
  agent: null,
});
export const impersonationStore = createPersistedStore<Impersonation | null>('impersonation', null);
// Every authenticated call carries the current token and impersonated user, read at call time.
setCredentialsProvider(() => ({
  accessToken: sessionStore.get()?.accessToken,
  impersonatedUserId: impersonationStore.get()?.user.id,
}));

/** Epoch ms of the user's last interaction, for the 27-minute activity window. */
export const activityStore = createPersistedStore<number>('last-activity', 0);
/** Recently viewed lists are kept per user: the key holds the user id. */
export const recentlyViewedStore = createPersistedStore<Record<string, RecentlyViewed>>('recently-viewed', {});

const EMPTY_RECENT: RecentlyViewed = {
  opportunities: [],
  brokerages: [],
  agents: [],
  myAgents: [],
  loanOfficers: [],
  lenderReferrals: [],
};

/** Newest first, no duplicates, at most 10. */
export function addRecentlyViewed(userId: number, list: RecentList, item: RecentItem): void {
  recentlyViewedStore.set((all) => {
    const mine = all[userId] ?? EMPTY_RECENT;
    // A list added after the user's entry was stored is missing from it until its first item.
    const next = [item, ...(mine[list] ?? []).filter((i) => i.id !== item.id)].slice(0, RECENTLY_VIEWED_LIMIT);
    return { ...all, [userId]: { ...mine, [list]: next } };
  });
}

/** Forgets who is signed in (the recently viewed lists stay, keyed by user). */
export function clearIdentity(): void {
  sessionStore.reset();
  // The durable copy ends too, so no later start brings this session back (durable-session.ts).
  void writeDurable({ session: null, savedAt: Date.now() });
  profileStore.reset();
  impersonationStore.reset();
  preferencesStore.set((p) => ({ ...p, codeVerifier: undefined, oauthState: undefined }));
}
