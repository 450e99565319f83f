// Fit for production: migrations under a lock with checksums, one process per
// PGlite folder, a drained shutdown, a body size limit and a checked environment.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_BODY_BYTES } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { FolderLockedError, lockDataFolder } from '../../server/db/folder-lock.ts';
import { migrate, MigrationEditedError, withBootLock } from '../../server/db/migrate.ts';
import { PRODUCTION_DELIVERY_ENV } from '../setup/message-stand-ins.ts';
import { call, startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'porchlight-test-'));

describe('migrations', () => {
  it('record a checksum per migration and stop at one edited after it was applied', async () => {
    const { db, close } = await openDatabase({});
    try {
      expect((await migrate(db)).length).toBeGreaterThan(0);
      const rows = await db.selectFrom('schema_migrations').select(['name', 'checksum']).execute();
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum ?? ''))).toBe(true);
      expect(await migrate(db)).toEqual([]);
      await db
        .updateTable('schema_migrations')
        .set({ checksum: 'f'.repeat(64) })
        .where('name', '=', '001_core.sql')
        .execute();
      await expect(migrate(db)).rejects.toThrow(MigrationEditedError);
      await expect(migrate(db)).rejects.toThrow(/Migration 001_core\.sql was changed after it was applied/);
      // A database migrated before checksums existed is trusted once and recorded.
      await db.updateTable('schema_migrations').set({ checksum: null }).execute();
      expect(await migrate(db)).toEqual([]);
      expect(
        await db.selectFrom('schema_migrations').select('checksum').where('checksum', 'is', null).execute(),
      ).toEqual([]);
    } finally {
      await close();
    }
  }, 30_000);

  it('run under the boot lock, which is released afterwards', async () => {
    const { db, close } = await openDatabase({});
    try {
      const held = await withBootLock(
        db,
        async (conn) =>
          (
            await conn
              .selectFrom('pg_locks' as never)
              .select('objid' as never)
              .where('locktype' as never, '=', 'advisory' as never)
              .execute()
          ).length,
      );
      expect(held).toBe(1);
      const after = await db
        .selectFrom('pg_locks' as never)
        .select('objid' as never)
        .where('locktype' as never, '=', 'advisory' as never)
        .execute();
      expect(after).toHaveLength(0);
    } finally {
      await close();
    }
  }, 30_000);
});

describe('a PGlite data folder belongs to one process', () => {
  it('refuses a second owner while the first runs, and takes over a lock left by a dead process', () => {
    const dir = tempDir();
    try {
      const release = lockDataFolder(dir);
      expect(() => lockDataFolder(dir, process.pid + 1)).toThrow(FolderLockedError);
      expect(() => lockDataFolder(dir, process.pid + 1)).toThrow(`in use by process ${process.pid}`);
      release();
      writeFileSync(path.join(dir, 'porchlight.lock'), '2147483646'); // no such process
      const again = lockDataFolder(dir);
      expect(readFileSync(path.join(dir, 'porchlight.lock'), 'utf8')).toBe(String(process.pid));
      again();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('request bodies', () => {
  it('answers a body over the limit with 413 and the JSON error body, without reading it all', async () => {
    const big = JSON.stringify({ emailAddress: 'a@b.example', pad: 'x'.repeat(MAX_BODY_BYTES + 10) });
    const res = await call(server, 'POST', '/users-api/users/passwordReset', { body: JSON.parse(big) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ status: 413, error: 'Payload Too Large', message: 'The request body is too large' });
  });
});

describe('the environment', () => {
  it.each([
    ['PORT', '0'],
    ['PORT', '70000'],
    ['SEED_SCALE', '0'],
    ['SEED_SCALE', '5000'],
    ['SEED_SCALE', '1.5'],
    ['LOG_LEVEL', 'loud'],
    ['METRICS_TOKEN', 'short'],
    ['SHUTDOWN_GRACE_MS', '5s'],
    ['RETAIN_EVENTS_DAYS', '0'],
    ['RETAIN_IDEMPOTENCY_HOURS', '-1'],
  ])('refuses %s=%s at start-up', (name, value) => {
    expect(() => loadConfig({ DEMO_MODE: 'true', [name]: value })).toThrow(new RegExp(`${name}: ${name} must`));
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

function startProcess(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a server process', () => {
  it('keeps a second process off its folder, and on SIGTERM fails readiness at once and finishes the request in flight before it exits', async () => {
    const dir = tempDir();
    const port = await freePort();
    const env = {
      DATA_DIR: dir,
      PORT: String(port),
      DEMO_MODE: 'false',
      PUBLIC_ORIGIN: 'https://console.example.com',
      STATIC_DIR: path.join(dir, 'none'),
      SHUTDOWN_GRACE_MS: '1000',
      ...PRODUCTION_DELIVERY_ENV,
    };
    const first = startProcess(env);
    try {
      await until(() => first.output().includes('console and API on'), 60_000);
      const second = startProcess({ ...env, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`is in use by process ${first.child.pid}`);

      // A reset answers after a 250 ms floor: the signal arrives while it is in flight.
      const inFlight = fetch(`http://127.0.0.1:${port}/users-api/users/passwordReset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ emailAddress: 'nobody@example.test' }),
      });
      await new Promise((r) => setTimeout(r, 60));
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      first.child.kill('SIGTERM');
      // The load balancer's notice: readiness fails at once, the process still answers during the grace.
      await until(() => first.output().includes('SIGTERM: draining'), 5_000);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect((await inFlight).status).toBe(204);
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('SIGTERM: draining in-flight requests');
      expect(() => readFileSync(path.join(dir, 'porchlight.lock'))).toThrow(); // released
    } finally {
      first.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
