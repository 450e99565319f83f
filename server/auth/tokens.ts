import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

export const ACCESS_TOKEN_TTL_S = 300;
// A refresh token outlives many access tokens: 12 h for a normal sign-in, 30 days with Stay Logged In.
const REFRESH_TTL_MS = 12 * 3600_000;
const REFRESH_TTL_STAY_MS = 30 * 24 * 3600_000;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
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
}

/** Issues an access token and a refresh token of a (new or continuing) family. */
export async function issueTokens(db: Db, { userId, clientId, familyId, stayLoggedIn, now }: Issue): Promise<TokenResponse> {
  const family = familyId ?? randomUUID();
  const access = newToken();
  const refresh = newToken();
  await db.insertInto('access_tokens').values({
    token_hash: sha256(access), user_id: userId, family_id: family, client_id: clientId,
    expires_at: new Date(now.getTime() + ACCESS_TOKEN_TTL_S * 1000),
  }).execute();
  await db.insertInto('refresh_tokens').values({
    token_hash: sha256(refresh), family_id: family, user_id: userId, client_id: clientId,
    stay_logged_in: stayLoggedIn, created_at: now,
    expires_at: new Date(now.getTime() + (stayLoggedIn ? REFRESH_TTL_STAY_MS : REFRESH_TTL_MS)),
  }).execute();
  return { access_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_S };
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: now })
    .where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  await db.updateTable('access_tokens').set({ revoked_at: now })
    .where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

export type RotateResult =
  | { ok: true; tokens: TokenResponse }
  | { ok: false; reason: 'unknown' | 'reused' | 'expired' | 'client' };

/**
 * Refresh-token rotation with reuse detection: a token works once. Presenting a token that
 * was already rotated means it leaked, so the whole family (every session descended from
 * that sign-in) is revoked.
 */
export async function rotateRefreshToken(db: Db, token: string, clientId: string, now: Date): Promise<RotateResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('refresh_tokens').innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select(['refresh_tokens.id', 'family_id', 'user_id', 'client_id', 'stay_logged_in', 'expires_at', 'rotated_at', 'revoked_at', 'users.status'])
      .where('token_hash', '=', sha256(token)).forUpdate().executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.rotated_at || row.revoked_at) {
      await revokeFamily(trx, row.family_id, now);
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.client_id !== clientId) return { ok: false, reason: 'client' } as const;
    if (row.expires_at <= now || row.status !== 'ACTIVE') return { ok: false, reason: 'expired' } as const;
    await trx.updateTable('refresh_tokens').set({ rotated_at: now }).where('id', '=', row.id).execute();
    const tokens = await issueTokens(trx, {
      userId: row.user_id, clientId, familyId: row.family_id, stayLoggedIn: row.stay_logged_in, now,
    });
    return { ok: true, tokens } as const;
  });
}
