import * as v from 'valibot';

import { rolesForClient } from '../../../src/access/roles.ts';
import { TEMPORARY_CREDENTIAL_GRANT, type TokenResponse } from '../../../src/contract/auth.ts';
import { OAUTH_CLIENTS } from '../../../src/lib/brand.ts';
import { authorizationCodeGrant } from '../../auth/code-grant.ts';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../../auth/passwords.ts';
import { clientAddress } from '../../auth/rate-limit.ts';
import { temporaryCredentialGrant } from '../../auth/temporary-grant.ts';
import { confirmSignInFailure, releaseSignInAttempt, reserveSignInAttempt, signInScopes } from '../../auth/throttle.ts';
import { issueTokens, revokeFamily, rotateRefreshToken, sha256 } from '../../auth/tokens.ts';
import { normaliseIdentifier, rolesOf } from '../../auth/users.ts';
import { HttpError } from '../../http/errors.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { formBody } from '../../http/validate.ts';

const ClientId = v.picklist(Object.values(OAUTH_CLIENTS), 'unknown client_id');

const TokenRequest = v.variant(
  'grant_type',
  [
    v.object({
      grant_type: v.literal('password'),
      username: v.pipe(
        v.string('username is required'),
        v.trim(),
        v.minLength(1, 'username is required'),
        v.maxLength(320),
      ),
      password: v.pipe(v.string('password is required'), v.minLength(1, 'password is required'), v.maxLength(1024)),
      client_id: ClientId,
      stay_logged_in: v.optional(v.picklist(['true', 'false'])),
    }),
    v.object({
      grant_type: v.literal('refresh_token'),
      refresh_token: v.pipe(v.string('refresh_token is required'), v.minLength(1), v.maxLength(200)),
      client_id: ClientId,
      /** The client's name for this rotation, kept before the call: sent again when the answer was lost. */
      request_id: v.optional(
        v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'request_id must be 16 to 64 letters, digits, - or _')),
      ),
    }),
  ],
  'grant_type must be password or refresh_token',
);

export type TokenGrantHandler = (c: AppContext, form: Record<string, string>) => Promise<Response>;

// OAuth 2.0 (RFC 6749 section 5.2) answers a bad grant with 400 invalid_grant.
const invalidGrant = (message: string) => new HttpError(400, message);

const roleNames = async (db: AppContext['var']['db'], userId: number) => (await rolesOf(db, userId)).map((r) => r.name);

async function passwordGrant(c: AppContext, form: v.InferOutput<typeof TokenRequest> & { grant_type: 'password' }) {
  const db = c.get('db');
  const now = c.get('now')();
  const id = normaliseIdentifier(form.username);
  const scopes = signInScopes(id ? (Object.values(id)[0] as string) : form.username.toLowerCase(), clientAddress(c));
  // The throttle counts attempts on the process's clock, which a demo clock never moves.
  const reservation = await reserveSignInAttempt(db, scopes, c.get('clock')());
  const user =
    id &&
    (await db
      .selectFrom('users')
      .select(['id', 'password_hash', 'status'])
      .where('email' in id ? 'email' : 'phone', '=', 'email' in id ? id.email : id.phone)
      .executeTakeFirst());
  const ok =
    user?.password_hash && user.status === 'ACTIVE'
      ? await verifyPassword(form.password.trim(), user.password_hash)
      : (await burnPasswordCheck(form.password), false);
  // A failure keeps its reservation: it was counted before the password was checked.
  if (!ok || !user) {
    await confirmSignInFailure(db, reservation);
    throw invalidGrant('The username or password is incorrect');
  }
  await releaseSignInAttempt(db, reservation, scopes);
  // An older hash (scrypt) is replaced by today's on the first sign-in that proves the password.
  if (needsRehash(user.password_hash!)) {
    const upgraded = await hashPassword(form.password.trim());
    await db
      .updateTable('users')
      .set({ password_hash: upgraded })
      .where('id', '=', user.id)
      .where('password_hash', '=', user.password_hash!)
      .execute();
  }
  // The agents' client signs in agents only: any other account would get a token without roles.
  if (rolesForClient(await roleNames(db, user.id), form.client_id).length === 0) {
    throw invalidGrant('This account cannot sign in here. Use the console’s sign-in page.');
  }
  const tokens = await issueTokens(db, {
    userId: user.id,
    clientId: form.client_id,
    stayLoggedIn: form.stay_logged_in === 'true',
    now,
  });
  return c.json(tokens satisfies TokenResponse);
}

/** password and refresh_token: one validated form (an unknown grant_type fails its variant with 400). */
async function standardGrant(c: AppContext): Promise<Response> {
  const form = await formBody(c, TokenRequest);
  if (form.grant_type === 'password') return passwordGrant(c, form);
  const result = await rotateRefreshToken(
    c.get('db'),
    form.refresh_token,
    form.client_id,
    c.get('now')(),
    form.request_id,
  );
  if (!result.ok)
    throw invalidGrant(
      result.reason === 'reused'
        ? 'The refresh token was already used; the session is revoked'
        : 'The refresh token is not valid',
    );
  return c.json(result.tokens satisfies TokenResponse);
}

/** Every grant POST /auth/oauth2.0/accessToken accepts, by grant_type (spec 1 section 7). */
export const GRANTS: ReadonlyMap<string, TokenGrantHandler> = new Map<string, TokenGrantHandler>([
  ['password', standardGrant],
  ['refresh_token', standardGrant],
  ['authorization_code', authorizationCodeGrant],
  [TEMPORARY_CREDENTIAL_GRANT, temporaryCredentialGrant],
]);

export const tokenRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/auth/oauth2.0/accessToken',
    policy: 'public',
    handler: async (c) => {
      c.header('Cache-Control', 'no-store');
      const raw: Record<string, string | File> = await c.req.parseBody().catch(() => ({}));
      const grant = typeof raw['grant_type'] === 'string' ? raw['grant_type'] : '';
      const handler = GRANTS.get(grant) ?? standardGrant;
      return handler(
        c,
        Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string')),
      );
    },
  }),
  route({
    method: 'GET',
    path: '/auth/logout',
    policy: 'signed-in',
    handler: async (c) => {
      const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
      const row = await c
        .get('db')
        .selectFrom('access_tokens')
        .select('family_id')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (row) await revokeFamily(c.get('db'), row.family_id, c.get('now')());
      return c.body(null, 204);
    },
  }),
];
