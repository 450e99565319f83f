import { sql } from 'kysely';

import type { Db } from '../db/database.ts';
import { migrationNames } from '../db/migrate.ts';

// The load balancer's two questions (README "Operating Porchlight"). /healthz: is the process alive
// (never touches the database, so a database outage does not get every process restarted).
// /readyz: may it be sent requests: the database answers within READY_TIMEOUT_MS, every migration
// the code holds is applied, and the process is not draining after SIGTERM.

export const READY_TIMEOUT_MS = 1_000;

/** Whether this process is shutting down; main.ts sets it on SIGTERM, before it stops taking connections. */
export class Lifecycle {
  draining = false;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

let expected: Promise<string[]> | undefined;

/** Checks the database and the migrations, answering within READY_TIMEOUT_MS whatever the database does. */
export async function readiness(db: Db, lifecycle: Lifecycle): Promise<Readiness> {
  if (lifecycle.draining) return { ready: false, reason: 'shutting down' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(
      () => resolve({ ready: false, reason: 'the database did not answer within 1 s' }),
      READY_TIMEOUT_MS,
    );
  });
  const check = (async (): Promise<Readiness> => {
    expected ??= migrationNames();
    let applied: Set<string>;
    try {
      const { rows } = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
      applied = new Set(rows.map((r) => r.name));
    } catch {
      return { ready: false, reason: 'the database is not reachable' };
    }
    const missing = (await expected).filter((name) => !applied.has(name));
    return missing.length > 0
      ? { ready: false, reason: `${missing.length} migration(s) not applied` }
      : { ready: true };
  })();
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
