// Every large-seed benchmark on one PostgreSQL at a national scale: node --import tsx bench/scale.ts
// (npm run bench -- scale). Seeds PostgreSQL at SEED_SCALE times the demo seed (default 1000: about
// 80,000 agents, 1.5 million leads, 600,000 referrals) on the server of BENCH_DATABASE_URL or
// TEST_DATABASE_URL, or on a throwaway server started with scripts/test-postgres.sh (as CI does) and
// stopped at the end. Then runs each large-seed benchmark against that one database, each in its own
// process (bench/harness.ts reuses the seed), and prints one table: each call's p50 and p95, the slowest
// statement's time, the seed's time and CPU, and the rows per table. Each benchmark's own output shows
// the slowest statement of every call under EXPLAIN (ANALYZE, BUFFERS).
// Budgets (exit 1 on any): p95 <= 50 ms per call; no call's statements plan a Seq Scan on a table
// of more than 10,000 rows; each benchmark's own budgets (the bulk SMS pre-flight's 1 s, ...). Below
// 1,000x a table's size there is projected from its rows at 1x and at SEED_SCALE (a line through
// both), so a 100x run already fails on a Seq Scan of a table that grows past 10,000 rows at 1,000x.
// SCALE_BENCHMARKS=stats,lenders runs some; SCALE_SAMPLES (default 100) timed requests per call.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';

import { seedPostgres, SEQ_SCAN_ROWS, type CallResult } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCALE = Number(process.env.SEED_SCALE ?? 1000);
const SAMPLES = process.env.SCALE_SAMPLES ?? '100';
const BUDGET_P95_MS = 50;
/** The scale the budgets are set for: a smaller run checks its plans against the tables' sizes there. */
const TARGET_SCALE = 1000;
const BENCHMARKS = (
  process.env.SCALE_BENCHMARKS?.split(',') ?? [
    'stats',
    'broker-workspace',
    'broker-admin',
    'lenders',
    'staff-review',
    'staff-admin',
    'suppliers-sms',
    'catalogue',
    'qa-review',
    'dnc',
    'agent-day-sync',
  ]
).filter(Boolean);
// Each benchmark's own names for its scale and samples (they default to 100x on PGlite on their own).
const SCALE_VARS = [
  'STATS',
  'WORKSPACE',
  'BROKER_ADMIN',
  'LENDERS',
  'STAFF_REVIEW',
  'STAFF_ADMIN',
  'CATALOGUE',
  'DAY_SYNC',
];

// The server's settings for a bulk load and a benchmark on a throwaway server (no durability
// needed): pg_stat_statements for the CPU per statement, memory for the index builds.
const THROWAWAY_OPTIONS = [
  '-c shared_preload_libraries=pg_stat_statements',
  '-c shared_buffers=512MB',
  '-c maintenance_work_mem=512MB',
  '-c work_mem=16MB',
  '-c synchronous_commit=off',
  '-c wal_level=minimal',
  '-c max_wal_senders=0',
  '-c max_wal_size=8GB',
  '-c checkpoint_timeout=30min',
].join(' ');

function startThrowaway(): string {
  const run = spawnSync('bash', ['scripts/test-postgres.sh'], {
    cwd: ROOT,
    env: { ...process.env, TEST_PG_OPTIONS: THROWAWAY_OPTIONS },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = run.stdout.toString().trim();
  if (run.status !== 0 || !url.startsWith('postgres://'))
    throw new Error('scale: could not start a throwaway PostgreSQL (scripts/test-postgres.sh)');
  return url;
}

/** The rows of each table of the public schema: exact counts, or the planner's estimates (a large seed is analyzed). */
async function rowsPerTable(url: string, how: 'count' | 'estimate'): Promise<{ name: string; rows: number }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (
      await client.query<{
        name: string;
        rows: number;
      }>(`select c.relname as name, c.reltuples::float8 as rows from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by c.reltuples desc, c.relname`)
    ).rows;
    if (how === 'estimate') return tables.map((t) => ({ name: t.name, rows: Math.max(0, t.rows) }));
    const counted: { name: string; rows: number }[] = [];
    for (const t of tables) {
      const r = await client.query<{ n: number }>(`select count(*)::float8 as n from "${t.name}"`);
      counted.push({ name: t.name, rows: r.rows[0]!.n });
    }
    return counted;
  } finally {
    await client.end();
  }
}

/**
 * Each table's rows at TARGET_SCALE, drawn as a line through its rows at 1x (the demo seed, seeded
 * beside the large one: seconds) and at SCALE: a table the seed does not grow stays as it is.
 */
async function projectRows(url: string, atScale: { name: string; rows: number }[]): Promise<Record<string, number>> {
  const one = new Map((await rowsPerTable((await seedPostgres(url, 1)).url, 'count')).map((t) => [t.name, t.rows]));
  return Object.fromEntries(
    atScale.map((t) => {
      const base = one.get(t.name) ?? t.rows;
      return [t.name, Math.max(t.rows, t.rows + ((t.rows - base) * (TARGET_SCALE - SCALE)) / (SCALE - 1))];
    }),
  );
}

