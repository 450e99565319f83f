import { randomUUID } from 'node:crypto';
import * as v from 'valibot';

import { OAUTH_CLIENTS } from '../../src/lib/brand.ts';
import { HttpError } from '../http/errors.ts';
import type { AppContext } from '../http/route.ts';
import { check } from '../http/validate.ts';
import { pkceMatches } from './secrets.ts';
import { issueTokens, revokeFamily, sha256, type TokenResponse } from './tokens.ts';

const Form = v.object({
  grant_type: v.literal('authorization_code'),
  code: v.pipe(v.string('code is required'), v.minLength(1, 'code is required'), v.maxLength(200)),
  // RFC 7636 section 4.1: 43 to 128 unreserved characters.
  code_verifier: v.pipe(
    v.string('code_verifier is required'),
    v.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'code_verifier must be 43 to 128 unreserved characters'),
  ),
  redirect_uri: v.pipe(
    v.string('redirect_uri is required'),
    v.minLength(1, 'redirect_uri is required'),
    v.maxLength(2000),
  ),
  client_id: v.literal(OAUTH_CLIENTS.agent, 'unknown client_id'),
});

const MESSAGES = {
  unknown: 'The authorization code is not valid',
  reused: 'The authorization code was already used; the tokens issued from it are revoked',
  expired: 'The authorization code has expired',
  client: 'The authorization code was issued to another client',
  redirect: 'redirect_uri does not match the authorization request',
  verifier: 'The code verifier does not match the code challenge',
} as const;

type Outcome = { ok: true; tokens: TokenResponse } | { ok: false; reason: keyof typeof MESSAGES };

/**
 * Token grant authorization_code (RFC 6749 section 4.1.3 with PKCE S256): the code works once,
 * within 5 minutes, for the client, redirect URI and challenge it was issued for. Presenting a
 * used code again revokes the tokens it gave (RFC 6749 section 4.1.2).
 */
export async function authorizationCodeGrant(c: AppContext, raw: Record<string, string>): Promise<Response> {
  const form = check(Form, raw, 'request body');
  const now = c.get('now')();
  const outcome = await c
    .get('db')
    .transaction()
    .execute(async (trx): Promise<Outcome> => {
      const row = await trx
        .selectFrom('authorization_codes')
        .innerJoin('users', 'users.id', 'authorization_codes.user_id')
        .select([
          'authorization_codes.id',
          'user_id',
          'client_id',
          'redirect_uri',
          'code_challenge',
          'expires_at',
          'used_at',
          'family_id',
          'users.status',
        ])
        .where('code_hash', '=', sha256(form.code))
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.used_at) {
        if (row.family_id) await revokeFamily(trx, row.family_id, now);
        return { ok: false, reason: 'reused' };
      }
      if (row.expires_at <= now) return { ok: false, reason: 'expired' };
      if (row.client_id !== form.client_id) return { ok: false, reason: 'client' };
      if (row.redirect_uri !== form.redirect_uri) return { ok: false, reason: 'redirect' };
      if (!pkceMatches(form.code_verifier, row.code_challenge)) return { ok: false, reason: 'verifier' };
      if (row.status !== 'ACTIVE') return { ok: false, reason: 'unknown' };
      const familyId = randomUUID();
      await trx
        .updateTable('authorization_codes')
        .set({ used_at: now, family_id: familyId })
        .where('id', '=', row.id)
        .execute();
      const tokens = await issueTokens(trx, {
        userId: row.user_id,
        clientId: row.client_id,
        familyId,
        stayLoggedIn: false,
        now,
      });
      return { ok: true, tokens };
    });
  if (!outcome.ok) throw new HttpError(400, MESSAGES[outcome.reason]);
  return c.json(outcome.tokens);
}
