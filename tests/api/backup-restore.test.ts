import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app.ts';
import { bootDatabase } from '../../server/boot.ts';
import { testConfig } from '../../server/config.ts';
import { backupDatabase, BackupError, findPgTool, restoreDatabase } from '../../server/db/backup.ts';
import { OAUTH_CLIENTS } from '../../src/lib/brand.ts';
import { PRODUCTION_DELIVERY_ENV } from '../setup/message-stand-ins.ts';
import { DEMO_PASSWORD, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

// npm run db:backup / db:restore (server/db/backup.ts): a seeded database with one new note is backed
// up, restored into an empty target, a server started on it, and the note read back.

const NOTE = 'Backed up on a Sunday: the restore must bring this back.';
const dir = mkdtempSync(path.join(tmpdir(), 'porchlight-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server as main.ts starts one on the target (migrations checked and applied), asked for the note as staff. */
async function noteOnServerOver(target: { databaseUrl?: string; dataDir: string }): Promise<string[]> {
  const database = await bootDatabase(testConfig({ databaseUrl: target.databaseUrl, dataDir: target.dataDir }));
  try {
    const config = testConfig();
    const server: TestServer = {
      db: database.db,
      app: createApp({ db: database.db, config }),
      config,
      events: undefined as never,
      setNow: () => {},
      close: async () => {},
    };
    const admin = await signIn(server, 'admin@demo.test');
    const notes = await admin.get<{ content: { body: string }[] }>(
      '/agents-api/brokerNotes?brokerageId=1&pageSize=100',
    );
    expect(notes.status).toBe(200);
    return notes.body.content.map((n) => n.body);
  } finally {
    await database.close();
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function addNote(server: TestServer): Promise<void> {
  const admin = await signIn(server, 'admin@demo.test');
  expect((await admin.post('/agents-api/brokerNotes', { brokerageId: 1, body: NOTE })).status).toBe(201);
}

describe('backup and restore', () => {
  it('says clearly when pg_dump is not installed', () => {
    expect(() => findPgTool('pg_dump', { PATH: path.join(dir, 'no-bin') }, path.join(dir, 'no-postgresql'))).toThrow(
      /pg_dump was not found on PATH .*apt-get install postgresql-client/,
    );
  });

  it.runIf(process.env.TEST_DB !== 'postgres')(
    'a PGlite folder: backed up while its server serves, restored into an empty folder, served, refused over data without --force',
    async () => {
      // The seeded folder: the tests' seeded template restored (a restore too), served by a real server process.
      const source = path.join(dir, 'source');
      await restoreDatabase({ dataDir: source }, path.resolve('.tmp/test-template.tar'));
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          DATA_DIR: source,
          PORT: String(port),
          DEMO_MODE: 'false',
          PUBLIC_ORIGIN: 'https://console.example.com',
          STATIC_DIR: path.join(dir, 'none'),
          SHUTDOWN_GRACE_MS: '0',
          LOG_LEVEL: 'warn',
          ...PRODUCTION_DELIVERY_ENV,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      let gone = false;
      const exited = new Promise((resolve) =>
        child.on('exit', (code) => {
          gone = true;
          resolve(code);
        }),
      );
      const file = path.join(dir, 'pglite.backup');
      try {
        const base = `http://127.0.0.1:${port}`;
        for (
          let i = 0;
          i < 600 &&
          !gone &&
          !(await fetch(`${base}/readyz`).then(
            (r) => r.ok,
            () => false,
          ));
          i += 1
        )
          await new Promise((r) => setTimeout(r, 100));
        expect(gone, 'the server process exited before it was ready (its stderr is above)').toBe(false);
        const token = await fetch(`${base}/auth/oauth2.0/accessToken`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'password',
            username: 'admin@demo.test',
            password: DEMO_PASSWORD,
            client_id: OAUTH_CLIENTS.console,
          }),
        }).then((r) => r.json() as Promise<{ access_token: string }>);
        const added = await fetch(`${base}/agents-api/brokerNotes`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token.access_token}` },
          body: JSON.stringify({ brokerageId: 1, body: NOTE }),
        });
        expect(added.status).toBe(201);
        // The folder is the server's: the backup is taken by it, while it serves.
        expect(await backupDatabase({ dataDir: source }, file)).toContain(
          `by its running server (process ${child.pid})`,
        );
        expect((await fetch(`${base}/readyz`)).status).toBe(200);
      } finally {
        child.kill('SIGTERM');
        await exited;
      }

      const restored = path.join(dir, 'restored');
      expect(await restoreDatabase({ dataDir: restored }, file)).toContain(`into ${restored}`);
      expect(await noteOnServerOver({ dataDir: restored })).toContain(NOTE);
      await expect(restoreDatabase({ dataDir: restored }, file)).rejects.toThrow(
        /holds data: restore into an empty folder, or add --force/,
      );
    },
    90_000,
  );

  describe.runIf(process.env.TEST_DB === 'postgres')('on PostgreSQL', () => {
    let server: TestServer;
    let sourceUrl: string;
    const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    const created: string[] = [];
    const emptyDatabase = async (): Promise<string> => {
      const name = `porchlight_restore_${process.pid}_${created.length}_${Date.now()}`;
      const c = admin();
      await c.connect();
      try {
        await c.query(`create database ${name}`);
      } finally {
        await c.end();
      }
      created.push(name);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      return url.toString();
    };
    beforeAll(async () => {
      server = await startTestServer();
      const name = (await sql<{ db: string }>`select current_database() as db`.execute(server.db)).rows[0]!.db;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      sourceUrl = url.toString();
    });
    afterAll(async () => {
      await server.close();
      const c = admin();
      await c.connect();
      try {
        for (const name of created) await c.query(`drop database if exists ${name}`);
      } finally {
        await c.end();
      }
    });

    it('a database backed up with pg_dump is restored into an empty one and served; over data only with --force', async () => {
      await addNote(server);
      const file = path.join(dir, 'postgres.backup');
      await backupDatabase({ databaseUrl: sourceUrl, dataDir: '' }, file);
      const target = await emptyDatabase();
      expect(await restoreDatabase({ databaseUrl: target, dataDir: '' }, file)).toBe(
        `restored ${file} into the PostgreSQL database`,
      );
      expect(await noteOnServerOver({ databaseUrl: target, dataDir: '' })).toContain(NOTE);
      await expect(restoreDatabase({ databaseUrl: target, dataDir: '' }, file)).rejects.toThrow(/holds data/);
      expect(await restoreDatabase({ databaseUrl: target, dataDir: '' }, file, { force: true })).toContain('restored');
      expect(await noteOnServerOver({ databaseUrl: target, dataDir: '' })).toContain(NOTE);
    }, 90_000);

    it('refuses a backup taken by newer code, before touching the target', async () => {
      await server.db
        .insertInto('schema_migrations')
        .values({ name: '999_from_the_future.sql', checksum: 'x' })
        .execute();
      const file = path.join(dir, 'future.backup');
      try {
        await backupDatabase({ databaseUrl: sourceUrl, dataDir: '' }, file);
      } finally {
        await server.db.deleteFrom('schema_migrations').where('name', '=', '999_from_the_future.sql').execute();
      }
      const target = await emptyDatabase();
      await expect(restoreDatabase({ databaseUrl: target, dataDir: '' }, file)).rejects.toThrow(BackupError);
      await expect(restoreDatabase({ databaseUrl: target, dataDir: '' }, file)).rejects.toThrow(
        /newer version .*999_from_the_future\.sql/,
      );
      const c = new pg.Client({ connectionString: target });
      await c.connect();
      try {
        expect((await c.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0].n).toBe(
          0,
        );
      } finally {
        await c.end();
      }
    });

    it('refuses a file that is not a backup', async () => {
      const file = path.join(dir, 'not-a-backup');
      writeFileSync(file, 'hello');
      await expect(restoreDatabase({ databaseUrl: await emptyDatabase(), dataDir: '' }, file)).rejects.toThrow(
        /pg_restore failed/,
      );
    });
  });
});
