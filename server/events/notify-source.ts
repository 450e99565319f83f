import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import type { OpenDatabase } from '../db/database.ts';
import { processLog } from '../observability/logger.ts';
import type { NotifySource } from './bus.ts';

// Where a process hears NOTIFYs (decision 0081): PGlite's listen in the single-process default, a
// dedicated PostgreSQL connection (not one of the pool's, which come and go) on a server.

const RECONNECT_MS = [250, 1_000, 5_000]; // then every 5 s while the server is away

export function pgliteNotifySource(pglite: PGlite): NotifySource {
  return async (channel, onNotify) => {
    const unlisten = await pglite.listen(channel, () => onNotify());
    return async () => {
      if (!pglite.closed) await unlisten();
    };
  };
}

/**
 * LISTEN on a connection of its own, reconnecting after an error or a server restart; every
 * (re)connection calls onNotify once, so what was committed while it was away is read at once.
 */
export function postgresNotifySource(connectionString: string): NotifySource {
  return async (channel, onNotify) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString });
      c.on('notification', () => onNotify());
      c.on('error', () => reconnect(c));
      c.on('end', () => reconnect(c));
      try {
        await c.connect();
        await c.query(`listen ${channel}`);
      } catch (err) {
        reconnect(c);
        if (attempt === 1) processLog().error({ err: (err as Error).message }, 'event bus: LISTEN failed, retrying');
        return;
      }
      if (stopped) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      attempt = 0;
      onNotify();
    };
    const reconnect = (c: pg.Client) => {
      if (stopped || (client !== null && client !== c) || retry) return;
      client = null;
      c.removeAllListeners('end');
      void c.end().catch(() => {});
      const wait = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]!;
      attempt += 1;
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, wait);
      retry.unref?.();
    };
    await connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client as pg.Client | null;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => {});
      }
    };
  };
}

/** The source for an opened database: PGlite's own, or a LISTEN connection to `databaseUrl`. */
export function notifySourceFor(database: OpenDatabase, databaseUrl: string | undefined): NotifySource {
  if (database.pglite) return pgliteNotifySource(database.pglite);
  if (!databaseUrl) throw new Error('A PostgreSQL database needs its URL to LISTEN');
  return postgresNotifySource(databaseUrl);
}
