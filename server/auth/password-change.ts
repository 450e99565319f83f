import type { Db } from '../db/database.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import type { AppContext } from '../http/route.ts';
import { closeCodes, codeOfSession } from './invites.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { assertWithinLimit, recordEvent } from './rate-limit.ts';
import { signOutEverywhere } from './sign-out.ts';
import { clearAccountFailures } from './throttle.ts';
import { sha256 } from './tokens.ts';

/** The token family of the request's bearer token (the current session). */
async function currentFamily(c: AppContext): Promise<string | undefined> {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
  if (!token) return undefined;
  const row = await c
    .get('db')
    .selectFrom('access_tokens')
    .select('family_id')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  return row?.family_id;
}

const CURRENT_PASSWORD_WINDOW_MS = 15 * 60_000;

/** Whether the session (token family) began, with its sign-in, less than `windowMs` ago. */
async function signedInWithin(db: Db, family: string | undefined, now: Date, windowMs: number): Promise<boolean> {
  if (!family) return false;
  const row = await db
    .selectFrom('refresh_tokens')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('family_id', '=', family)
    .executeTakeFirst();
  const first = row?.first ? new Date(row.first as unknown as string) : undefined;
  return first !== undefined && now.getTime() - first.getTime() < windowMs;
}

/**
 * The signed-in user sets a new password (never someone else's, never while impersonating).
 * The current password is not asked for when the session came from an invite or reset code, or
 * when the password is expired and the session's sign-in is recent (the spec's update-password dialog
 * sends only the new password);
 * otherwise it is, so a stolen access token cannot take the account over. Setting it clears the
 * expired flag, spends the user's open codes and ends every other session of the user.
 */
export async function changeOwnPassword(
  c: AppContext,
  userId: number,
  newPassword: string,
  currentPassword: string | undefined,
): Promise<void> {
  const { actor, impersonating } = c.get('auth');
  if (impersonating || actor.id !== userId) throw forbidden('You may only change your own password');
  // Sign-in trims the password it is given, so the stored one is trimmed too.
  const password = newPassword.trim();
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem, { password: problem });

  const db = c.get('db');
  const now = c.get('now')();
  const family = await currentFamily(c);
  const code = await codeOfSession(db, family);
  const user = await db
    .selectFrom('users')
    .select(['password_hash', 'password_expired', 'email', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  // An expired password is changed without the current one only in a session whose password sign-in
  // (which checked that password) began within the window: the spec's dialog sends the new password
  // alone, and a token stolen later cannot take the account over (docs/security.md, decisions).
  const expiredAndFresh = user.password_expired && (await signedInWithin(db, family, now, CURRENT_PASSWORD_WINDOW_MS));
  if (!code && !expiredAndFresh) {
    const limit = { scope: `current-password:${userId}`, max: 5, windowMs: CURRENT_PASSWORD_WINDOW_MS };
    await assertWithinLimit(db, limit, now);
    if (!currentPassword)
      throw badRequest('Current password is required', { currentPassword: 'Current password is required' });
    const ok = user.password_hash !== null && (await verifyPassword(currentPassword.trim(), user.password_hash));
    if (!ok) {
      await recordEvent(db, limit.scope, now);
      throw badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
    }
  }

  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, password_expired: false })
      .where('id', '=', userId)
      .execute();
    await closeCodes(trx, userId, code?.id, now);
    // Every other sign-in ends: its tokens, its phones' subscriptions, its live streams.
    await signOutEverywhere(trx, { userIds: [userId], keepFamily: family }, now);
    // A new password ends any sign-in throttling of the account (the owner proved control of it).
    await clearAccountFailures(trx, [user.email, user.phone]);
    await trx
      .insertInto('audit_log')
      .values({
        actor_user_id: userId,
        as_user_id: null,
        action: 'PASSWORD_CHANGED',
        detail: code ? `with a ${code.kind} code` : null,
        created_at: now,
      })
      .execute();
  });
}
