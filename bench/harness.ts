// What the API benchmarks at a large seed share (stats, lenders, broker-workspace, broker-admin):
// an in-memory PGlite database seeded at a scale, the app over it, a signed-in token, and one
// endpoint timed in process (wall and CPU time of this process, after untimed warm-up calls).
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openAsBlob,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';

import { createApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { openDatabase, PG_SESSION_OPTIONS, type Db } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import type { Database } from '../server/db/schema.ts';
import type { SeedContext } from '../server/db/seed/core.ts';
import { seed, type SeedTimings } from '../server/db/seed/index.ts';
import { OAUTH_CLIENTS } from '../src/lib/brand.ts';
import { serverCpuReader } from './pg-cpu.ts';

export type App = ReturnType<typeof createApp>;

export const WARMUP = 10; // untimed requests first (JIT, plan and buffer caches)

const ROOT = path.resolve(import.meta.dirname, '..');
const SNAPSHOT_DIR = path.join(ROOT, '.tmp', 'bench-seed');

/** Every file the seeded database depends on (schema, migrations, seeders), read in a fixed order. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
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
function snapshotKey(scale: number, day: string, dir = path.join(ROOT, 'server', 'db')): string {
  const hash = createHash('sha256');
  // Paths relative to the repository: another checkout of the same source names the same seed.
  for (const file of sourceFiles(dir)) hash.update(path.relative(ROOT, file)).update(readFileSync(file));
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
  const app = process.env.BENCH_DATABASE_URL
    ? await seededPostgresApp(process.env.BENCH_DATABASE_URL, scale)
    : await seededAppInner(scale);
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
    for (let at = 0; at < dump.size; at += SLICE)
      writeSync(fd, Buffer.from(await dump.slice(at, at + SLICE).arrayBuffer()));
    closeSync(fd);
    writeFileSync(meta, JSON.stringify({ ...rest, now: seededAt.toISOString() } satisfies SnapshotContext));
    renameSync(`${tar}.${process.pid}.part`, tar);
  }
  console.log(`seed: seeded ${scale}x in ${seededSeconds.toFixed(0)} s`);
  return { db, close, ctx, seededSeconds, app: createApp({ db, config: testConfig() }) };
}

/** What a seed on PostgreSQL took: wall seconds, CPU seconds of this process and of the server, per phase. */
export interface SeedReport {
  scale: number;
  seconds: number;
  nodeCpuSeconds: number;
  pgCpuSeconds: number | null;
  phases: SeedTimings['phases'];
}

/** The benchmark database of a scale and day on the server of `url`: its name and its URL. */
function benchDatabase(url: string, scale: number, now: Date): { name: string; url: string } {
  // Named by the seeders' source only: a new migration (an index) is applied to a kept seed when it is
  // reused, as it would be to a live database, instead of seeding 1,000x again.
  const name = `bench_${snapshotKey(scale, now.toISOString().slice(0, 10), path.join(ROOT, 'server', 'db', 'seed')).replace(/-/g, '_')}`;
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

/**
 * A database on the PostgreSQL server of `url`, migrated and seeded at `scale` (the benchmark
 * database of this scale, day and server/db source, named by snapshotKey). Seeded once: a later
 * benchmark of the same run (or day) finds the seed recorded in its bench_seed table and reuses it.
 * Older benchmark databases of the same scale are dropped first (a 1,000x seed is many gigabytes).
 */
export async function seedPostgres(
  url: string,
  scale: number,
): Promise<{ url: string; ctx: Omit<SeedContext, 'db'>; report: SeedReport; reused: boolean }> {
  const now = new Date();
  const target = benchDatabase(url, scale, now);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [target.name])).rowCount === 1;
    if (exists && process.env.BENCH_FRESH_SEED !== '1') {
      const conn = new pg.Client({ connectionString: target.url });
      await conn.connect();
      try {
        const saved = await conn
          .query<{ context: SnapshotContext; report: SeedReport }>('select context, report from bench_seed')
          .catch(() => undefined);
        const row = saved?.rows[0];
        if (row) {
          const { db, close } = await openDatabase({ databaseUrl: target.url });
          try {
            const applied = await migrate(db);
            if (applied.length > 0) {
              console.log(`seed: applied ${applied.join(', ')} to the kept ${scale}x seed`);
              await sql`analyze`.execute(db);
            }
          } finally {
            await close();
          }
          return {
            url: target.url,
            ctx: { ...row.context, now: new Date(row.context.now) },
            report: row.report,
            reused: true,
          };
        }
      } finally {
        await conn.end();
      }
    }
    const older = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1 or datname = $2',
      // Underscores escaped: a bare "_" matches any character, and bench_scale1_% named the 100x seed too.
      [`bench\\_scale${scale}\\_%`, target.name],
    );
    for (const { datname } of older.rows) await admin.query(`drop database "${datname}" with (force)`);
    await admin.query(`create database "${target.name}"`);
  } finally {
    await admin.end();
  }
  const { db, close } = await openDatabase({ databaseUrl: target.url });
  try {
    await migrate(db);
    const pgCpu = serverCpuReader(url);
    const pgBefore = pgCpu?.();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const timings: SeedTimings = { phases: [] };
    const ctx = await seed(db, { scale, now, timings });
    const cpu = process.cpuUsage(cpuBefore);
    const pgAfter = pgCpu?.();
    const report: SeedReport = {
      scale,
      seconds: (performance.now() - started) / 1000,
      nodeCpuSeconds: (cpu.user + cpu.system) / 1e6,
      pgCpuSeconds: pgBefore === undefined || pgAfter === undefined ? null : pgAfter - pgBefore,
      phases: timings.phases,
    };
    const { db: _db, now: seededAt, ...rest } = ctx;
    void _db;
    const context: SnapshotContext = { ...rest, now: seededAt.toISOString() };
    await sql`create table bench_seed (context jsonb not null, report jsonb not null)`.execute(db);
    await sql`insert into bench_seed (context, report) values (${JSON.stringify(context)}::jsonb, ${JSON.stringify(report)}::jsonb)`.execute(
      db,
    );
    return { url: target.url, ctx: { ...rest, now: seededAt }, report, reused: false };
  } finally {
    await close();
  }
}

