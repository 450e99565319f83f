import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/schema.ts';
import { route } from '../../server/http/route.ts';
import { countRelayOutcome } from '../../server/messages/relay-totals.ts';
import { createLogger } from '../../server/observability/logger.ts';
import { countPushSend } from '../../server/observability/metrics.ts';
import { Lifecycle } from '../../server/observability/probes.ts';
import { OAUTH_CLIENTS } from '../../src/lib/brand.ts';
import { call, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

// Operating Porchlight: the probes, the metrics and the request log (README "Operating Porchlight").

const METRICS_TOKEN = 'scrape-token-0123456789';
let server: TestServer;
/** The same database behind an app as main.ts builds it: metrics on, a drain state, the log captured. */
let ops: TestServer;
let lines: string[] = [];
const lifecycle = new Lifecycle();
const pool =
  process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL
    ? new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 })
    : undefined;

beforeAll(async () => {
  server = await startTestServer();
  const logger = createLogger({
    level: 'info',
    destination: {
      write: (line: string) => {
        lines.push(line);
      },
    },
  });
  // With the console's routes mounted, as main.ts does (their catch-all must not take the probes' labels).
  const config = testConfig({ metricsToken: METRICS_TOKEN, staticDir: path.join(tmpdir(), 'porchlight-no-console') });
  const app = createApp({
    db: server.db,
    config,
    events: server.events,
    logger,
    lifecycle,
    pool,
    statements: server.statements,
    serveConsole: true,
  });
  ops = { ...server, app };
});
afterAll(async () => {
  await pool?.end();
  await server.close();
});

const scrape = async (token = METRICS_TOKEN) => call<string>(ops, 'GET', '/metrics', { token });
const seriesOf = (text: string, family: string) =>
  text.split('\n').filter((l) => l.startsWith(`${family}{`) || l.startsWith(`${family} `));
