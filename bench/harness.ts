// What the API benchmarks at a large seed share (stats, lenders, broker-workspace, broker-admin):
// an in-memory PGlite database seeded at a scale, the app over it, a signed-in token, and one
// endpoint timed in process (wall and CPU time of this process, after untimed warm-up calls).
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { createApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed/index.ts';
import { OAUTH_CLIENTS } from '../src/lib/brand.ts';

export type App = ReturnType<typeof createApp>;

export const WARMUP = 10; // untimed requests first (JIT, plan and buffer caches)

/** A fresh in-memory database, migrated and seeded at `scale` times the demo seed, and the app on it. */
export async function seededApp(scale: number) {
  const started = performance.now();
  const { db, close } = await openDatabase({});
  await migrate(db);
  const ctx = await seed(db, { scale });
  const seededSeconds = (performance.now() - started) / 1000;
  // A live server's tables get vacuumed and analysed by autovacuum; PGlite runs none, so do it once
  // here: planner statistics for the large tables and visibility maps for index-only scans.
  await sql`vacuum analyze`.execute(db);
  return { db, close, ctx, seededSeconds, app: createApp({ db, config: testConfig() }) };
}

export async function signIn(app: App, username: string): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'password', username, password: 'Demo-pass-1', client_id: OAUTH_CLIENTS.console });
  const res = await app.request('/auth/oauth2.0/accessToken', { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** `samples` timed GETs of `url` (after the warm-up): wall-clock p50/p95/max and CPU p50/p95, in ms. */
export async function measure(app: App, token: string, url: string, samples: number) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < WARMUP + samples; i++) {
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
