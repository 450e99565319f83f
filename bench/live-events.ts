// The live console under load (decision 0081): 1,000 open SSE streams (GET /events) on one
// API process, one change a second for CHANGES seconds; the delay from the write's request to each
// stream's receipt of its event, p50/p95/max over every (change, stream) pair (budget: p95 <= 500 ms),
// and the server's memory per open stream (its RSS before and after opening them).
// The server is a real process (server/main.ts on a fresh PGlite folder); the streams are read here.
// LIVE_PROCESSES=2 (with LIVE_STREAMS=5000 for the goal of one PostgreSQL for a country): that many
// server/main.ts processes on one PostgreSQL (a new database on the server of BENCH_DATABASE_URL,
// DATABASE_URL or TEST_DATABASE_URL, or on a throwaway server started with scripts/test-postgres.sh
// and stopped at the end), the streams dealt out in turn; every change is written through the first
// process and reaches the others by LISTEN/NOTIFY (server/events/notify-source.ts), so the delays of
// the other processes' streams include that hop. Memory is then the sum over the processes.
// The listeners: a token keeps at most 3 streams and a user 10 per process (server/events/streams.ts),
// so each stream has its own access token, and LIVE_STREAMS / 10 users, brokers of the demo brokerage
// like broker@demo.test, are added to the database for it (written while the servers are stopped:
// the first process seeds the database, stops, the users and tokens go in, then every process starts).
// File descriptors: this process holds one socket per stream, each server its share; the soft limit
// (ulimit -n) is checked before opening them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';

import { sha256 } from '../server/auth/tokens.ts';
import { openDatabase } from '../server/db/database.ts';
import { SseParser } from '../src/lib/sse.ts';
import { freePort, postgresDatabase, signIn, startThrowawayPostgres } from './servers.ts';

const STREAMS = Number(process.env.LIVE_STREAMS ?? 1000);
const CHANGES = Number(process.env.LIVE_CHANGES ?? 30);
const P95_BUDGET_MS = 500;

const PROCESSES = Number(process.env.LIVE_PROCESSES ?? 1);
const STREAMS_PER_USER = 10; // MAX_STREAMS_PER_USER of one process (server/events/streams.ts)

const fdLimit = Number(spawnSync('sh', ['-c', 'ulimit -n']).stdout.toString().trim());
if (fdLimit < STREAMS + 100) {
  console.error(`live-events: ${STREAMS} streams need ${STREAMS + 100} file descriptors here, ulimit -n is ${fdLimit}`);
  process.exit(1);
}

const givenServer =
  PROCESSES > 1
    ? process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
    : undefined;
const throwaway = PROCESSES > 1 && !givenServer ? startThrowawayPostgres() : undefined;
const databaseUrl = PROCESSES > 1 ? await postgresDatabase(givenServer ?? throwaway!.url, false) : undefined;
const folder = mkdtempSync(path.join(tmpdir(), 'porchlight-live-'));
const ports = await Promise.all(Array.from({ length: PROCESSES }, freePort));
const origins = ports.map((p) => `http://127.0.0.1:${p}`);
const origin = origins[0]!;
let servers: ChildProcess[] = [];
const startServer = (port: number) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: folder,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DEMO_MODE: 'true',
      STATIC_DIR: '.tmp/no-console',
      SHUTDOWN_GRACE_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.push(child);
  return new Promise<ChildProcess>((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('console and API on')) ready(child);
    });
    child.once('exit', (code) => fail(new Error(`the server stopped (${code}) before it listened`)));
  });
};
let finished = false;
const stop = () => {
  if (!finished) {
    finished = true;
    for (const child of servers) child.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  }
};
process.on('exit', stop);

/** `count` access tokens, one per stream, of count / STREAMS_PER_USER new brokers like broker@demo.test. */
async function addListeners(count: number): Promise<string[]> {
  const { db, close } = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: folder });
  try {
    const users = Math.ceil(count / STREAMS_PER_USER);
    await sql`with src as (select * from users where email = 'broker@demo.test'),
      added as (insert into users (email, first_name, last_name, status, broker_id)
        select 'live-bench-' || g || '@demo.test', src.first_name, src.last_name, 'ACTIVE', src.broker_id
        from src, generate_series(1, ${users}::int) g returning id)
      insert into user_roles (user_id, role_id, position)
        select added.id, ur.role_id, ur.position from added cross join user_roles ur
        where ur.user_id = (select id from src)`.execute(db);
    const ids = (
      await db.selectFrom('users').select('id').where('email', 'like', 'live-bench-%').orderBy('id').execute()
    ).map((u) => u.id);
    const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
    const expires = new Date(Date.now() + 3_600_000);
    for (let i = 0; i < count; i += 1000) {
      await db
        .insertInto('access_tokens')
        .values(
          tokens.slice(i, i + 1000).map((t, k) => ({
            token_hash: sha256(t),
            // Stream n opens on process n % PROCESSES: a user's ten consecutive streams are spread over them.
            user_id: ids[Math.floor((i + k) / STREAMS_PER_USER)]!,
            family_id: randomUUID(),
            client_id: 'porchlight-console',
            expires_at: expires,
          })),
        )
        .execute();
    }
    return tokens;
  } finally {
    await close();
  }
}

// The first start seeds the database (demo mode); then the listeners' users and tokens go in.
const seeding = await startServer(ports[0]!);
await new Promise((done) => {
  seeding.once('exit', done);
  seeding.kill('SIGTERM');
});
servers = [];
const listenerTokens = await addListeners(STREAMS);
for (const p of ports) await startServer(p); // one at a time: each boot takes the database's boot lock anyway