const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the probes', () => {
  it('answer 200 while the process runs and the database is ready, uncached and without sign-in', async () => {
    const health = await call(ops, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    expect(health.headers.get('Cache-Control')).toBe('no-store');
    const ready = await call(ops, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers.get('Cache-Control')).toBe('no-store');
  });

  it('readiness answers 503 from the moment the drain starts, while health stays 200', async () => {
    lifecycle.draining = true;
    try {
      const ready = await call(ops, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', reason: 'shutting down' });
      expect((await call(ops, 'GET', '/healthz')).status).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });

  it('readiness answers 503 with a migration missing and with the database closed; health does not ask the database', async () => {
    const missing = await server.db
      .deleteFrom('schema_migrations')
      .where('name', '=', '043_operations.sql')
      .returningAll()
      .executeTakeFirstOrThrow();
    try {
      expect(await call(ops, 'GET', '/readyz')).toMatchObject({
        status: 503,
        body: { status: 'unavailable', reason: '1 migration(s) not applied' },
      });
    } finally {
      await server.db.insertInto('schema_migrations').values(missing).execute();
    }
    // A database handle that has been closed (what a process sees after its database went away).
    const closed = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }) }),
    });
    await closed.destroy();
    const app = createApp({ db: closed, config: testConfig() });
    expect(await call({ ...server, app }, 'GET', '/readyz')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: 'the database is not reachable' },
    });
    expect((await call({ ...server, app }, 'GET', '/healthz')).status).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN, and refuses a wrong or missing token', async () => {
    expect((await call(server, 'GET', '/metrics', { token: METRICS_TOKEN })).status).toBe(404);
    expect((await scrape('not-the-token')).status).toBe(401);
    expect((await call(ops, 'GET', '/metrics')).status).toBe(401);
  });

  it('answers the families in Prometheus text format, the requests labelled by route pattern', async () => {
    const broker = await signIn(ops, 'broker@demo.test');
    expect((await broker.get('/agents-api/brokerages/1/stats')).status).toBeLessThan(500);
    await call(ops, 'GET', '/agents-api/no-such-path/17');
    await call(ops, 'GET', '/healthz');
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/plain');
    const text = res.body;
    for (const family of [
      'http_request_duration_seconds',
      'porchlight_outbox_messages',
      'porchlight_sse_streams',
      'porchlight_event_bus_lag',
      'porchlight_push_sends_total',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
    if (pool)
      for (const family of ['porchlight_db_pool_in_use', 'porchlight_db_pool_waiting'])
        expect(text).toContain(`# TYPE ${family} gauge`);
    if (server.statements) {
      // The demo's requests repeat their statements: most of them run named (prepared) on PostgreSQL.
      expect(text).toContain('# TYPE porchlight_db_statements_total counter');
      expect(text).toMatch(/porchlight_db_statements_total\{kind="prepared"\} [1-9]/);
      expect(text).toMatch(/porchlight_db_statements_total\{kind="unnamed"\} [1-9]/);
      expect(text).toMatch(/porchlight_db_connections_retired_total \d+/);
    }
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/agents-api\/brokerages\/:id\/stats",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/auth\/oauth2.0\/accessToken",status="200"\} [1-9]/,
    );
    expect(text).toContain('route="(unmatched)"');
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} [1-9]/);
    expect(text).not.toContain('/agents-api/brokerages/1/');
    expect(text).not.toContain('no-such-path');
    expect(text).toMatch(/porchlight_push_sends_total\{result="sent"\} \d+/);
    expect(text).toMatch(/porchlight_event_bus_lag \d+/);
  });

  it('counts Web Push sends by result', async () => {
    const failed = () =>
      scrape().then((r) => Number(/porchlight_push_sends_total\{result="failed"\} (\d+)/.exec(r.body)?.[1]));
    const before = await failed();
    countPushSend('failed');
    expect(await failed()).toBe(before + 1);
  });

  it('counts what the outbox relay did by channel and outcome (sent, retried, dead), every series present from the start', async () => {
    const text = (await scrape()).body;
    expect(text).toContain('# TYPE porchlight_messages_relayed_total counter');
    for (const channel of ['EMAIL', 'SMS'])
      for (const outcome of ['sent', 'retried', 'dead']) {
        expect(text).toMatch(
          new RegExp(`porchlight_messages_relayed_total\\{channel="${channel}",outcome="${outcome}"\\} \\d+`),
        );
      }
    const dead = () =>
      scrape().then((r) =>
        Number(/porchlight_messages_relayed_total\{channel="SMS",outcome="dead"\} (\d+)/.exec(r.body)?.[1]),
      );
    const before = await dead();
    countRelayOutcome('SMS', 'dead');
    expect(await dead()).toBe(before + 1);
  });

  it('counts messages in the outbox by channel and status', async () => {
    await server.db
      .insertInto('outbox')
      .values([
        { channel: 'SMS', recipient: '+15550109999', body: 'one', status: 'dead' },
        { channel: 'SMS', recipient: '+15550109999', body: 'two', status: 'dead' },
      ])
      .execute();
    const dead = await server.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel', '=', 'SMS')
      .where('status', '=', 'dead')
      .executeTakeFirstOrThrow();
    expect((await scrape()).body).toContain(
      `porchlight_outbox_messages{channel="SMS",status="dead"} ${Number(dead.n)}`,
    );
  });

  it('adds no series for 1,000 requests to 1,000 different ids', async () => {
    const hit = (i: number) =>
      Promise.all([
        call(ops, 'GET', `/agents-api/brokerages/${i}/stats`),
        call(ops, 'GET', `/agents-api/nothing-here/${i}`),
        call(ops, 'GET', `/console/nothing-here/${i}`),
      ]);
    await hit(0);
    const before = seriesOf((await scrape()).body, 'http_request_duration_seconds_bucket').length;
    for (let i = 1; i <= 1000; i += 1) await hit(i);
    const after = (await scrape()).body;
    expect(seriesOf(after, 'http_request_duration_seconds_bucket').length).toBe(before);
    expect(after).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/agents-api\/brokerages\/:id\/stats",status="401"\} 1001/,
    );
    expect(after).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\(unmatched\)",status="404"\} 100[12]/,
    );
    expect(after).toMatch(/http_request_duration_seconds_count\{method="GET",route="\(console\)",status="404"\} 1001/);
  });
});

