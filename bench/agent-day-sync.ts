// The agent's day kit at 100x the demo seed: node --import tsx bench/agent-day-sync.ts
// (npm run bench -- agent-day-sync). Loads the seeded snapshot (bench/harness.ts), then times
// GET /agents-api/agents/:id/day-sync in process as the demo agent twice: with the agent's referrals
// as seeded, and after 250 more open referrals of Harbor Point are given to the agent (in memory
// only), so the answer holds the full 200 with their events and notes. Prints p50 / p95 / max wall
// and CPU time; exits 1 when a wall-clock p95 is over the list endpoints' budget (decision 0050).
// DAY_SYNC_BENCH_SCALE (default 100) and DAY_SYNC_BENCH_SAMPLES (default 100) change the size of a run.
import { loadavg } from 'node:os';
import { sql } from 'kysely';

import { OAUTH_CLIENTS } from '../src/lib/brand.ts';
import { reportCases, seededApp, WARMUP, type App } from './harness.ts';

const BUDGET_P95_MS = 50; // the other list endpoints' p95 at 100x the seed (decision 0050)
const SCALE = Number(process.env.DAY_SYNC_BENCH_SCALE ?? 100);
const SAMPLES = Number(process.env.DAY_SYNC_BENCH_SAMPLES ?? 100);
const DEMO_AGENT_PHONE = '+15550100001';

/** The demo agent signs in on the agent app's client (the harness signs in on the console's). */
async function agentToken(app: App): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'password',
    username: DEMO_AGENT_PHONE,
    password: 'Demo-pass-1',
    client_id: OAUTH_CLIENTS.agent,
  });
  const res = await app.request('/auth/oauth2.0/accessToken', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  if (res.status !== 200) throw new Error(`agent sign-in failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const { db, close, seededSeconds, app } = await seededApp(SCALE);
const agent = (
  await sql<{
    id: number;
    brokerage: number;
  }>`select a.id, a.brokerage_id as brokerage from users u join agents a on a.id = u.agent_id
  where u.phone = ${DEMO_AGENT_PHONE}`.execute(db)
).rows[0]!;
const openOf = async () =>
  (
    await sql<{ n: number }>`select count(*)::int as n from referrals
  where agent_id = ${agent.id} and stage not in ('CLOSED', 'LEASED', 'REMOVED')`.execute(db)
  ).rows[0]!.n;
const seeded = await openOf();
const url = `/agents-api/agents/${agent.id}/day-sync`;
console.log(
  `seed scale ${SCALE} in ${seededSeconds.toFixed(0)} s; the demo agent has ${seeded} open referrals; ` +
    `${SAMPLES} requests per case after ${WARMUP} warm-up; load average ${loadavg()[0]!.toFixed(2)}`,
);

// Timed in two rounds (reportCases closes the database after its cases): the seeded agent first, then
// the busy agent, each round reporting against the same budget.
const busy = async () => {
  await sql`update referrals set agent_id = ${agent.id} where id in (select id from referrals where brokerage_id = ${agent.brokerage}
    and agent_id <> ${agent.id} and stage not in ('CLOSED', 'LEASED', 'REMOVED') order by id limit 250)`.execute(db);
  console.log(`then with ${await openOf()} open referrals (200 kept, the most urgent):`);
};
const token = await agentToken(app);
const noClose = async () => {};
await reportCases(app, { agent: token }, [{ name: `day kit (${Math.min(seeded, 200)} referrals)`, as: 'agent', url }], {
  samples: SAMPLES,
  budgetMs: BUDGET_P95_MS,
  close: noClose,
});
await busy();
await reportCases(app, { agent: token }, [{ name: 'day kit (200 of a busy agent)', as: 'agent', url }], {
  samples: SAMPLES,
  budgetMs: BUDGET_P95_MS,
  close,
});
