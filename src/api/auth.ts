import { TEMPORARY_CREDENTIAL_GRANT, TokenResponse } from '../contract/auth.ts';
import { Me } from '../contract/users.ts';
import type { OAUTH_CLIENTS } from '../lib/brand.ts';
import { request } from './client.ts';

export type ClientId = (typeof OAUTH_CLIENTS)[keyof typeof OAUTH_CLIENTS];

const TOKEN_PATH = '/auth/oauth2.0/accessToken';

export function passwordGrant(input: {
  username: string;
  password: string;
  clientId: ClientId;
  stayLoggedIn: boolean;
}) {
  return request(TOKEN_PATH, {
    method: 'POST',
    auth: false,
    schema: TokenResponse,
    form: {
      grant_type: 'password',
      username: input.username,
      password: input.password,
      client_id: input.clientId,
      stay_logged_in: String(input.stayLoggedIn),
    },
  });
}

export function refreshGrant(refreshToken: string, clientId: ClientId, requestId?: string) {
  return request(TOKEN_PATH, {
    method: 'POST',
    auth: false,
    schema: TokenResponse,
    form: {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
      ...(requestId ? { request_id: requestId } : {}),
    },
  });
}

export function authorizationCodeGrant(input: {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  clientId: ClientId;
}) {
  return request(TOKEN_PATH, {
    method: 'POST',
    auth: false,
    schema: TokenResponse,
    form: {
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.codeVerifier,
      redirect_uri: input.redirectUri,
      client_id: input.clientId,
    },
  });
}

export const logoutCall = () => request('/auth/logout');

/** Form fields of the temporary-credential grant (an invite or reset code's { id, password }). */
export function temporaryPasswordGrant(input: { id: number; password: string; clientId: ClientId }) {
  return request(TOKEN_PATH, {
    method: 'POST',
    auth: false,
    schema: TokenResponse,
    form: {
      grant_type: TEMPORARY_CREDENTIAL_GRANT,
      username: String(input.id),
      password: input.password,
      client_id: input.clientId,
    },
  });
}

/**
 * PATCH /users-api/users/{id} (src/contract/users.ts PasswordUpdate): the signed-in user's new password,
 * with currentPassword for a voluntary change. With accessToken the call runs on that token instead
 * of the stored session (the register page's temporary one), and a 401 does not end the session.
 */
export function updatePassword(id: number, body: { password: string; currentPassword?: string }, accessToken?: string) {
  return request(`/users-api/users/${id}`, {
    method: 'PATCH',
    json: body,
    schema: Me,
    ...(accessToken ? { auth: false, headers: { Authorization: `Bearer ${accessToken}` } } : {}),
  });
}