describe('the request log', () => {
  it('holds no password, one-time code, token or Authorization header of sign-ins, refreshes and failed sign-ins', async () => {
    lines = [];
    // By password, refreshed, then used.
    const broker = await signIn(ops, 'broker@demo.test');
    const refreshed = await call<{ access_token: string; refresh_token: string }>(
      ops,
      'POST',
      '/auth/oauth2.0/accessToken',
      {
        form: { grant_type: 'refresh_token', refresh_token: broker.refreshToken, client_id: OAUTH_CLIENTS.console },
      },
    );
    expect(refreshed.status).toBe(200);
    expect((await call(ops, 'GET', '/users-api/users/me', { token: refreshed.body.access_token })).status).toBe(200);
    // A failed sign-in.
    const wrongPassword = 'Wrong-pass-77';
    expect(
      (
        await call(ops, 'POST', '/auth/oauth2.0/accessToken', {
          form: {
            grant_type: 'password',
            username: 'admin@demo.test',
            password: wrongPassword,
            client_id: OAUTH_CLIENTS.console,
          },
        })
      ).status,
    ).toBe(400);
    // By a one-time code sent to the phone.
    const verifier = randomBytes(32).toString('base64url');
    const params = {
      response_type: 'code',
      client_id: OAUTH_CLIENTS.agent,
      redirect_uri: 'http://agents.localhost:5173/login',
      state: 's',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    };
    const phone = '+15550100001';
    const page = await call<string>(ops, 'POST', '/auth/oauth2.0/authorize', {
      form: { step: 'phone', phone, ...params },
    });
    const sms = await server.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
    const done = await call(ops, 'POST', '/auth/oauth2.0/authorize', {
      form: { step: 'code', otp_ref: /name="otp_ref" value="([^"]+)"/.exec(page.body)![1]!, code },
    });
    expect(done.status).toBe(302);
    const authCode = new URL(done.headers.get('Location')!).searchParams.get('code')!;
    const agentTokens = await call<{ access_token: string; refresh_token: string }>(
      ops,
      'POST',
      '/auth/oauth2.0/accessToken',
      {
        form: {
          grant_type: 'authorization_code',
          client_id: OAUTH_CLIENTS.agent,
          code: authCode,
          code_verifier: verifier,
          redirect_uri: params.redirect_uri,
        },
      },
    );
    expect(agentTokens.status).toBe(200);

    const log = lines.join('');
    expect(log).toContain('"route":"/auth/oauth2.0/accessToken"');
    const secrets = [
      DEMO_PASSWORD,
      wrongPassword,
      code,
      authCode,
      verifier,
      broker.token,
      broker.refreshToken,
      refreshed.body.access_token,
      refreshed.body.refresh_token,
      agentTokens.body.access_token,
      agentTokens.body.refresh_token,
    ];
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/bearer/i);
    expect(log).not.toMatch(/authorization/i);
    // The signed-in call's line names its user, by id only.
    const me = logged().find((l) => l.route === '/users-api/users/me');
    expect(me).toMatchObject({ level: 30, method: 'GET', status: 200, msg: 'request' });
    expect(me!.userId).toEqual(expect.any(Number));
    expect(me!.ms).toEqual(expect.any(Number));
    expect(me!.time).toEqual(expect.any(String));
  });

  it('logs an unexpected error once, with its stack and the request id, before the request line', async () => {
    const captured: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: {
        write: (l: string) => {
          captured.push(l);
        },
      },
    });
    const boom = route({
      method: 'GET',
      path: '/agents-api/boom/:id',
      policy: 'public',
      handler: () => {
        throw new Error('the disk is on fire');
      },
    });
    const app = createApp({ db: server.db, config: testConfig(), logger, routes: [boom] });
    const res = await call({ ...server, app }, 'GET', '/agents-api/boom/7', { headers: { 'X-Request-Id': 'r-9' } });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('disk');
    const lines = captured.map(
      (l) =>
        JSON.parse(l) as {
          level: number;
          reqId?: string;
          err?: { message: string; stack: string };
          route?: string;
          status?: number;
        },
    );
    expect(lines.filter((l) => l.level >= 50)).toEqual([
      expect.objectContaining({
        reqId: 'r-9',
        err: expect.objectContaining({
          message: 'the disk is on fire',
          stack: expect.stringContaining('Error: the disk is on fire\n    at '),
        }),
      }),
    ]);
    expect(lines.at(-1)).toMatchObject({ reqId: 'r-9', route: '/agents-api/boom/:id', status: 500 });
  });

  it('censors secrets inside any object a line is given', () => {
    const captured: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: {
        write: (l: string) => {
          captured.push(l);
        },
      },
    });
    logger.info(
      {
        password: 'p4ss',
        form: { code: '123456', refresh_token: 'rt' },
        headers: { authorization: 'Bearer x', cookie: 'c=1' },
        message: { body: 'hello' },
      },
      'x',
    );
    expect(captured.join('')).not.toMatch(/p4ss|123456|"rt"|Bearer x|c=1|hello/);
  });

  it("takes a valid X-Request-Id, returns it and puts it on the request's line; makes one otherwise", async () => {
    lines = [];
    const given = await call(ops, 'GET', '/healthz', { headers: { 'X-Request-Id': 'r-1' } });
    expect(given.headers.get('X-Request-Id')).toBe('r-1');
    expect(logged()).toContainEqual(expect.objectContaining({ reqId: 'r-1', route: '/healthz', status: 200 }));
    for (const bad of ['', 'has space', 'x'.repeat(129), 'é']) {
      const res = await call(ops, 'GET', '/healthz', { headers: { 'X-Request-Id': bad } });
      expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const refused = await call(ops, 'GET', '/users-api/users/me', { headers: { 'X-Request-Id': 'r-2' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('X-Request-Id')).toBe('r-2');
  });
});
