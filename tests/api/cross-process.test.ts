// Several API processes on one PostgreSQL: three started at once on an empty database
// all serve it, migrated and seeded once; every piece of shared state (tokens, refresh families,
// throttling, idempotency keys, logout) holds across processes. Runs in the api-pg project only
// (a PostgreSQL server: TEST_DATABASE_URL). A logout on one process is refused on the others within
// AUTH_CACHE_MS (the authentication cache's bound, server/auth/token-cache.ts), set here to 1 s.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { withPgClient } from '../setup/test-server.ts';
import { readStream } from './events-sse.ts';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && !!url;
const PASSWORD = 'Demo-pass-1';
const AUTH_CACHE_MS = 1000;

interface Proc {
  child: ChildProcess;
  port: number;
  out: string;
}
const procs: Proc[] = [];
let dbName = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const admin = <T>(run: (c: pg.Client) => Promise<T>) => withPgClient(url!, run);

beforeAll(async () => {
  if (!onPostgres) return;
  dbName = `porchlight_xproc_${process.pid}_${Date.now()}`;
  await admin((c) => c.query(`create database ${dbName}`));
  const target = new URL(url!);
  target.pathname = `/${dbName}`;
  for (let i = 0; i < 3; i += 1) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: target.toString(),
        PORT: String(port),
        DEMO_MODE: 'true',
        STATIC_DIR: '.tmp/no-console',
        AUTH_CACHE_MS: String(AUTH_CACHE_MS),
        SHUTDOWN_GRACE_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const p: Proc = { child, port, out: '' };
    child.stdout!.on('data', (d: Buffer) => {
      p.out += d.toString();
    });
    child.stderr!.on('data', (d: Buffer) => {
      p.out += d.toString();
    });
    procs.push(p);
  }
  const end = Date.now() + 170_000;
  while (!procs.every((p) => p.out.includes('console and API on'))) {
    if (Date.now() > end || procs.some((p) => p.child.exitCode !== null))
      throw new Error(procs.map((p) => p.out).join('\n---\n'));
    await new Promise((r) => setTimeout(r, 200));
  }
}, 180_000);

afterAll(async () => {
  for (const p of procs) p.child.kill('SIGTERM');
  await Promise.all(
    procs.map((p) => new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.on('exit', r)))),
  );
  if (dbName) await admin((c) => c.query(`drop database if exists ${dbName}`));
}, 60_000);

const at = (i: number) => `http://127.0.0.1:${procs[i]!.port}`;
async function token(i: number, form: Record<string, string>) {
  const res = await fetch(`${at(i)}/auth/oauth2.0/accessToken`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as { access_token: string; refresh_token: string } };
}
const password = (i: number, username: string, pass = PASSWORD, client = 'porchlight-console') =>
  token(i, { grant_type: 'password', username, password: pass, client_id: client });
