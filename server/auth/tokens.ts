import { createHmac, hash, randomBytes, randomUUID } from 'node:crypto';

import type { Db } from '../db/database.ts';
import { signOutEverywhere } from './sign-out.ts';

export const ACCESS_TOKEN_TTL_S = 300;
// A refresh token outlives many access tokens: 12 h for a normal sign-in, 30 days with Stay Logged In.
const REFRESH_TTL_MS = 12 * 3600_000;
const REFRESH_TTL_STAY_MS = 30 * 24 * 3600_000;

// One call, no Hash object: every authenticated request hashes its bearer token (a third of the time of createHash).
export const sha256 = (text: string) => hash('sha256', text, 'base64url');
const newToken = () => randomBytes(32).toString('base64url');

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

interface Issue {
  userId: number;
  clientId: string;
  familyId?: string;
  stayLoggedIn: boolean;
  now: Date;
  /** The refresh token to issue (a rotation answering a request id derives it); random otherwise. */
  refreshToken?: string;
}

/** Issues an access token and a refresh token of a (new or continuing) family. */
export async function issueTokens(
  db: Db,
  { userId, clientId, familyId, stayLoggedIn, now, refreshToken }: Issue,
): Promise<TokenResponse> {
  const family = familyId ?? randomUUID();
  const access = await issueAccessToken(db, { userId, clientId, familyId: family, now });
  const refresh = refreshToken ?? newToken();
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: sha256(refresh),
      family_id: family,
      user_id: userId,
      client_id: clientId,
      stay_logged_in: stayLoggedIn,
      created_at: now,
      expires_at: new Date(now.getTime() + (stayLoggedIn ? REFRESH_TTL_STAY_MS : REFRESH_TTL_MS)),
    })
    .execute();
  return { access_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_S };
}

async function issueAccessToken(
  db: Db,
  { userId, clientId, familyId, now }: { userId: number; clientId: string; familyId: string; now: Date },
): Promise<string> {
  const access = newToken();
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: sha256(access),
      user_id: userId,
      family_id: familyId,
      client_id: clientId,
      expires_at: new Date(now.getTime() + ACCESS_TOKEN_TTL_S * 1000),
    })
    .execute();
  return access;
}

/**
 * The refresh token a rotation named `requestId` issues: an HMAC keyed by the presented token, so only
 * its holder can know it, and the same rotation answered again (its answer was lost) names the same one.
 */
const successorOf = (token: string, requestId: string) =>
  createHmac('sha256', token).update(`rotation:${requestId}`).digest('base64url');

/**
 * How long after a rotation the previous refresh token is answered once more, with the same
 * successor, when it comes back without the rotation's name: a phone killed between the server's
 * rotation and the client's write of the answer to storage restarts and sends the token it still
 * holds. A minute covers the answer in flight, the kill and the restart; a longer window would give
 * a stolen token that much longer (docs/security.md, "Decisions").
 */
export const REFRESH_GRACE_MS = 60_000;
/**
 * The grace is given at most once per sign-in (token family) in this long: a thief who presents each
 * rotated token right after its owner would otherwise share every rotation unseen (RFC 9700 4.14.2).
 * A second crash of the same device mid-refresh within a day costs one sign-in.
 */
export const REFRESH_GRACE_ONCE_PER_MS = 24 * 3600_000;

/** Ends one sign-in everywhere: its tokens, its phones' push subscriptions, its live streams (sign-out.ts). */
export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await signOutEverywhere(db, { familyId }, now);
}

export type RotateResult =
  { ok: true; tokens: TokenResponse } | { ok: false; reason: 'unknown' | 'reused' | 'expired' | 'client' };

interface RotatedRow {
  id: number;
  family_id: string;
  user_id: number;
  client_id: string;
  status: string;
  rotated_at: Date | null;
  revoked_at: Date | null;
  rotation_request_id: string | null;
  grace_used_at: Date | null;
}

/**
 * A rotated token presented again, answered with the successor it was already given (and a new access
 * token) when that successor is unused: with the rotation's own name (the answer was lost: no time
 * limit, the device proves it sent that request), or once within REFRESH_GRACE_MS without it (the
 * device crashed before it stored the answer). Null: it is reuse.
 */
