// What the API benchmarks at a large seed share (stats, lenders, broker-workspace, broker-admin):
// an in-memory PGlite database seeded at a scale, the app over it, a signed-in token, and one
// endpoint timed in process (wall and CPU time of this process, after untimed warm-up calls).
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openAsBlob, openSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed/index.ts';
import type { SeedContext } from '../server/db/seed/core.ts';
import { OAUTH_CLIENTS } from '../src/lib/brand.ts';

export type App = ReturnType<typeof createApp>;

export const WARMUP = 10; // untimed requests first (JIT, plan and buffer caches)

const ROOT = path.resolve(import.meta.dirname, '..');
const SNAPSHOT_DIR = path.join(ROOT, '.tmp', 'bench-seed');

/** Every file the seeded database depends on (schema, migrations, seeders), read in a fixed order. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(full).isDirectory() ? sourceFiles(full) : [full];
  });
}

/**
 * The snapshot's name: the scale, the seed's day (the seed is relative to "now": a snapshot from
 * another day would move every overdue and this-month figure) and a hash of server/db, so an edited
 * migration or seeder never benchmarks yesterday's data.
 */
function snapshotKey(scale: number, day: string): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles(path.join(ROOT, 'server', 'db'))) hash.update(file).update(readFileSync(file));
  return `scale${scale}-${day}-${hash.digest('hex').slice(0, 16)}`;
}

type SnapshotContext = Omit<SeedContext, 'db' | 'now'> & { now: string };

/**
 * An in-memory database migrated and seeded at `scale` times the demo seed, and the app on it.
 * Seeding at 100x takes minutes, so the first benchmark of the day seeds, vacuums and dumps the data
 * folder to .tmp/bench-seed/; every later one (each runs in its own process) loads that copy in
 * seconds. BENCH_FRESH_SEED=1 forces a fresh seed.
 */
export async function seededApp(scale: number) {
  const app = await seededAppInner(scale);
  // BENCH_SEEDED_FLAG names a file written once the data is ready and timing is about to start
  // (a runner on a shared machine can quiet its neighbours for the timed part only).
  if (process.env.BENCH_SEEDED_FLAG) writeFileSync(process.env.BENCH_SEEDED_FLAG, String(process.pid));
  return app;
}

async function seededAppInner(scale: number) {
  const started = performance.now();
  const now = new Date();
  const key = snapshotKey(scale, now.toISOString().slice(0, 10));
  const tar = path.join(SNAPSHOT_DIR, `${key}.tar`);
  const meta = path.join(SNAPSHOT_DIR, `${key}.json`);
  if (process.env.BENCH_FRESH_SEED !== '1' && existsSync(tar) && existsSync(meta)) {
    // openAsBlob: the copy is over 2 GiB at 100x, more than one read (or write) call can hold.
    const { db, close } = await openDatabase({ loadDataDir: await openAsBlob(tar) });
    const saved = JSON.parse(readFileSync(meta, 'utf8')) as SnapshotContext;
    const ctx: SeedContext = { ...saved, db, now: new Date(saved.now) };
    const seededSeconds = (performance.now() - started) / 1000;
    console.log(`seed: loaded the ${scale}x snapshot ${path.relative(ROOT, tar)} in ${seededSeconds.toFixed(1)} s`);
    return { db, close, ctx, seededSeconds, app: createApp({ db, config: testConfig() }) };
  }
  const { db, close, pglite } = await openDatabase({});
  await migrate(db);
  const ctx = await seed(db, { scale, now });
  // A live server's tables get vacuumed and analysed by autovacuum; PGlite runs none, so do it once
  // here: planner statistics for the large tables and visibility maps for index-only scans.
  await sql`vacuum analyze`.execute(db);
  const seededSeconds = (performance.now() - started) / 1000;
  if (pglite) {
    mkdirSync(SNAPSHOT_DIR, { recursive: true });
    const dump = await pglite.dumpDataDir('none');
    const { db: _db, now: seededAt, ...rest } = ctx;
    void _db;
    // Written under a temporary name first, so a benchmark killed mid-write leaves no half snapshot.
    // In slices: at 100x the copy is over 2 GiB, more than one write call takes.
    const fd = openSync(`${tar}.${process.pid}.part`, 'w');
    const SLICE = 256 * 1024 * 1024;
    for (let at = 0; at < dump.size; at += SLICE) writeSync(fd, Buffer.from(await dump.slice(at, at + SLICE).arrayBuffer()));
    closeSync(fd);
    writeFileSync(meta, JSON.stringify({ ...rest, now: seededAt.toISOString() } satisfies SnapshotContext));
    renameSync(`${tar}.${process.pid}.part`, tar);
  }
  console.log(`seed: seeded ${scale}x in ${seededSeconds.toFixed(0)} s`);
  return { db, close, ctx, seededSeconds, app: createApp({ db, config: testConfig() }) };
}

