import { OAUTH_CLIENTS } from '../../src/lib/brand.ts';

/** A checked request to GET /auth/oauth2.0/authorize (one-time-password sign-in of agents). */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
}

export type AuthorizeCheck = { ok: true; request: AuthorizeRequest } | { ok: false; message: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The registered redirect URIs of the agents' client, for every configured agent host:
 * `http://<host>/login` or `http://<host>:<port>/login` (any port: development servers) and
 * `https://<host>/login`. The given text must be exactly one of these forms: no query, no
 * fragment, no user info, no upper case, no trailing slash. Plain http (development servers on
 * any port) is registered in development (demo mode) only; a production start accepts https.
 */
export function isRegisteredRedirect(uri: string, agentHosts: readonly string[], allowHttp = true): boolean {
  return agentHosts.some((host) => {
    const h = escapeRegExp(host);
    if (!allowHttp) return new RegExp(`^https://${h}/login$`).test(uri);
    const http = new RegExp(`^http://${h}(?::([1-9]\\d{0,4}))?/login$`).exec(uri);
    if (http) return http[1] === undefined || Number(http[1]) <= 65535;
    return new RegExp(`^https://${h}/login$`).test(uri);
  });
}

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/; // base64url of a SHA-256 digest, unpadded
const MAX_STATE = 512;

/** Checks the authorisation request (RFC 6749 section 4.1.1 with PKCE S256 only, RFC 7636). */
export function checkAuthorizeRequest(
  q: Record<string, string | undefined>,
  agentHosts: readonly string[],
  allowHttp = true,
): AuthorizeCheck {
  const fail = (message: string) => ({ ok: false, message }) as const;
  if (q['client_id'] !== OAUTH_CLIENTS.agent) return fail('This sign-in link names an unknown client.');
  const redirectUri = q['redirect_uri'] ?? '';
  if (!isRegisteredRedirect(redirectUri, agentHosts, allowHttp))
    return fail('This sign-in link returns to an address that is not registered.');
  if (q['response_type'] !== 'code') return fail('Only response_type=code is supported.');
  if (q['code_challenge_method'] !== 'S256') return fail('Only the S256 code challenge method is supported.');
  const codeChallenge = q['code_challenge'] ?? '';
  if (!CHALLENGE.test(codeChallenge)) return fail('The code challenge must be an S256 (base64url SHA-256) value.');
  const state = q['state'] || undefined;
  if (state !== undefined && state.length > MAX_STATE) return fail('The state is too long.');
  return { ok: true, request: { clientId: OAUTH_CLIENTS.agent, redirectUri, state, codeChallenge } };
}

/** The GET address that starts the same authorisation again (a "send a new code" link). */
export function authorizeUrl(r: AuthorizeRequest): string {
  const q = new URLSearchParams({ response_type: 'code', client_id: r.clientId, redirect_uri: r.redirectUri });
  if (r.state !== undefined) q.set('state', r.state);
  q.set('code_challenge', r.codeChallenge);
  q.set('code_challenge_method', 'S256');
  return `/auth/oauth2.0/authorize?${q.toString()}`;
}
