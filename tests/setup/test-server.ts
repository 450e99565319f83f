import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

import { createApp } from '../../server/app.ts';
import { testConfig, type Config } from '../../server/config.ts';
import { BytesBlob } from '../../server/db/bytes-blob.ts';
import { openDatabase, type Db, type OpenDatabase } from '../../server/db/database.ts';
import type { StatementCounts } from '../../server/db/statement-cache.ts';
import { EventBus } from '../../server/events/bus.ts';
import { notifySourceFor } from '../../server/events/notify-source.ts';
import { OAUTH_CLIENTS } from '../../src/lib/brand.ts';
import { PG_TEMPLATE_DB } from './pg-template.ts';

export const DEMO_PASSWORD = 'Demo-pass-1';
export const DEMO_AGENT_PHONE = '+15550100001';

/** A demo brokerage's id by its name (the demo data contract names them: "Harbor Point Realty", ...). */
export async function brokerageIdByName(db: Db, name: string): Promise<number> {
  return (await db.selectFrom('brokerages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** One connection to a PostgreSQL server for `run`, closed after it (creating and dropping test databases). */
export async function withPgClient<T>(connectionString: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

export interface TestServer {
  db: Db;
  app: ReturnType<typeof createApp>;
  /** The app's event bus (server/events/bus.ts), as a server process runs one. */
  events: EventBus;
  /** The configuration the app runs with. */
  config: Config;
  /** The prepared statements' counts on a PostgreSQL server (server/db/statement-cache.ts). */
  statements?: StatementCounts | undefined;
  /** Moves the server's clock (token expiry, overdue rules) for a test; undefined gives it the real clock back. */
  setNow(now: Date | undefined): void;
  close(): Promise<void>;
}

// The seeded template's dump (tests/setup/global-setup.ts), read once per worker: the files of a worker
// share this module (vitest.config.ts, isolate: false), and each starts its database from it.
let template: Uint8Array | undefined;
const templateBytes = () => (template ??= readFileSync(path.resolve('.tmp/test-template.tar')));

/**
 * A fresh copy of the seeded demo database and the API app over it, in process: PGlite by
 * default; a new database cloned from the seeded template on a PostgreSQL server in the
 * `api-pg` test project (TEST_DB=postgres, TEST_DATABASE_URL).
 */
export async function startTestServer(
  options: { authCacheMs?: number; config?: Partial<Config> } = {},
): Promise<TestServer> {
  const database: OpenDatabase & { url?: string } =
    process.env.TEST_DB === 'postgres'
      ? await clonePostgresTemplate()
      : await openDatabase({ loadDataDir: new BytesBlob(templateBytes()) });
  let now: Date | undefined;
  const config = testConfig({
    ...(options.authCacheMs === undefined ? {} : { authCacheMs: options.authCacheMs }),
    ...options.config,
  });
  const events = await new EventBus(database.db).start(notifySourceFor(database, database.url));
  const app = createApp({ db: database.db, config, events, now: () => now ?? new Date() });
  return {
    db: database.db,
    app,
    events,
    config,
    statements: database.statements?.counts,
    setNow: (d) => (now = d),
    close: async () => {
      await events.stop();
      await database.close();
    },
  };
}

/** CREATE DATABASE ... TEMPLATE: a copy of the seeded template in a fraction of a second. */
async function clonePostgresTemplate() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `porchlight_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withPgClient(url, (admin) => admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return {
    ...database,
    url: target.toString(),
    close: async () => {
      await database.close();
      await withPgClient(url, (c) => c.query(`drop database if exists ${name}`));
    },
  };
}

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Caller {
  token: string;
  refreshToken: string;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<ApiResult<T>>;
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResult<T>>;
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResult<T>>;
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResult<T>>;
  delete<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResult<T>>;
}

export async function call<T = any>(
  server: TestServer,
  method: string,
  url: string,
  init: { token?: string; body?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers['Authorization'] = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await server.app.request(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** Signs in a demo identity with the password grant and returns a caller bound to its token. */
export async function signIn(server: TestServer, username: string, password = DEMO_PASSWORD): Promise<Caller> {
  const clientId = username.startsWith('+') || /^\(?\d/.test(username) ? OAUTH_CLIENTS.agent : OAUTH_CLIENTS.console;
  const res = await call<{ access_token: string; refresh_token: string }>(
    server,
    'POST',
    '/auth/oauth2.0/accessToken',
    {
      form: { grant_type: 'password', username, password, client_id: clientId },
    },
  );
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return callerFor(server, res.body.access_token, res.body.refresh_token);
}

export function callerFor(server: TestServer, token: string, refreshToken = ''): Caller {
  const m = (method: string) => (url: string, body?: unknown, headers?: Record<string, string>) =>
    call(server, method, url, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
  return {
    token,
    refreshToken,
    get: (url, headers) => call(server, 'GET', url, { token, ...(headers ? { headers } : {}) }),
    post: m('POST'),
    put: m('PUT'),
    patch: m('PATCH'),
    delete: m('DELETE'),
  };
}