const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const serverUrl = given || startThrowaway();
let exitCode = 0;
try {
  console.log(
    `scale: ${SCALE}x on ${given ? 'the given' : 'a throwaway'} PostgreSQL; load average ${loadavg()[0]!.toFixed(2)}`,
  );
  const seeded = await seedPostgres(serverUrl, SCALE);
  const r = seeded.report;
  console.log(
    `seed: ${seeded.reused ? 'reused a seed of' : 'seeded in'} ${r.seconds.toFixed(0)} s (CPU: ${r.nodeCpuSeconds.toFixed(0)} s node, ` +
      `${r.pgCpuSeconds === null ? '?' : r.pgCpuSeconds.toFixed(0)} s PostgreSQL)`,
  );
  console.log(
    `  phases: ${r.phases
      .filter((p) => p.seconds >= 0.5)
      .map((p) => `${p.name} ${p.seconds.toFixed(1)} s`)
      .join(', ')}`,
  );

  const tables = await rowsPerTable(seeded.url, 'estimate');
  console.log(
    `rows per table (planner estimates, tables of 1,000 rows or more):\n${tables
      .filter((t) => t.rows >= 1000)
      .map((t) => `  ${t.name.padEnd(32)}${Math.round(t.rows).toLocaleString('en-US').padStart(12)}`)
      .join('\n')}`,
  );
  const projectedFile = path.join(ROOT, '.tmp', `scale-projected-rows-${process.pid}.json`);
  const projected = SCALE > 1 && SCALE < TARGET_SCALE ? await projectRows(serverUrl, tables) : undefined;
  if (projected) {
    mkdirSync(path.dirname(projectedFile), { recursive: true }); // a fresh clone has no .tmp yet
    writeFileSync(projectedFile, JSON.stringify(projected));
    const grown = Object.entries(projected)
      .filter(([, n]) => n > SEQ_SCAN_ROWS)
      .sort((a, b) => b[1] - a[1]);
    console.log(
      `tables past ${SEQ_SCAN_ROWS.toLocaleString('en-US')} rows at ${TARGET_SCALE}x (projected from 1x and ${SCALE}x; ` +
        `the plan check fails on a Seq Scan of any of them): ${grown.map(([t, n]) => `${t} ${Math.round(n).toLocaleString('en-US')}`).join(', ')}`,
    );
  }

  const resultsFile = path.join(ROOT, '.tmp', `scale-results-${process.pid}.jsonl`);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    BENCH_DATABASE_URL: serverUrl,
    BENCH_RESULTS_FILE: resultsFile,
    ...(projected ? { BENCH_PROJECTED_ROWS: projectedFile } : {}),
  };
  for (const v of SCALE_VARS) {
    env[`${v}_BENCH_SCALE`] = String(SCALE);
    env[`${v}_BENCH_SAMPLES`] = SAMPLES;
  }
  const outcomes: { name: string; ok: boolean; seconds: number }[] = [];
  for (const name of BENCHMARKS) {
    console.log(`\n=== scale: ${name} ===`);
    const started = Date.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', `${name}.ts`)], {
      cwd: ROOT,
      env,
      stdio: 'inherit',
    });
    outcomes.push({ name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
  }

  const calls: CallResult[] = existsSync(resultsFile)
    ? readFileSync(resultsFile, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as CallResult)
    : [];
  rmSync(resultsFile, { force: true });
  rmSync(projectedFile, { force: true });
  console.log(
    `\n=== scale ${SCALE}x on PostgreSQL: seed ${r.seconds.toFixed(0)} s${seeded.reused ? ' (reused)' : ''}, ` +
      `CPU ${r.nodeCpuSeconds.toFixed(0)} s node + ${r.pgCpuSeconds === null ? '?' : r.pgCpuSeconds.toFixed(0)} s PostgreSQL ===`,
  );
  console.log(
    `${'benchmark'.padEnd(17)}${'call'.padEnd(40)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'slowest'.padStart(9)}  verdict`,
  );
  let blown = 0;
  for (const c of calls) {
    const over = c.p95 > Math.min(c.budgetMs, BUDGET_P95_MS);
    const scan = c.seqScans.length > 0;
    if (over || scan) blown++;
    const verdict =
      [over ? 'OVER BUDGET' : '', scan ? `SEQ SCAN ${c.seqScans.join(', ')}` : ''].filter(Boolean).join('; ') || 'ok';
    console.log(
      `${c.bench.padEnd(17)}${c.name.slice(0, 39).padEnd(40)}${c.p50.toFixed(1).padStart(8)}${c.p95.toFixed(1).padStart(8)}${(c.slowestMs?.toFixed(1) ?? '-').padStart(9)}  ${verdict}`,
    );
  }
  console.log(
    `\n${outcomes.map((o) => `${o.name} ${o.ok ? 'passed' : 'FAILED'} (${o.seconds.toFixed(0)} s)`).join(', ')}`,
  );
  console.log(`load average after: ${loadavg()[0]!.toFixed(2)}`);
  if (BENCHMARKS.length > 0 && calls.length === 0) {
    console.error('\nFAIL: no benchmark recorded a call');
    exitCode = 1;
  } else if (blown > 0 || outcomes.some((o) => !o.ok)) {
    console.error(
      `\nFAIL: ${blown} call(s) over ${BUDGET_P95_MS} ms or scanning a large table; failed: ${
        outcomes
          .filter((o) => !o.ok)
          .map((o) => o.name)
          .join(', ') || 'none'
      }`,
    );
    exitCode = 1;
  } else {
    console.log(`\nOK: every call's p95 within ${BUDGET_P95_MS} ms and no sequential scan of a large table`);
  }
} finally {
  if (!given) spawnSync('bash', ['scripts/test-postgres.sh', 'stop'], { cwd: ROOT, stdio: 'inherit' });
}
process.exit(exitCode);
