import { randomUUID } from 'node:crypto';
import * as v from 'valibot';

import { TEMPORARY_CREDENTIAL_GRANT } from '../../src/contract/auth.ts';
import { OAUTH_CLIENTS } from '../../src/lib/brand.ts';
import { HttpError } from '../http/errors.ts';
import type { AppContext } from '../http/route.ts';
import { check, Id } from '../http/validate.ts';
import { assertWithinLimit, clientAddress, recordEvent } from './rate-limit.ts';
import { issueTokens, sha256 } from './tokens.ts';

const Form = v.object({
  grant_type: v.literal(TEMPORARY_CREDENTIAL_GRANT),
  username: Id, // the id of the invite-code result
  password: v.pipe(v.string('password is required'), v.minLength(1, 'password is required'), v.maxLength(200)),
  client_id: v.picklist(Object.values(OAUTH_CLIENTS), 'unknown client_id'),
});

const WINDOW_MS = 15 * 60_000;

/**
 * Token grant for the temporary credential of an invite or reset code: works once, within
 * 10 minutes, and only while the code is open. It activates an invited account and marks the
 * password expired, so the console's set-password step (or, if abandoned, the expired-password
 * banner) follows. The token family is remembered on the code: that session may set a password
 * without the current one.
 */
export async function temporaryCredentialGrant(c: AppContext, raw: Record<string, string>): Promise<Response> {
  const form = check(Form, raw, 'request body');
  const db = c.get('db');
  const now = c.get('now')();
  const limit = { scope: `temporary-grant:${clientAddress(c)}`, max: 20, windowMs: WINDOW_MS };
  await assertWithinLimit(db, limit, now);
  const tokens = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('invites')
      .innerJoin('users', 'users.id', 'invites.user_id')
      .select(['invites.id', 'temp_expires_at', 'temp_used_at', 'used_at', 'revoked_at', 'users.status'])
      .where('invites.user_id', '=', form.username)
      .where('temp_hash', '=', sha256(form.password))
      .forUpdate()
      .executeTakeFirst();
    if (
      !row ||
      row.temp_used_at ||
      row.used_at ||
      row.revoked_at ||
      !row.temp_expires_at ||
      row.temp_expires_at <= now ||
      row.status === 'DISABLED'
    )
      return undefined;
    const familyId = randomUUID();
    await trx
      .updateTable('users')
      .set({ status: 'ACTIVE', password_expired: true })
      .where('id', '=', form.username)
      .execute();
    await trx
      .updateTable('invites')
      .set({ temp_used_at: now, session_family: familyId })
      .where('id', '=', row.id)
      .execute();
    return issueTokens(trx, { userId: form.username, clientId: form.client_id, familyId, stayLoggedIn: false, now });
  });
  if (!tokens) {
    await recordEvent(db, limit.scope, now);
    throw new HttpError(400, 'The temporary password is not valid or has expired');
  }
  return c.json(tokens);
}
