import { API_BASE } from '../api/client.ts';
import { OAUTH_CLIENTS } from '../lib/brand.ts';
import { preferencesStore } from './state.ts';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const randomText = (bytes = 32) => base64url(crypto.getRandomValues(new Uint8Array(bytes)));

export async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export const otpRedirectUri = () => `${location.origin}/login`;

/**
 * Starts the one-time-password sign-in: a fresh PKCE verifier and state are kept in the
 * session store, and the browser goes to the provider's authorisation page.
 */
export async function startOneTimePasswordLogin(): Promise<void> {
  const verifier = randomText(48);
  const state = randomText(16);
  preferencesStore.set((p) => ({ ...p, codeVerifier: verifier, oauthState: state }));
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: OAUTH_CLIENTS.agent,
    redirect_uri: otpRedirectUri(),
    state,
    code_challenge: await s256(verifier),
    code_challenge_method: 'S256',
  });
  location.assign(`${API_BASE || location.origin}/auth/oauth2.0/authorize?${params.toString()}`);
}
