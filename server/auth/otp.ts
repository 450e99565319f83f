import { BRAND } from '../../src/lib/brand.ts';
import type { Db } from '../db/database.ts';
import type { AuthorizeRequest } from './authorize-request.ts';
import { sendSms } from './outbox.ts';
import { limitWait, recordEvent } from './rate-limit.ts';
import { newSecret, newSixDigitCode, sameText } from './secrets.ts';
import { sha256 } from './tokens.ts';

export const OTP_TTL_MS = 5 * 60_000; // one-time codes and authorization codes: 5 minutes (docs/spec/DECISIONS.md)
export const MAX_ATTEMPTS = 5;
const WINDOW_MS = 15 * 60_000;
// Codes sent: 3 per phone and 20 per caller in 15 minutes; beyond that the page looks the same
// but nothing is sent. Wrong codes: 10 per phone in 15 minutes, then 429.
const SENDS_PER_PHONE = 3;
const SENDS_PER_CALLER = 20;
const FAILURES_PER_PHONE = 10;

const codeHashOf = (ref: string, code: string) => sha256(`${ref}:${code}`);

/** Starts a challenge for the phone: an SMS only when it is an active agent's (nothing tells). */
export async function startChallenge(
  db: Db,
  req: AuthorizeRequest,
  phone: string,
  caller: string,
  now: Date,
): Promise<string> {
  const agent = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('users.id')
    .where('users.phone', '=', phone)
    .where('users.status', '=', 'ACTIVE')
    .where('roles.name', '=', 'AGENT')
    .executeTakeFirst();
  const phoneScope = `otp-send:${phone}`;
  const callerScope = `otp-send-caller:${caller}`;
  const maySend =
    (await limitWait(db, { scope: phoneScope, max: SENDS_PER_PHONE, windowMs: WINDOW_MS }, now)) === 0 &&
    (await limitWait(db, { scope: callerScope, max: SENDS_PER_CALLER, windowMs: WINDOW_MS }, now)) === 0;
  const ref = newSecret();
  const code = newSixDigitCode();
  const userId = agent && maySend ? agent.id : null;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('otp_challenges')
      .values({
        ref_hash: sha256(ref),
        phone,
        user_id: userId,
        code_hash: codeHashOf(ref, code),
        client_id: req.clientId,
        redirect_uri: req.redirectUri,
        code_challenge: req.codeChallenge,
        state: req.state ?? null,
        expires_at: new Date(now.getTime() + OTP_TTL_MS),
        created_at: now,
      })
      .execute();
    await recordEvent(trx, phoneScope, now);
    await recordEvent(trx, callerScope, now);
    if (userId !== null) {
      await sendSms(trx, phone, `Your ${BRAND.name} sign-in code is ${code}. It expires in 5 minutes.`, now, {
        kind: 'code',
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      });
    }
  });
  return ref;
}

export type VerifyResult =
  | { ok: true; location: string }
  | { ok: false; reason: 'unknown' }
  | {
      ok: false;
      reason: 'wrong' | 'dead' | 'throttled';
      request: AuthorizeRequest;
      attemptsLeft: number;
      retryAfter: number;
    };

/** Checks the code typed for a challenge; on success issues an authorization code and the redirect. */
export async function verifyChallenge(db: Db, ref: string, code: string, now: Date): Promise<VerifyResult> {
  return db.transaction().execute(async (trx): Promise<VerifyResult> => {
    const row = await trx
      .selectFrom('otp_challenges')
      .selectAll()
      .where('ref_hash', '=', sha256(ref))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    const request: AuthorizeRequest = {
      clientId: row.client_id,
      redirectUri: row.redirect_uri,
      state: row.state ?? undefined,
      codeChallenge: row.code_challenge,
    };
    const fail = (reason: 'wrong' | 'dead' | 'throttled', attemptsLeft: number, retryAfter = 0) =>
      ({ ok: false, reason, request, attemptsLeft, retryAfter }) as const;
    if (row.used_at || row.expires_at <= now || row.attempts >= MAX_ATTEMPTS) return fail('dead', 0);
    const failScope = `otp-fail:${row.phone}`;
    const wait = await limitWait(trx, { scope: failScope, max: FAILURES_PER_PHONE, windowMs: WINDOW_MS }, now);
    if (wait > 0) return fail('throttled', 0, wait);
    const user =
      row.user_id === null
        ? undefined
        : await trx
            .selectFrom('users')
            .select('id')
            .where('id', '=', row.user_id)
            .where('status', '=', 'ACTIVE')
            .executeTakeFirst();
    if (!user || !/^\d{6}$/.test(code) || !sameText(codeHashOf(ref, code), row.code_hash)) {
      const attempts = row.attempts + 1;
      await trx.updateTable('otp_challenges').set({ attempts }).where('id', '=', row.id).execute();
      await recordEvent(trx, failScope, now);
      return fail(attempts >= MAX_ATTEMPTS ? 'dead' : 'wrong', MAX_ATTEMPTS - attempts);
    }
    await trx.updateTable('otp_challenges').set({ used_at: now }).where('id', '=', row.id).execute();
    const authCode = newSecret();
    await trx
      .insertInto('authorization_codes')
      .values({
        code_hash: sha256(authCode),
        user_id: user.id,
        client_id: row.client_id,
        redirect_uri: row.redirect_uri,
        code_challenge: row.code_challenge,
        expires_at: new Date(now.getTime() + OTP_TTL_MS),
        created_at: now,
      })
      .execute();
    const query = new URLSearchParams({ code: authCode });
    if (row.state !== null) query.set('state', row.state);
    return { ok: true, location: `${row.redirect_uri}?${query.toString()}` };
  });
}