async function answerAgain(
  trx: Db,
  row: RotatedRow,
  token: string,
  clientId: string,
  now: Date,
  requestId?: string,
): Promise<TokenResponse | null> {
  if (!row.rotated_at || row.revoked_at || row.client_id !== clientId || row.status !== 'ACTIVE') return null;
  // Tokens rotated before rotations were recorded by name derive their successor from the name sent.
  const name = row.rotation_request_id ?? requestId;
  if (name === undefined) return null;
  const named = requestId === name;
  let inGrace = !named && row.grace_used_at === null && now.getTime() - row.rotated_at.getTime() <= REFRESH_GRACE_MS;
  if (inGrace) {
    // Once per family in the window, whichever of its tokens took it.
    const earlier = await trx
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', row.family_id)
      .where('grace_used_at', '>', new Date(now.getTime() - REFRESH_GRACE_ONCE_PER_MS))
      .limit(1)
      .executeTakeFirst();
    if (earlier) inGrace = false;
  }
  if (!named && !inGrace) return null;
  const successor = successorOf(token, name);
  const next = await trx
    .selectFrom('refresh_tokens')
    .select(['family_id', 'expires_at', 'rotated_at', 'revoked_at'])
    .where('token_hash', '=', sha256(successor))
    .forUpdate()
    .executeTakeFirst();
  if (!next || next.family_id !== row.family_id || next.rotated_at || next.revoked_at || next.expires_at <= now)
    return null;
  if (inGrace) {
    await trx.updateTable('refresh_tokens').set({ grace_used_at: now }).where('id', '=', row.id).execute();
    // Each use is on record (the user's history): a grace without a crash behind it is a stolen token.
    await trx
      .insertInto('audit_log')
      .values({
        actor_user_id: row.user_id,
        as_user_id: null,
        action: 'REFRESH_GRACE_USED',
        target_user_id: row.user_id,
        detail: `sign-in ${row.family_id.slice(0, 8)}: a rotated refresh token answered again ${Math.round((now.getTime() - row.rotated_at.getTime()) / 1000)} s after its rotation`,
        created_at: now,
      })
      .execute();
  }
  const access = await issueAccessToken(trx, { userId: row.user_id, clientId, familyId: row.family_id, now });
  return { access_token: access, refresh_token: successor, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_S };
}

const newRotationName = () => randomBytes(16).toString('hex');

/**
 * Refresh-token rotation with reuse detection: a token works once. Presenting a token that
 * was already rotated means it leaked, so the whole family (every session descended from
 * that sign-in) is revoked.
 *
 * Two exceptions, both answering the successor already issued while it is unused (answerAgain):
 * the lost answer (the client names its rotation, `requestId`, kept with the session before the
 * call, and sends it again after the page was unloaded mid-refresh), and the crash (the previous
 * token once more within REFRESH_GRACE_MS of its rotation). Any other re-presentation is reuse.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  clientId: string,
  now: Date,
  requestId?: string,
): Promise<RotateResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select([
        'refresh_tokens.id',
        'family_id',
        'user_id',
        'client_id',
        'stay_logged_in',
        'expires_at',
        'rotated_at',
        'revoked_at',
        'rotation_request_id',
        'grace_used_at',
        'users.status',
      ])
      .where('token_hash', '=', sha256(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.rotated_at || row.revoked_at) {
      const again = await answerAgain(trx, row, token, clientId, now, requestId);
      if (again) return { ok: true, tokens: again } as const;
      await revokeFamily(trx, row.family_id, now);
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.client_id !== clientId) return { ok: false, reason: 'client' } as const;
    if (row.expires_at <= now || row.status !== 'ACTIVE') return { ok: false, reason: 'expired' } as const;
    // Every rotation is named (by the client, or here), so its successor can be derived again.
    const name = requestId ?? newRotationName();
    await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: now, rotation_request_id: name })
      .where('id', '=', row.id)
      .execute();
    const tokens = await issueTokens(trx, {
      userId: row.user_id,
      clientId,
      familyId: row.family_id,
      stayLoggedIn: row.stay_logged_in,
      now,
      refreshToken: successorOf(token, name),
    });
    return { ok: true, tokens } as const;
  });
}
