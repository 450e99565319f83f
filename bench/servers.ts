// Helpers shared by the benchmarks that run API processes and load them (bench/api.ts,
// bench/processes.ts, bench/live-events.ts): a free port, a server process of bench/api-server.ts,
// the CPU time of a process, a seeded PostgreSQL database, and a throwaway PostgreSQL server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed/index.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Resolves when the child prints `word` on its stdout. */
export const said = (child: ChildProcess, word: string) =>
  new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      if (d.toString().includes(word)) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited ${code} before saying ${word}`)));
  });

/**
 * One server of bench/api-server.ts (`baseline` or `real`) on a free port, once it listens. Its
 * database is its own env's BENCH_DATABASE_URL (empty: the PGlite demo dump), never this process's.
 */
export async function startApiServer(
  mode: 'baseline' | 'real',
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-server.ts', mode, String(port)], {
    env: { ...process.env, BENCH_DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`${mode} server exited ${code ?? signal}`);
  });
  await said(child, 'ready');
  return { url: `http://127.0.0.1:${port}`, child };
}

export async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** An access token of a demo account (password grant). */
export const signIn = async (base: string, username = 'admin@demo.test') =>
  (
    await json<{ access_token: string }>(`${base}/auth/oauth2.0/accessToken`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username,
        password: 'Demo-pass-1',
        client_id: 'porchlight-console',
      }),
    })
  ).access_token;

/** CPU time (user + system, ms) a process has used: /proc/<pid>/stat, clock ticks of 10 ms. */
export const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** A new database on the PostgreSQL server of `serverUrl`, migrated; seeded with the demo seed unless `seeded` is false. */
export async function postgresDatabase(serverUrl: string, seeded = true): Promise<string> {
  const name = `porchlight_bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  if (seeded) {
    const { db, close } = await openDatabase({ databaseUrl: target.toString() });
    await migrate(db);
    await seed(db);
    await close();
  }
  return target.toString();
}

/**
 * A throwaway PostgreSQL server (scripts/test-postgres.sh, Debian's PostgreSQL 15) and its stop.
 * Stopped by its own data folder, not by .tmp/test-postgres.dir, which another run may have
 * rewritten since. No durability needed: a benchmark's data is thrown away.
 */
export function startThrowawayPostgres(options = '-c synchronous_commit=off -c shared_buffers=256MB'): {
  url: string;
  stop: () => void;
} {
  const run = spawnSync('bash', ['scripts/test-postgres.sh'], {
    cwd: ROOT,
    env: { ...process.env, TEST_PG_OPTIONS: options },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = run.stdout.toString().trim();
  const dir = /data in (\S+)\/data/.exec(run.stderr.toString())?.[1];
  if (run.status !== 0 || !url.startsWith('postgres://') || !dir)
    throw new Error(`could not start a throwaway PostgreSQL (scripts/test-postgres.sh): ${run.stderr.toString()}`);
  let stopped = false;
  return {
    url,
    stop: () => {
      if (stopped) return;
      stopped = true;
      const bin = spawnSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1'])
        .stdout.toString()
        .trim();
      const ctl = [`${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', 'stop'];
      const asRoot = process.getuid?.() === 0;
      spawnSync(asRoot ? 'runuser' : ctl[0]!, asRoot ? ['-u', 'postgres', '--', ...ctl] : ctl.slice(1), {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      rmSync(dir, { recursive: true, force: true });
      const marker = path.join(ROOT, '.tmp/test-postgres.dir');
      if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === dir) rmSync(marker, { force: true });
    },
  };
}
