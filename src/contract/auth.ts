import * as v from 'valibot';

// POST /auth/oauth2.0/accessToken (spec 1 section 7 "Authentication").

export const TokenResponse = v.object({
  access_token: v.string(),
  refresh_token: v.string(),
  token_type: v.string(),
  expires_in: v.number(),
});
export type TokenResponse = v.InferOutput<typeof TokenResponse>;

/**
 * Token grant for the temporary credential of an invite or reset code: form
 * grant_type=temporary_password, username=<InviteCodeResult.id>, password=<InviteCodeResult.password>,
 * client_id. Single use, 10 minutes.
 */
export const TEMPORARY_CREDENTIAL_GRANT = 'temporary_password';
