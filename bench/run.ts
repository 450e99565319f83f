// Runs benchmarks by name: node --import tsx bench/run.ts [name...]   (npm run bench -- <name...>)
// Each benchmark is bench/<name>.ts, run in its own process; it prints figures and exits non-zero
// on a blown budget. No names: the fast ones. 'all': every benchmark.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const BENCH_DIR = import.meta.dirname;
const ROOT = path.resolve(BENCH_DIR, '..');

const BENCHMARKS: Record<string, { fast: boolean; about: string }> = {
  bundle: { fast: true, about: 'gzipped JS of the login page (budget 110 kB) and per lazy chunk; needs dist/' },
  stats: { fast: false, about: 'dashboard stats API on a large seed' },
  dnc: { fast: false, about: 'DNC list API on a large seed' },
  'broker-workspace': {
    fast: false,
    about: 'My Referrals, My Agents, invitations, My Leads and saved views APIs on a large seed (p95 <= 50 ms)',
  },
  lenders: { fast: false, about: 'lender console API (lists, details, office overview) on a large seed' },
  'broker-admin': {
    fast: false,
    about:
      'My Metrics and the broker admin lists (notifications, announcements, admins, email settings) on a large seed',
  },
  'staff-review': { fast: false, about: 'agent assignments and content items on a large seed (p95 <= 50 ms)' },
  'staff-admin': {
    fast: false,
    about: 'User Management search and the Announcements editor on a large seed (p95 <= 50 ms)',
  },
  'suppliers-sms': {
    fast: false,
    about:
      'bulk SMS pre-flight of 10,000 recipients (budget 1 s) and the supplier lists (p95 <= 50 ms) on a large seed',
  },
  catalogue: {
    fast: false,
    about:
      'catalogue lists and lookups (support cases, workflow tasks, conversation, geography, ...) on a large seed (p95 <= 50 ms)',
  },
  'qa-review': {
    fast: false,
    about: 'QA review queue, figures, recordings and the Twilio task proxy on a large seed (p95 <= 50 ms)',
  },
  api: {
    fast: false,
    about: 'the API beside a bare Hono + PGlite baseline (and PostgreSQL with BENCH_DATABASE_URL): req/s, p50, p99',
  },
  signin: {
    fast: false,
    about:
      'sign-in click to every overview widget rendered on a settled login page, median of 5 (budget 1 s); needs dist/',
  },
  'live-events': {
    fast: false,
    about:
      '1,000 open SSE streams on one process, one change a second: p95 delivery (budget 500 ms), memory per stream; LIVE_PROCESSES=2 LIVE_STREAMS=5000 spreads them over two processes on one PostgreSQL',
  },
  processes: {
    fast: false,
    about:
      'the API as one and as two processes on one PostgreSQL, same reads and connections: req/s, p50/p99, CPU ms per request of API and database (budget two >= 1.3x one)',
  },
  fuzz: {
    fast: false,
    about: 'the input fuzz of every route, long mode (FUZZ_RUNS, default 2000 per route; FUZZ_SEED)',
  },
  'agent-day-sync': {
    fast: false,
    about: "the agent's day kit (GET /agents-api/agents/:id/day-sync) on a large seed (p95 <= 50 ms)",
  },
  'offline-slow3g': {
    fast: false,
    about: 'follow-ups and overview from the kept copy on slow 3G and a 4x slower CPU (budget 1.0 s); needs dist/',
  },
  scale: {
    fast: false,
    about:
      'every large-seed benchmark on one PostgreSQL at SEED_SCALE (default 1000): p95 <= 50 ms per call, EXPLAIN of each call, no Seq Scan of a large table',
  },
  messages: {
    fast: false,
    about:
      '10,000 bulk texts through the outbox relay to a Twilio stand-in (throughput), one-time codes among them within 2 s each',
  },
  lighthouse: {
    fast: false,
    about: 'Lighthouse on the login pages (performance >= 90, accessibility 100); needs dist/',
  },
};

function usage(): string {
  return [
    'usage: node --import tsx bench/run.ts [all | name...]',
    ...Object.entries(BENCHMARKS).map(([name, b]) => `  ${name.padEnd(11)}${b.about}${b.fast ? ' (default)' : ''}`),
  ].join('\n');
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(usage());
  process.exit(0);
}
const unknown = args.filter((a) => a !== 'all' && !(a in BENCHMARKS));
if (unknown.length) {
  console.error(`bench: unknown benchmark ${unknown.join(', ')}\n${usage()}`);
  process.exit(2);
}
const explicit = args.filter((a) => a !== 'all');
const names = args.includes('all')
  ? Object.keys(BENCHMARKS)
  : explicit.length
    ? [...new Set(explicit)]
    : Object.keys(BENCHMARKS).filter((n) => BENCHMARKS[n]!.fast);

const results: { name: string; outcome: 'passed' | 'FAILED' | 'skipped (no file)'; seconds: number }[] = [];
for (const name of names) {
  const file = path.join(BENCH_DIR, `${name}.ts`);
  if (!existsSync(file)) {
    // 'all' lists benchmarks still being written; asking for one by name must not pass silently.
    if (explicit.includes(name)) {
      console.error(`bench: bench/${name}.ts does not exist`);
      results.push({ name, outcome: 'FAILED', seconds: 0 });
    } else {
      results.push({ name, outcome: 'skipped (no file)', seconds: 0 });
    }
    continue;
  }
  console.log(`\n=== bench ${name} ===`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, stdio: 'inherit' });
  const seconds = (Date.now() - started) / 1000;
  results.push({ name, outcome: run.status === 0 ? 'passed' : 'FAILED', seconds });
}

console.log('\n=== bench summary ===');
for (const r of results)
  console.log(`${r.name.padEnd(11)} ${r.outcome}${r.seconds ? ` (${r.seconds.toFixed(1)} s)` : ''}`);
process.exit(results.some((r) => r.outcome === 'FAILED') ? 1 : 0);