// Access tokens live 5 minutes and a benchmark at 100x can outlast one: every token signIn hands out
// is remembered with its user, and measure() signs that user in again when it is 4 minutes old.
const TOKEN_MAX_AGE_MS = 4 * 60_000;
const issued = new Map<string, { username: string; at: number; current: string }>();

export async function signIn(app: App, username: string): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'password', username, password: 'Demo-pass-1', client_id: OAUTH_CLIENTS.console });
  const res = await app.request('/auth/oauth2.0/accessToken', { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  const token = ((await res.json()) as { access_token: string }).access_token;
  issued.set(token, { username, at: Date.now(), current: token });
  return token;
}

/** The token to send for a token signIn handed out: itself, or a fresh one for the same user when it is near expiry. */
async function freshToken(app: App, token: string): Promise<string> {
  const entry = issued.get(token);
  if (!entry || Date.now() - entry.at < TOKEN_MAX_AGE_MS) return entry?.current ?? token;
  const next = await signIn(app, entry.username);
  issued.set(token, { username: entry.username, at: Date.now(), current: next });
  return next;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** `samples` timed GETs of `url` (after the warm-up): wall-clock p50/p95/max and CPU p50/p95, in ms. */
export async function measure(app: App, token: string, url: string, samples: number) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < WARMUP + samples; i++) {
    token = await freshToken(app, token);
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const res = await app.request(url, { headers: { Authorization: `Bearer ${token}` } });
    const text = await res.text();
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpuStart);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
    if (i >= WARMUP) {
      wall.push(ms);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(wall, 0.5), p95: percentile(wall, 0.95), max: wall[wall.length - 1]!, cpu50: percentile(cpu, 0.5), cpu95: percentile(cpu, 0.95) };
}

/**
 * Times each case with its identity's token, prints one row per endpoint, closes the database and
 * exits 1 when any wall-clock p95 is over `budgetMs` (the benchmark's budget).
 */
export async function reportCases<T extends string>(
  app: App, tokens: Record<T, string>, cases: { name: string; as: T; url: string }[],
  { samples, budgetMs, close }: { samples: number; budgetMs: number; close: () => Promise<void> },
): Promise<void> {
  console.log(`${'endpoint'.padEnd(36)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}${'cpu p50'.padStart(9)}${'cpu p95'.padStart(9)}`);
  const blown: string[] = [];
  for (const c of cases) {
    const r = await measure(app, tokens[c.as], c.url, samples);
    if (r.p95 > budgetMs) blown.push(c.name);
    console.log(`${c.name.padEnd(36)}${[r.p50, r.p95, r.max, r.cpu50, r.cpu95].map((x) => x.toFixed(1).padStart(9)).join('')}${r.p95 > budgetMs ? '  over budget' : ''}`);
  }
  console.log(`load average after: ${loadavg()[0]!.toFixed(2)} (2 cores: above ~2 the wall times include waiting for a CPU)`);
  await close();
  if (blown.length > 0) {
    console.error(`\nFAIL: p95 over ${budgetMs} ms for ${blown.join(', ')}`);
    process.exit(1);
  }
  console.log(`\nOK: every p95 within ${budgetMs} ms`);
}
