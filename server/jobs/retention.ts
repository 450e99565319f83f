import { sql } from 'kysely';

import type { Retention } from '../config.ts';
import type { Db } from '../db/database.ts';
import { pruneMessages } from '../messages/retention.ts';
import type { Logger } from '../observability/logger.ts';

// The one job that prunes what only grows (README "Operating Porchlight", decision 0090). Hourly in
// every process, but run by one at a time: a session-level advisory lock on PostgreSQL (a process
// that finds it taken skips the round), and a guard within the process (PGlite is one session,
// where an advisory lock is reentrant). The bounds are config.retention (RETAIN_* variables).
// Audit rows are never pruned.

export const RETENTION_LOCK_KEY = 7_406_114; // beside the boot lock's 7_406_113 (server/db/migrate.ts)
export const RETENTION_EVERY_MS = 3_600_000;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Rows deleted per table in one round; undefined when another runner held the lock. */
export type RetentionReport = Record<string, number>;

const running = new WeakSet<Db>();

const count = (r: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) =>
  Number(r.numDeletedRows ?? r.numUpdatedRows ?? 0);

/** One round: prunes every table by its bound, or answers undefined when another runner has the lock. */
export async function runRetention(db: Db, retention: Retention, now: Date): Promise<RetentionReport | undefined> {
  if (running.has(db)) return undefined;
  running.add(db);
  try {
    return await db.connection().execute(async (conn) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${RETENTION_LOCK_KEY}) as locked`.execute(conn);
      if (!rows[0]?.locked) return undefined;
      try {
        return await pruneAll(conn, retention, now);
      } finally {
        await sql`select pg_advisory_unlock(${RETENTION_LOCK_KEY})`.execute(conn);
      }
    });
  } finally {
    running.delete(db);
  }
}

async function pruneAll(db: Db, r: Retention, now: Date): Promise<RetentionReport> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const tokens = before(r.refreshTokensDays * DAY_MS);
  const codes = before(r.codesHours * HOUR_MS);
  const report: RetentionReport = {};
  report.events = count(
    await db
      .deleteFrom('events')
      .where('created_at', '<', before(r.eventsDays * DAY_MS))
      .executeTakeFirst(),
  );
  report.messages = await pruneMessages(db, now, r.messagesDays);
  // A one-time code or a registration link's code is worthless once its message went out: its text goes.
  report.messageCodesRemoved = count(
    await db
      .updateTable('outbox')
      .set({
        body: sql<string>`regexp_replace(regexp_replace(body, 'code is [0-9]{6}', 'code is [removed]', 'g'), '/register/[^[:space:]]+', '/register/[removed]', 'g')`,
      })
      .where('status', 'in', ['sent', 'delivered', 'undelivered', 'failed', 'dead'])
      .where((eb) => eb.or([eb('body', '~', 'code is [0-9]{6}'), eb('body', '~', '/register/[^[]')]))
      .executeTakeFirst(),
  );
  report.refreshTokens = count(
    await db
      .deleteFrom('refresh_tokens')
      .where((eb) => eb.or([eb('expires_at', '<', tokens), eb('revoked_at', '<', tokens)]))
      .executeTakeFirst(),
  );
  report.accessTokens = count(
    await db
      .deleteFrom('access_tokens')
      .where((eb) => eb.or([eb('expires_at', '<', tokens), eb('revoked_at', '<', tokens)]))
      .executeTakeFirst(),
  );
  report.oneTimeCodes = count(
    await db
      .deleteFrom('otp_challenges')
      .where((eb) => eb.or([eb('expires_at', '<', codes), eb('used_at', '<', codes)]))
      .executeTakeFirst(),
  );
  report.authorizationCodes = count(
    await db
      .deleteFrom('authorization_codes')
      .where((eb) => eb.or([eb('expires_at', '<', codes), eb('used_at', '<', codes)]))
      .executeTakeFirst(),
  );
  // An expired invitation of a user still invited stays: the user screens show it as expired.
  report.invitationCodes = count(
    await db
      .deleteFrom('invites')
      .where((eb) =>
        eb.or([
          eb('used_at', '<', codes),
          eb('revoked_at', '<', codes),
          eb.and([eb('kind', '=', 'RESET'), eb('expires_at', '<', codes)]),
        ]),
      )
      .executeTakeFirst(),
  );
  report.streamTickets = count(
    await db
      .deleteFrom('event_tickets')
      .where((eb) => eb.or([eb('expires_at', '<', codes), eb('used_at', '<', codes)]))
      .executeTakeFirst(),
  );
  report.idempotencyKeys = count(
    await db
      .deleteFrom('idempotent_requests')
      .where('created_at', '<', before(r.idempotencyHours * HOUR_MS))
      .executeTakeFirst(),
  );
  report.analytics = count(
    await db
      .deleteFrom('analytics_events')
      .where('occurred_at', '<', before(r.analyticsDays * DAY_MS))
      .executeTakeFirst(),
  );
  // An agent notification goes RETAIN_NOTIFICATIONS_DAYS after it was sent once the agent acted on it
  // (cleared), RETAIN_OPEN_NOTIFICATIONS_DAYS after if never: the agent's list shows open ones, the
  // brokerage's log (My Notifications) both. Read by `sent` (agent_notifications_sent_idx).
  const cleared = before(r.notificationsDays * DAY_MS);
  const open = before(r.openNotificationsDays * DAY_MS);
  report.notifications = count(
    await db
      .deleteFrom('agent_notifications')
      .where((eb) =>
        eb.or([
          eb('sent', '<', open < cleared ? open : cleared),
          eb.and([eb('sent', '<', cleared), eb('cleared_at', 'is not', null)]),
        ]),
      )
      .executeTakeFirst(),
  );
  return report;
}

/** Runs a round now and every hour (main.ts); answers the stop function. Failures are logged, the next round tries again. */
export function startRetention(
  db: Db,
  retention: Retention,
  log: Logger,
  now: () => Date = () => new Date(),
): () => void {
  const round = async () => {
    const started = Date.now();
    try {
      const report = await runRetention(db, retention, now());
      if (report) log.info({ job: 'retention', pruned: report, ms: Date.now() - started }, 'retention round done');
      else log.debug({ job: 'retention' }, 'retention round skipped: another process holds the lock');
    } catch (err) {
      log.error({ job: 'retention', err }, 'retention round failed');
    }
  };
  void round();
  const timer = setInterval(() => void round(), RETENTION_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
