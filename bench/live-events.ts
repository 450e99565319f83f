// The live console under load (decision 0081): 1,000 open SSE streams (GET /events) on one
// API process, one change a second for CHANGES seconds; the delay from the write's request to each
// stream's receipt of its event, p50/p95/max over every (change, stream) pair (budget: p95 <= 500 ms),
// and the server's memory per open stream (its RSS before and after opening them).
// The server is a real process (server/main.ts on a fresh PGlite folder); the streams are read here.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import { SseParser } from '../src/lib/sse.ts';

const STREAMS = Number(process.env.LIVE_STREAMS ?? 1000);
const CHANGES = Number(process.env.LIVE_CHANGES ?? 30);
const P95_BUDGET_MS = 500;

const pickPort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, () => {
      const chosen = (probe.address() as AddressInfo).port;
      probe.close(() => done(chosen));
    });
  });
const port = await pickPort();
const origin = `http://127.0.0.1:${port}`;
const folder = mkdtempSync(path.join(tmpdir(), 'porchlight-live-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: folder,
    DEMO_MODE: 'true',
    STATIC_DIR: '.tmp/no-console',
    SHUTDOWN_GRACE_MS: '0',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let finished = false;
const stop = () => {
  if (!finished) {
    finished = true;
    child.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  }
};
process.on('exit', stop);
await new Promise<void>((ready, fail) => {
  child.stdout!.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('console and API on')) ready();
  });
  child.once('exit', (code) => fail(new Error(`the server stopped (${code}) before it listened`)));
});
/** The server's resident memory, from /proc (kB). */
const serverRssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]);

async function tokenOf(username: string): Promise<string> {
  const res = await fetch(`${origin}/auth/oauth2.0/accessToken`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password: 'Demo-pass-1',
      client_id: 'porchlight-console',
    }).toString(),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
const [listener, writer] = await Promise.all([tokenOf('broker@demo.test'), tokenOf('admin@demo.test')]);

/** When each event id reached each stream (ms, this process's clock). */
const arrivals = new Map<number, number[]>();
const cancels: (() => void)[] = [];
/** One stream over node:http (one socket each: the global agent has no socket limit). */
function openOne(): Promise<void> {
  return new Promise((opened, failed) => {
    const parser = new SseParser();
    const req = get(
      `${origin}/events`,
      { headers: { Authorization: `Bearer ${listener}`, Accept: 'text/event-stream' } },
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
            const id = (JSON.parse(m.data) as { id: number }).id;
            (arrivals.get(id) ?? arrivals.set(id, []).get(id)!).push(at);
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
for (let i = 0; i < STREAMS; i += 50) await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, openOne));
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

// Each change is one event, in order: the k-th event seen is the k-th change.
const eventIds = [...arrivals.keys()].sort((a, b) => a - b);
const delays: number[] = [];
let missing = 0;
eventIds.forEach((id, k) => {
  const sent = sentAt.get(k);
  const got = arrivals.get(id) ?? [];
  missing += STREAMS - got.length;
  if (sent !== undefined) for (const at of got) delays.push(at - sent);
});
missing += (CHANGES - eventIds.length) * STREAMS;
delays.sort((a, b) => a - b);
const pct = (p: number) => delays[Math.min(delays.length - 1, Math.floor(p * delays.length))] ?? NaN;
const p95 = pct(0.95);
for (const cancel of cancels) cancel();
stop();

console.log(
  `live-events: ${STREAMS} streams on one process, ${CHANGES} changes at 1/s, ${delays.length} deliveries (${missing} missing)`,
);
console.log(
  `  delivery delay (write request to receipt): p50 ${pct(0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${(delays.at(-1) ?? NaN).toFixed(0)} ms (budget p95 <= ${P95_BUDGET_MS} ms)`,
);
console.log(
  `  server memory: ${(rssBefore / 1024).toFixed(0)} MB before, ${(rssAfter / 1024).toFixed(0)} MB with the streams open: ${((rssAfter - rssBefore) / STREAMS).toFixed(1)} kB per stream`,
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
