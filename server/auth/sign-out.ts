import type { Db } from '../db/database.ts';
import { recordEvent } from '../events/outbox.ts';

// One way a session ends (docs/security.md, "A session that ends, ends everywhere"): logout, a
// refresh token presented again (reuse), a spent code whose session is revoked, a password change
// (every other sign-in), a user removed or an agent deleted (every sign-in). It revokes the refresh
// and access tokens, drops the push subscriptions those sign-ins registered, and records an
// ACCESS_CHANGED event in the same transaction, on which every API process ends the user's open
// live streams whose token is no longer valid (server/events/streams.ts). Web Push also sends only
// to subscriptions whose sign-in is still valid (server/push/deliver.ts), so a revoked session is
// told nothing even by a subscription registered while it was being revoked.

export type SignOutScope =
  /** One sign-in (refresh-token family): logout, reuse, a spent code's session. */
  | { familyId: string }
  /** Every sign-in of these users, but `keepFamily` (the password change keeps the session that made it). */
  | { userIds: readonly number[]; keepFamily?: string | undefined };

export async function signOutEverywhere(db: Db, scope: SignOutScope, now: Date): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => signOutEverywhere(trx, scope, now));
    return;
  }
  let userIds: number[];
  if ('familyId' in scope) {
    const owner =
      (await db
        .selectFrom('refresh_tokens')
        .select('user_id')
        .where('family_id', '=', scope.familyId)
        .limit(1)
        .executeTakeFirst()) ??
      (await db
        .selectFrom('access_tokens')
        .select('user_id')
        .where('family_id', '=', scope.familyId)
        .limit(1)
        .executeTakeFirst());
    userIds = owner ? [owner.user_id] : [];
    for (const table of ['refresh_tokens', 'access_tokens'] as const) {
      await db
        .updateTable(table)
        .set({ revoked_at: now })
        .where('family_id', '=', scope.familyId)
        .where('revoked_at', 'is', null)
        .execute();
    }
    await db.deleteFrom('push_subscriptions').where('family_id', '=', scope.familyId).execute();
  } else {
    userIds = [...new Set(scope.userIds)];
    if (userIds.length === 0) return;
    const keep = scope.keepFamily;
    for (const table of ['refresh_tokens', 'access_tokens'] as const) {
      await db
        .updateTable(table)
        .set({ revoked_at: now })
        .where('user_id', 'in', userIds)
        .where('revoked_at', 'is', null)
        .$if(keep !== undefined, (q) => q.where('family_id', '!=', keep!))
        .execute();
    }
    await db
      .deleteFrom('push_subscriptions')
      .where('user_id', 'in', userIds)
      .$if(keep !== undefined, (q) =>
        q.where((eb) => eb.or([eb('family_id', 'is', null), eb('family_id', '!=', keep!)])),
      )
      .execute();
  }
  if (userIds.length > 0) await recordAccessChange(db, userIds, 'SIGNED_OUT');
}

/**
 * Tells every process that these users' authority changed (a role granted or removed, another
 * brokerage, signed out, deactivated): their open live streams are checked again at once, and end
 * or follow the new roles (server/events/streams.ts). Nobody hears the event itself (no audience).
 * Call it inside the change's transaction, last.
 */
export async function recordAccessChange(
  trx: Db,
  userIds: readonly number[],
  reason: 'SIGNED_OUT' | 'ROLES_CHANGED' | 'STATUS_CHANGED',
): Promise<void> {
  await recordEvent(trx, {
    type: 'ACCESS_CHANGED',
    payload: { userIds: [...new Set(userIds)].join(','), reason },
    audience: { roles: [] },
  });
}
