// Dashboard stats API at 100x the demo seed: node --import tsx bench/stats.ts   (npm run bench -- stats)
// Seeds an in-memory PGlite database with seed(db, { scale }), then calls every overview data call
// in process through createApp(...).request for Harbor Point (the large brokerage), as staff and
// as its brokerage admin. Prints p50 / p95 / max wall time and p50 / p95 CPU time of this process
// per endpoint, and exits 1 when any wall-clock p95 is over the budget.
// STATS_BENCH_SCALE (default 100) and STATS_BENCH_SAMPLES (default 100) change the size of a run.
import { loadavg } from 'node:os';
import { sql } from 'kysely';

import { reportCases, seededApp, signIn, WARMUP } from './harness.ts';

const BUDGET_P95_MS = 50; // every stats endpoint at 100x the seed
const SCALE = Number(process.env.STATS_BENCH_SCALE ?? 100);
const SAMPLES = Number(process.env.STATS_BENCH_SAMPLES ?? 100); // timed requests per endpoint

interface Case {
  name: string;
  as: 'staff' | 'broker';
  url: string;
}

const { db, close, ctx, seededSeconds, app } = await seededApp(SCALE);
const tokens = { staff: await signIn(app, 'admin@demo.test'), broker: await signIn(app, 'broker@demo.test') };
const b = ctx.ids.harborPoint;
const counts = (
  await sql<{ opportunities: number; referrals: number; agents: number }>`select
  (select count(*) from opportunities where brokerage_id = ${b})::int as opportunities,
  (select count(*) from referrals where brokerage_id = ${b})::int as referrals,
  (select count(*) from agents where brokerage_id = ${b})::int as agents`.execute(db)
).rows[0]!;
const oneLead = (
  await sql<{ id: number }>`select id from opportunities where brokerage_id = ${b} order by id desc limit 1`.execute(db)
).rows[0]!.id;
const month = new Date().toISOString().slice(0, 7);

const cases: Case[] = [
  { name: 'brokerage stats COMBINED', as: 'broker', url: `/agents-api/brokerages/${b}/stats?product=COMBINED` },
  { name: 'brokerage stats LEAD_GENIUS', as: 'staff', url: `/agents-api/brokerages/${b}/stats?product=LEAD_GENIUS` },
  { name: 'broker score', as: 'broker', url: `/agents-api/brokerages/${b}/score` },
  {
    name: 'broker leads, page 0 by assigned',
    as: 'broker',
    url: `/interviews-api/broker-leads?brokerageId=${b}&pageIndex=0&pageSize=5&sort=assignedAt,DESC`,
  },
  {
    name: 'broker leads, page 0 by created',
    as: 'staff',
    url: `/interviews-api/broker-leads?brokerageId=${b}&pageIndex=0&pageSize=5&sort=created,DESC`,
  },
  { name: 'lead detail', as: 'broker', url: `/interviews-api/broker-leads/lead/${oneLead}` },
  {
    name: 'opportunity status stats ALL',
    as: 'broker',
    url: `/interviews-api/broker-leads/${b}/opportunityStatusStats?leadType=ALL`,
  },
  {
    name: 'opportunity status stats AGED',
    as: 'broker',
    url: `/interviews-api/broker-leads/${b}/opportunityStatusStats?leadType=AGED`,
  },
  { name: 'lead source count', as: 'broker', url: `/interviews-api/broker-leads/leadSourceCount/${b}` },
  { name: 'referral stage stats', as: 'broker', url: `/interviews-api/broker-leads/${b}/referralStageStats` },
  { name: 'lead progression stats', as: 'broker', url: `/interviews-api/broker-leads/${b}/lead-progression-stats` },
  { name: 'lead stats (month vs cap)', as: 'broker', url: `/leads-api/leadstats/${b}?ingestedDate=${month}` },
  {
    name: 'agent leaderboard',
    as: 'broker',
    url: `/agents-api/agents/leaderboard?brokerageId=${b}&pageIndex=0&pageSize=5&sort=agentDisplayScore,DESC`,
  },
  { name: 'agents, size 1 (total)', as: 'broker', url: `/agents-api/agents?brokerageId=${b}&pageIndex=0&pageSize=1` },
  {
    name: 'agents by overdue',
    as: 'broker',
    url: `/agents-api/agents?brokerageId=${b}&pageIndex=0&pageSize=5&sort=funnelStatus.overdueForFollowupCount,DESC`,
  },
];

console.log(
  `seed scale ${SCALE} in ${seededSeconds.toFixed(0)} s; Harbor Point: ${counts.opportunities.toLocaleString('en-US')} leads, ` +
    `${counts.referrals.toLocaleString('en-US')} referrals, ${counts.agents.toLocaleString('en-US')} agents; ` +
    `${SAMPLES} requests per endpoint after ${WARMUP} warm-up; load average ${loadavg()[0]!.toFixed(2)}`,
);
await reportCases(app, tokens, cases, { samples: SAMPLES, budgetMs: BUDGET_P95_MS, close });