/** The servers' resident memory, from /proc (kB), summed. */
const serverRssKb = () =>
  servers.reduce(
    (sum, child) => sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]),
    0,
  );

/** An access token of a demo account or of one the benchmark added (servers.ts's password grant). */
const tokenOf = (username: string) => signIn(origin, username);
const writer = await tokenOf('admin@demo.test');
const listener = listenerTokens[0]!;

/** When each event (by its cursor) reached each stream (ms, this process's clock), and on which process. */
const arrivals = new Map<string, { at: number; process: number }[]>();
const cancels: (() => void)[] = [];
/** Stream n over node:http (one socket each: the global agent has no socket limit), on process n % PROCESSES. */
function openOne(n: number): Promise<void> {
  const on = n % PROCESSES;
  return new Promise((opened, failed) => {
    const parser = new SseParser();
    const req = get(
      `${origins[on]}/events`,
      { headers: { Authorization: `Bearer ${listenerTokens[n]}`, Accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          failed(new Error(`GET /events answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          const at = performance.now();
          for (const m of parser.push(text)) {
            if (m.event !== 'change') continue;
            const id = (JSON.parse(m.data) as { id: string }).id;
            (arrivals.get(id) ?? arrivals.set(id, []).get(id)!).push({ at, process: on });
          }
        });
        opened();
      },
    );
    req.on('error', (err) => {
      if (!finished) failed(err);
    });
    cancels.push(() => req.destroy());
  });
}

const rssBefore = serverRssKb();
for (let i = 0; i < STREAMS; i += 50)
  await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, (_, k) => openOne(i + k)));
await new Promise((r) => setTimeout(r, 2_000)); // let the server's heap settle after the openings
const rssAfter = serverRssKb();

const referralsRes = await fetch(`${origin}/agents-api/broker-referrals?pageSize=5`, {
  headers: { Authorization: `Bearer ${listener}` },
});
const referralIds = ((await referralsRes.json()) as { content: { id: number }[] }).content.map((r) => r.id);
const sentAt = new Map<number, number>();
for (let n = 0; n < CHANGES; n += 1) {
  const tick = performance.now();
  const started = performance.now();
  const res = await fetch(`${origin}/agents-api/broker-referrals/${referralIds[n % referralIds.length]}/notes`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${writer}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text: `Benchmark change ${n}` }),
  });
  if (res.status !== 201) throw new Error(`the note answered ${res.status}`);
  await res.text();
  sentAt.set(n, started);
  await new Promise((r) => setTimeout(r, Math.max(0, 1_000 - (performance.now() - tick))));
}
await new Promise((r) => setTimeout(r, 2_000)); // the last change's deliveries

// Each change is one event, in order: the k-th event seen is the k-th change. Cursors are opaque
// (server/events/cursor.ts), so the events are ordered by their first arrival (the changes are 1 s apart).
const firstAt = (id: string) => Math.min(...arrivals.get(id)!.map((a) => a.at));
const eventIds = [...arrivals.keys()].sort((a, b) => firstAt(a) - firstAt(b));
const delays: number[] = [];
const delaysOf: number[][] = Array.from({ length: PROCESSES }, () => []);
let missing = 0;
eventIds.forEach((id, k) => {
  const sent = sentAt.get(k);
  const got = arrivals.get(id) ?? [];
  missing += STREAMS - got.length;
  if (sent !== undefined)
    for (const a of got) {
      delays.push(a.at - sent);
      delaysOf[a.process]!.push(a.at - sent);
    }
});
missing += (CHANGES - eventIds.length) * STREAMS;
delays.sort((a, b) => a - b);
const pctOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const pct = (p: number) => pctOf(delays, p);
const p95 = pct(0.95);
for (const cancel of cancels) cancel();
stop();
throwaway?.stop();

console.log(
  `live-events: ${STREAMS} streams on ${PROCESSES === 1 ? 'one process (PGlite)' : `${PROCESSES} processes on one PostgreSQL, written through the first`}, ${CHANGES} changes at 1/s, ${delays.length} deliveries (${missing} missing)`,
);
console.log(
  `  delivery delay (write request to receipt): p50 ${pct(0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${(delays.at(-1) ?? NaN).toFixed(0)} ms (budget p95 <= ${P95_BUDGET_MS} ms)`,
);
if (PROCESSES > 1)
  delaysOf.forEach((d, i) => {
    d.sort((x, y) => x - y);
    console.log(
      `  process ${i + 1}${i === 0 ? ' (the writer)' : ' (by NOTIFY)'}: ${d.length} deliveries, p50 ${pctOf(d, 0.5).toFixed(0)} ms, p95 ${pctOf(d, 0.95).toFixed(0)} ms`,
    );
  });
console.log(
  `  file descriptors: ulimit -n ${fdLimit}; this process holds ${STREAMS} sockets, each server about ${Math.ceil(STREAMS / PROCESSES)}`,
);
console.log(
  `  server memory${PROCESSES > 1 ? ' (all processes)' : ''}: ${(rssBefore / 1024).toFixed(0)} MB before, ${(rssAfter / 1024).toFixed(0)} MB with the streams open: ${((rssAfter - rssBefore) / STREAMS).toFixed(1)} kB per stream`,
);
console.log(
  `  load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (2 cores; other work on the machine lengthens every figure)`,
);
if (missing > 0 || !(p95 <= P95_BUDGET_MS)) {
  console.error(
    `live-events: ${missing > 0 ? `${missing} deliveries missing` : `p95 ${p95.toFixed(0)} ms over the ${P95_BUDGET_MS} ms budget`}`,
  );
  process.exit(1);
}
process.exit(0);