async function api(
  i: number,
  method: string,
  path: string,
  bearer: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${at(i)}${path}`, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

describe.runIf(onPostgres)('three API processes on one PostgreSQL', () => {
  it('all serve a database they migrated and seeded once', async () => {
    const counts = await admin(async (c) => {
      await c.query(`select 1`);
      const t = new pg.Client({ connectionString: url!.replace(/\/[^/]*$/, `/${dbName}`) });
      await t.connect();
      try {
        const m = await t.query('select count(*)::int as n, count(distinct name)::int as d from schema_migrations');
        const u = await t.query(`select count(*)::int as n from users where email = 'admin@demo.test'`);
        return { migrations: m.rows[0], admins: u.rows[0].n };
      } finally {
        await t.end();
      }
    });
    expect(counts.migrations.n).toBe(counts.migrations.d);
    expect(counts.admins).toBe(1);
    expect(procs.filter((p) => p.out.includes('seeded demo data'))).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${at(i)}/robots.txt`)).status).toBe(200);
  });

  it('accepts a token issued by one process on the others', async () => {
    const signed = await password(0, 'manager@demo.test');
    expect(signed.status).toBe(200);
    for (const i of [1, 2])
      expect((await api(i, 'GET', '/users-api/users/me', signed.body.access_token)).body.email).toBe(
        'manager@demo.test',
      );
  });

  it('answers the previous refresh token once more on another process, and revokes the whole family everywhere at its third use', async () => {
    const signed = await password(0, 'supervisor@demo.test');
    const rotated = await token(1, {
      grant_type: 'refresh_token',
      refresh_token: signed.body.refresh_token,
      client_id: 'porchlight-console',
    });
    expect(rotated.status).toBe(200);
    const graced = await token(2, {
      grant_type: 'refresh_token',
      refresh_token: signed.body.refresh_token,
      client_id: 'porchlight-console',
    });
    expect(graced.body.refresh_token).toBe(rotated.body.refresh_token);
    const reused = await token(0, {
      grant_type: 'refresh_token',
      refresh_token: signed.body.refresh_token,
      client_id: 'porchlight-console',
    });
    expect(reused.status).toBe(400);
    for (const i of [0, 1, 2])
      expect((await api(i, 'GET', '/users-api/users/me', rotated.body.access_token)).status).toBe(401);
  });

  it('counts sign-in failures across processes', async () => {
    for (let n = 0; n < 5; n += 1) expect((await password(n % 2, 'qa@demo.test', 'wrong-Pass-1')).status).toBe(400);
    expect((await password(2, 'qa@demo.test')).status).toBe(429);
  });

  it('applies an idempotent agent write replayed on another process once', async () => {
    const agent = await password(0, '+15550100001', PASSWORD, 'porchlight-agent');
    const me = await api(0, 'GET', '/users-api/users/me', agent.body.access_token);
    const list = await api(
      0,
      'GET',
      `/agents-api/agents/${me.body.agentId}/referrals?pageSize=100`,
      agent.body.access_token,
    );
    const ref = (list.body.content as { id: number }[])[0]!.id;
    const key = { 'Idempotency-Key': `xproc-${Date.now()}` };
    const first = await api(
      0,
      'POST',
      `/agents-api/agents/${me.body.agentId}/referrals/${ref}/notes`,
      agent.body.access_token,
      { text: 'Cross-process note' },
      key,
    );
    const again = await api(
      1,
      'POST',
      `/agents-api/agents/${me.body.agentId}/referrals/${ref}/notes`,
      agent.body.access_token,
      { text: 'Cross-process note' },
      key,
    );
    expect(first.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('refuses a token on its own process at once and on every other within the stated bound after a logout', async () => {
    const signed = await password(1, 'csr@demo.test');
    // Each process has the token in its authentication cache before the logout.
    for (const i of [0, 1, 2])
      expect((await api(i, 'GET', '/users-api/users/me', signed.body.access_token)).status).toBe(200);
    expect((await api(1, 'GET', '/auth/logout', signed.body.access_token)).status).toBe(204);
    expect((await api(1, 'GET', '/users-api/users/me', signed.body.access_token)).status).toBe(401);
    await new Promise((r) => setTimeout(r, AUTH_CACHE_MS + 50));
    for (const i of [0, 2])
      expect((await api(i, 'GET', '/users-api/users/me', signed.body.access_token)).status).toBe(401);
  });

  it('delivers a change made through one process to a live stream held on another within 2 s, and to no other tenant', async () => {
    const [broker, basic] = await Promise.all([password(0, 'broker@demo.test'), password(0, 'broker.basic@demo.test')]);
    const listen = async (i: number, bearer: string) => {
      const res = await fetch(`${at(i)}/events`, {
        headers: { Authorization: `Bearer ${bearer}`, Accept: 'text/event-stream' },
      });
      expect(res.status).toBe(200);
      return readStream(res);
    };
    const [onOne, onTwo, otherTenant] = await Promise.all([
      listen(1, broker.body.access_token),
      listen(2, broker.body.access_token),
      listen(2, basic.body.access_token),
    ]);
    try {
      const list = await api(0, 'GET', '/agents-api/broker-referrals?pageSize=1', broker.body.access_token);
      const ref = (list.body.content as { id: number }[])[0]!.id;
      const sent = Date.now();
      expect(
        (
          await api(0, 'POST', `/agents-api/broker-referrals/${ref}/notes`, broker.body.access_token, {
            text: 'Heard on every process',
          })
        ).status,
      ).toBe(201);
      const mine = (e: { type: string; payload: Record<string, unknown> }) =>
        e.type === 'REFERRAL_NOTE_ADDED' && e.payload.referralId === ref;
      const [a, b] = await Promise.all([onOne.next(mine, 2_000), onTwo.next(mine, 2_000)]);
      expect(a.id).toBe(b.id);
      expect(Date.now() - sent).toBeLessThan(2_000);
      // A later change the other brokerage's admin may see arrives; the first never did.
      const theirs = await api(0, 'GET', '/agents-api/broker-referrals?pageSize=1', basic.body.access_token);
      const theirRef = (theirs.body.content as { id: number }[])[0]!.id;
      expect(
        (
          await api(1, 'POST', `/agents-api/broker-referrals/${theirRef}/notes`, basic.body.access_token, {
            text: 'Maple only',
          })
        ).status,
      ).toBe(201);
      await otherTenant.next((e) => e.payload.referralId === theirRef, 2_000);
      expect(otherTenant.events.some(mine)).toBe(false);
    } finally {
      await Promise.all([onOne.close(), onTwo.close(), otherTenant.close()]);
    }
  });

  it('a stream on another process stops hearing a brokerage within 2 s of its user losing BROKERAGE_ADMIN, and ends within 2 s of a logout', async () => {
    const [staff, broker, supplier] = await Promise.all([
      password(0, 'admin@demo.test'),
      password(0, 'broker@demo.test'),
      password(2, 'supplier@demo.test'),
    ]);
    const listen = async (i: number, bearer: string) => {
      const res = await fetch(`${at(i)}/events`, {
        headers: { Authorization: `Bearer ${bearer}`, Accept: 'text/event-stream' },
      });
      expect(res.status).toBe(200);
      return readStream(res);
    };
    const [theirs, witness] = await Promise.all([
      listen(2, supplier.body.access_token),
      listen(2, broker.body.access_token),
    ]);
    try {
      const me = await api(2, 'GET', '/users-api/users/me', supplier.body.access_token);
      const roles = await api(0, 'GET', '/users-api/userRoles', staff.body.access_token);
      const role = (roles.body as { id: number; name: string }[]).find((r) => r.name === 'BROKERAGE_ADMIN')!;
      const list = await api(1, 'GET', '/agents-api/broker-referrals?pageSize=1', broker.body.access_token);
      const ref = (list.body.content as { id: number }[])[0]!.id;
      const onRef = (e: { type: string; payload: Record<string, unknown> }) =>
        e.type === 'REFERRAL_NOTE_ADDED' && e.payload.referralId === ref;
      expect(
        (
          await api(1, 'POST', `/agents-api/broker-referrals/${ref}/notes`, broker.body.access_token, {
            text: 'Before',
          })
        ).status,
      ).toBe(201);
      await theirs.next(onRef, 2_000);
      const heardBefore = theirs.events.length;
      const removed = Date.now();
      expect(
        (await api(0, 'DELETE', `/users-api/users/${me.body.id}/roles/${role.id}`, staff.body.access_token)).status,
      ).toBe(200);
      expect(
        (await api(1, 'POST', `/agents-api/broker-referrals/${ref}/notes`, broker.body.access_token, { text: 'After' }))
          .status,
      ).toBe(201);
      // The witness on the same process hears the later note; the stream that lost the role dealt with the removal first.
      await witness.next((e) => onRef(e) && witness.events.filter(onRef).length >= 2, 2_000);
      expect(Date.now() - removed).toBeLessThan(2_000);
      expect(theirs.events.length).toBe(heardBefore);
      const loggedOut = Date.now();
      expect((await api(0, 'GET', '/auth/logout', supplier.body.access_token)).status).toBe(204);
      await Promise.race([
        theirs.ended,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the stream did not end within 2 s')), 2_000)),
      ]);
      expect(Date.now() - loggedOut).toBeLessThan(2_000);
    } finally {
      await Promise.all([theirs.close(), witness.close()]);
    }
  });
});
