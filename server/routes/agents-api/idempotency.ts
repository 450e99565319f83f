import type { ContentfulStatusCode } from 'hono/utils/http-status';

import { sha256 } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { AppContext } from '../../http/route.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
// Visible ASCII only, and short enough for an index key; clients send UUIDs.
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export interface WriteResult {
  status: ContentfulStatusCode;
  body: object;
}

/** The key a write applies under, as stored in a table's unique idempotency_key column. */
export type AppliedKey = string | null;

interface Stored {
  fingerprint: string;
  status: number;
  response: string;
}

// Built through the context, like every answer: the headers middleware prepared (security, caching) apply.
function replay(c: AppContext, stored: Stored, fingerprint: string): Response {
  if (stored.fingerprint !== fingerprint) {
    throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
  }
  return c.body(stored.response, stored.status as ContentfulStatusCode, {
    'Content-Type': 'application/json',
    'Idempotent-Replayed': 'true',
  });
}

const lookup = (db: Db, userId: number, key: string) =>
  db
    .selectFrom('idempotent_requests')
    .select(['fingerprint', 'status', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();

/**
 * Runs a write in one transaction. With an Idempotency-Key header, the first successful answer is
 * kept per signed-in user and key: the same request replayed gets that answer back and applies
 * nothing; the same key with another request (method, path or body) is refused with 422.
 * Refused writes (4xx) are not kept, so a replay is judged afresh against the current state.
 * `work` receives the key to store in the written row's unique idempotency_key column (namespaced
 * by user), which makes a second application impossible even for two replays racing.
 */
export async function idempotentWrite(
  c: AppContext,
  request: unknown,
  work: (trx: Db, key: AppliedKey) => Promise<WriteResult>,
): Promise<Response> {
  const db = c.get('db');
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) {
    const result = await db.transaction().execute((trx) => work(trx, null));
    return c.json(result.body, result.status);
  }
  if (!KEY_PATTERN.test(key)) {
    throw badRequest(`The ${IDEMPOTENCY_HEADER} header must be 1 to 200 visible characters`, {
      [IDEMPOTENCY_HEADER]: 'invalid',
    });
  }
  const userId = c.get('auth').actor.id;
  const fingerprint = sha256(JSON.stringify([c.req.method, c.req.path, request]));
  const stored = await lookup(db, userId, key);
  if (stored) return replay(c, stored, fingerprint);
  try {
    const result = await db.transaction().execute(async (trx) => {
      // Claim the key first: a racing replay blocks on this row until the original commits, then
      // fails on the primary key and answers as a replay (rather than judging the write afresh).
      await trx
        .insertInto('idempotent_requests')
        .values({
          user_id: userId,
          key,
          fingerprint,
          status: 0,
          response: '',
          created_at: c.get('now')(),
        })
        .execute();
      const r = await work(trx, `${userId}:${key}`);
      await trx
        .updateTable('idempotent_requests')
        .set({ status: r.status, response: JSON.stringify(r.body) })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
      return r;
    });
    return c.json(result.body, result.status);
  } catch (err) {
    // A replay that raced the original: the loser hits the key's primary key, then answers as a replay.
    if ((err as { code?: unknown } | null)?.code !== '23505') throw err;
    const winner = await lookup(db, userId, key);
    if (winner) return replay(c, winner, fingerprint);
    throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
  }
}