/** One statement a request ran, as Kysely's log hook saw it. */
interface Statement {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

/** The statements of the request being timed (set by measure() on PostgreSQL). */
let capture: Statement[] | undefined;
/** The pool of the benchmark database (EXPLAIN runs on it, beside the app's queries). */
let explainPool: pg.Pool | undefined;

/**
 * The app's database on PostgreSQL as the benchmarks open it: Kysely's log hook hands every statement
 * to the call being timed, and EXPLAIN runs on the same pool.
 */
export function capturingDatabase(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: PG_SESSION_OPTIONS });
  explainPool = pool;
  const log = (event: LogEvent) => {
    if (capture && event.level === 'query')
      capture.push({ sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis });
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
}

/** Collects the statements of the requests timed between start() and stop(); plans() checks them (PostgreSQL only). */
export function statementRecorder() {
  const statements: Statement[] = [];
  return {
    start: () => {
      if (explainPool) capture = statements;
    },
    stop: () => {
      capture = undefined;
    },
    plans: () => (explainPool ? explainCall(statements) : Promise.resolve(undefined)),
  };
}

/** Prints a call's slowest statement and its EXPLAIN (ANALYZE, BUFFERS). */
export function printPlan(name: string, plans: Awaited<ReturnType<typeof explainCall>>): void {
  if (!plans.slowest) return;
  console.log(
    `\n--- ${name}: slowest statement ${plans.slowest.ms.toFixed(1)} ms${plans.seqScans.length ? `; Seq Scan on ${plans.seqScans.join(', ')}` : ''}`,
  );
  console.log(`    ${plans.slowest.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
  console.log(
    plans.slowest.plan
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n'),
  );
  for (const statement of plans.scanning)
    console.log(`    statement with the Seq Scan: ${statement.replace(/\s+/g, ' ').slice(0, 600)}`);
}

async function seededPostgresApp(url: string, scale: number) {
  const started = performance.now();
  const seeded = await seedPostgres(url, scale);
  const db = capturingDatabase(seeded.url);
  const ctx: SeedContext = { ...seeded.ctx, db };
  const seededSeconds = seeded.reused ? seeded.report.seconds : (performance.now() - started) / 1000;
  console.log(
    `seed: PostgreSQL ${scale}x ${seeded.reused ? 'reused (seeded' : 'seeded'} in ${seeded.report.seconds.toFixed(0)} s${seeded.reused ? ')' : ''}` +
      `, CPU ${seeded.report.nodeCpuSeconds.toFixed(0)} s node + ${seeded.report.pgCpuSeconds?.toFixed(0) ?? '?'} s PostgreSQL`,
  );
  return { db, close: () => db.destroy(), ctx, seededSeconds, app: createApp({ db, config: testConfig() }) };
}

/** A table of more than this many rows read by a sequential scan on a request path fails the benchmark. */
export const SEQ_SCAN_ROWS = 10_000;
const tableRows = new Map<string, number>();

/**
 * The rows each table would hold at 1,000x, as the scale benchmark projects them from a smaller seed
 * (BENCH_PROJECTED_ROWS names its JSON file): a run at 100x then fails on a sequential scan of a table
 * that grows past SEQ_SCAN_ROWS at 1,000x, not only on one that is already past it.
 */
const projectedRows: Record<string, number> = process.env.BENCH_PROJECTED_ROWS
  ? (JSON.parse(readFileSync(process.env.BENCH_PROJECTED_ROWS, 'utf8')) as Record<string, number>)
  : {};

async function rowsOf(pool: pg.Pool, table: string): Promise<number> {
  if (!tableRows.has(table)) {
    const r = await pool.query<{ n: number }>(
      'select reltuples::float8 as n from pg_class where relname = $1 and relkind in ($2, $3)',
      [table, 'r', 'p'],
    );
    tableRows.set(table, Math.max(0, r.rows[0]?.n ?? 0, projectedRows[table] ?? 0));
  }
  return tableRows.get(table)!;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const planNodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(planNodes)];
const EXPLAINABLE = /^\s*(select|with|insert|update|delete)\b/i;

/** A statement's parameters as pg sends them (the app's Kysely hands the same values to the same driver). */
const params = (s: Statement) => [...s.parameters] as unknown[];

/**
 * The plan check of one call: every distinct statement its requests ran is planned (EXPLAIN, no
 * ANALYZE) and any Seq Scan on a table of more than SEQ_SCAN_ROWS rows is named; the slowest statement
 * is run again under EXPLAIN (ANALYZE, BUFFERS), in a transaction rolled back (a request may write).
 */
async function explainCall(
  statements: Statement[],
): Promise<{ slowest?: { sql: string; ms: number; plan: string }; seqScans: string[]; scanning: string[] }> {
  const pool = explainPool!;
  const seqScans = new Set<string>();
  const scanning = new Set<string>();
  const distinct = new Map<string, Statement>();
  for (const s of statements) if (EXPLAINABLE.test(s.sql) && !distinct.has(s.sql)) distinct.set(s.sql, s);
  for (const s of distinct.values()) {
    const r = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${s.sql}`, params(s));
    for (const node of planNodes(r.rows[0]!['QUERY PLAN'][0].Plan)) {
      if (node['Node Type'] !== 'Seq Scan' || !node['Relation Name']) continue;
      const rows = await rowsOf(pool, node['Relation Name']);
      if (rows <= SEQ_SCAN_ROWS) continue;
      scanning.add(s.sql);
      seqScans.add(
        `${node['Relation Name']} (${Math.round(rows).toLocaleString('en-US')} rows${node['Relation Name'] in projectedRows ? ' at 1,000x' : ''})`,
      );
    }
  }
  const slowest = statements.filter((s) => EXPLAINABLE.test(s.sql)).sort((a, b) => b.ms - a.ms)[0];
  if (!slowest) return { seqScans: [...seqScans], scanning: [...scanning] };
  const client = await pool.connect();
  try {
    await client.query('begin');
    const r = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${slowest.sql}`,
      params(slowest),
    );
    return {
      slowest: { sql: slowest.sql, ms: slowest.ms, plan: r.rows.map((x) => x['QUERY PLAN']).join('\n') },
      seqScans: [...seqScans],
      scanning: [...scanning],
    };
  } finally {
    await client.query('rollback');
    client.release();
  }
}

// Access tokens live 5 minutes and a benchmark at 100x can outlast one: every token signIn hands out
// is remembered with its user, and measure() signs that user in again when it is 4 minutes old.
const TOKEN_MAX_AGE_MS = 4 * 60_000;
const issued = new Map<string, { username: string; at: number; current: string }>();

export async function signIn(app: App, username: string): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'password',
    username,
    password: 'Demo-pass-1',
    client_id: OAUTH_CLIENTS.console,
  });
  const res = await app.request('/auth/oauth2.0/accessToken', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
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

/** `samples` timed GETs of `url` (after the warm-up): wall-clock p50/p95/max and CPU p50/p95, in ms; on PostgreSQL its plan check too. */
export async function measure(app: App, token: string, url: string, samples: number) {
  const wall: number[] = [];
  const cpu: number[] = [];
  const statements: Statement[] = [];
  for (let i = 0; i < WARMUP + samples; i++) {
    token = await freshToken(app, token);
    if (explainPool && i >= WARMUP) capture = statements;
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const res = await app.request(url, { headers: { Authorization: `Bearer ${token}` } });
    const text = await res.text();
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpuStart);
    capture = undefined;
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
    if (i >= WARMUP) {
      wall.push(ms);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const plans = explainPool ? await explainCall(statements) : undefined;
  return {
    p50: percentile(wall, 0.5),
    p95: percentile(wall, 0.95),
    max: wall[wall.length - 1]!,
    cpu50: percentile(cpu, 0.5),
    cpu95: percentile(cpu, 0.95),
    plans,
  };
}

/** One timed call, as the scale benchmark collects it (BENCH_RESULTS_FILE: one JSON line per call). */
export interface CallResult {
  bench: string;
  name: string;
  p50: number;
  p95: number;
  budgetMs: number;
  seqScans: string[];
  slowestMs: number | null;
}

export function recordCall(result: Omit<CallResult, 'bench'>): void {
  const file = process.env.BENCH_RESULTS_FILE;
  if (!file) return;
  const bench = path.basename(process.argv[1] ?? 'bench', '.ts');
  writeFileSync(file, `${JSON.stringify({ bench, ...result } satisfies CallResult)}\n`, { flag: 'a' });
}

/**
 * Times each case with its identity's token, prints one row per endpoint, closes the database and
 * exits 1 when any wall-clock p95 is over `budgetMs` (the benchmark's budget).
 */
export async function reportCases<T extends string>(
  app: App,
  tokens: Record<T, string>,
  cases: { name: string; as: T; url: string }[],
  { samples, budgetMs, close }: { samples: number; budgetMs: number; close: () => Promise<void> },
): Promise<void> {
  console.log(
    `${'endpoint'.padEnd(36)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}${'cpu p50'.padStart(9)}${'cpu p95'.padStart(9)}`,
  );
  const blown: string[] = [];
  const planned: { name: string; plans: NonNullable<Awaited<ReturnType<typeof measure>>['plans']> }[] = [];
  for (const c of cases) {
    const r = await measure(app, tokens[c.as], c.url, samples);
    const seqScans = r.plans?.seqScans ?? [];
    if (r.p95 > budgetMs) blown.push(c.name);
    if (seqScans.length > 0) blown.push(`${c.name} (Seq Scan on ${seqScans.join(', ')})`);
    if (r.plans) planned.push({ name: c.name, plans: r.plans });
    recordCall({ name: c.name, p50: r.p50, p95: r.p95, budgetMs, seqScans, slowestMs: r.plans?.slowest?.ms ?? null });
    console.log(
      `${c.name.padEnd(36)}${[r.p50, r.p95, r.max, r.cpu50, r.cpu95].map((x) => x.toFixed(1).padStart(9)).join('')}${r.p95 > budgetMs ? '  over budget' : ''}${seqScans.length ? '  SEQ SCAN' : ''}`,
    );
  }
  console.log(
    `load average after: ${loadavg()[0]!.toFixed(2)} (2 cores: above ~2 the wall times include waiting for a CPU)`,
  );
  for (const { name, plans } of planned) printPlan(name, plans);
  await close();
  if (blown.length > 0) {
    console.error(`\nFAIL: p95 over ${budgetMs} ms or a sequential scan of a large table for ${blown.join(', ')}`);
    process.exit(1);
  }
  console.log(`\nOK: every p95 within ${budgetMs} ms`);
}
