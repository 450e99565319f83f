import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { codeHash, newSecret, newTypedCode } from './secrets.ts';
import { revokeFamily, sha256 } from './tokens.ts';

export type CodeKind = 'INVITE' | 'RESET';

/** How long a code works: invites a week, reset codes 24 hours (docs/spec/DECISIONS.md). */
export const CODE_TTL_MS: Record<CodeKind, number> = { INVITE: 7 * 24 * 3600_000, RESET: 24 * 3600_000 };
/** The temporary credential handed out for a valid code is exchanged at once by the console. */
export const TEMPORARY_CREDENTIAL_TTL_MS = 10 * 60_000;

/** Opens a new code for the user; older open codes of the same kind stop working. */
export async function openCode(
  db: Db,
  o: { userId: number; kind: CodeKind; createdBy: number | null; now: Date; ttlMs?: number; code?: string },
) {
  const code = o.code ?? newTypedCode();
  const expiresAt = new Date(o.now.getTime() + (o.ttlMs ?? CODE_TTL_MS[o.kind]));
  await db
    .updateTable('invites')
    .set({ revoked_at: o.now })
    .where('user_id', '=', o.userId)
    .where('kind', '=', o.kind)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .insertInto('invites')
    .values({
      code_hash: codeHash(code),
      user_id: o.userId,
      kind: o.kind,
      expires_at: expiresAt,
      created_by: o.createdBy,
      created_at: o.now,
    })
    .execute();
  return { code, expiresAt };
}

export type RedeemResult = { ok: true; id: number; password: string } | { ok: false; error: HttpError; guess: boolean };

/**
 * Validates an open code and hands out a fresh temporary credential (only its hash is kept).
 * The code itself stays open until the new password is set, so a failed set-password step can
 * be retried; a new credential replaces the previous one and ends the session it opened.
 */
export async function redeemCode(db: Db, code: string, now: Date): Promise<RedeemResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('invites')
      .innerJoin('users', 'users.id', 'invites.user_id')
      .select([
        'invites.id',
        'user_id',
        'kind',
        'expires_at',
        'used_at',
        'revoked_at',
        'session_family',
        'users.status',
      ])
      .where('code_hash', '=', codeHash(code))
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.revoked_at) return { ok: false, error: notFound('This code is not valid'), guess: true } as const;
    if (row.used_at)
      return { ok: false, error: new HttpError(410, 'This code was already used'), guess: false } as const;
    if (row.expires_at <= now)
      return { ok: false, error: new HttpError(410, 'This code has expired'), guess: false } as const;
    const usable =
      row.kind === 'INVITE' ? row.status === 'INVITED' || row.status === 'ACTIVE' : row.status === 'ACTIVE';
    if (!usable) return { ok: false, error: new HttpError(410, 'This code is no longer valid'), guess: false } as const;
    if (row.session_family) await revokeFamily(trx, row.session_family, now);
    const password = newSecret();
    await trx
      .updateTable('invites')
      .set({
        temp_hash: sha256(password),
        temp_expires_at: new Date(now.getTime() + TEMPORARY_CREDENTIAL_TTL_MS),
        temp_used_at: null,
        session_family: null,
      })
      .where('id', '=', row.id)
      .execute();
    return { ok: true, id: row.user_id, password } as const;
  });
}

/** The open code whose temporary credential opened this token family, if any. */
export async function codeOfSession(db: Db, familyId: string | undefined) {
  if (!familyId) return undefined;
  return db
    .selectFrom('invites')
    .select(['id', 'kind'])
    .where('session_family', '=', familyId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** After a password is set: the code the session came from is used, every other open code is closed. */
export async function closeCodes(db: Db, userId: number, sessionCodeId: number | undefined, now: Date): Promise<void> {
  if (sessionCodeId !== undefined)
    await db.updateTable('invites').set({ used_at: now }).where('id', '=', sessionCodeId).execute();
  await db
    .updateTable('invites')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}
