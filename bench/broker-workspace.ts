// The broker admin's workspace lists at 100x the demo seed:
// node --import tsx bench/broker-workspace.ts   (npm run bench -- broker-workspace)
// Seeds an in-memory PGlite database with seed(db, { scale }), then calls every new list endpoint
// (My Referrals with each overview filter, My Agents by each sort, potential agents, My Leads with
// search, saved views) in process for Harbor Point, as staff and as its brokerage admin. Prints
// p50 / p95 / max wall time and CPU time per endpoint; exits 1 when any wall-clock p95 is over budget.
// WORKSPACE_BENCH_SCALE (default 100) and WORKSPACE_BENCH_SAMPLES (default 100) change the size of a run.
import { loadavg } from 'node:os';
import { sql } from 'kysely';

import { reportCases, seededApp, signIn, WARMUP } from './harness.ts';

const BUDGET_P95_MS = 50; // every broker workspace list endpoint at 100x the seed
const SCALE = Number(process.env.WORKSPACE_BENCH_SCALE ?? 100);
const SAMPLES = Number(process.env.WORKSPACE_BENCH_SAMPLES ?? 100); // timed requests per endpoint

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
const oneAgent = (
  await sql<{
    id: number;
  }>`select agent_id as id from referrals where brokerage_id = ${b} group by agent_id order by count(*) desc limit 1`.execute(
    db,
  )
).rows[0]!.id;
const oneReferral = (
  await sql<{ id: number }>`select id from referrals where brokerage_id = ${b} order by id desc limit 1`.execute(db)
).rows[0]!.id;

const refs = `/agents-api/broker-referrals?brokerageId=${b}&pageIndex=0&pageSize=10`;
const cases: Case[] = [
  { name: 'my referrals (default: updated)', as: 'broker', url: refs },
  { name: 'my referrals category=active', as: 'broker', url: `${refs}&category=active` },
  { name: 'my referrals category=closed', as: 'staff', url: `${refs}&category=closed` },
  { name: 'my referrals followupType=OVERDUE', as: 'broker', url: `${refs}&followupType=OVERDUE` },
  { name: 'my referrals overdue, by days', as: 'broker', url: `${refs}&followupType=OVERDUE&sort=overdue,DESC` },
  { name: 'my referrals s=SPOKEN_WITH', as: 'broker', url: `${refs}&s=SPOKEN_WITH` },
  { name: 'my referrals s=LISTED_HOME&t=SELLER', as: 'broker', url: `${refs}&s=LISTED_HOME&t=SELLER` },
  { name: 'my referrals by agent name', as: 'broker', url: `${refs}&sort=agent,ASC` },
  { name: 'my referrals one agent', as: 'broker', url: `${refs}&agentId=${oneAgent}` },
  { name: 'my referrals search "smi"', as: 'broker', url: `${refs}&q=smi` },
  {
    name: 'my referrals page 50',
    as: 'broker',
    url: `/agents-api/broker-referrals?brokerageId=${b}&pageIndex=50&pageSize=40`,
  },
  { name: 'referral detail', as: 'broker', url: `/agents-api/broker-referrals/${oneReferral}` },
  { name: 'my agents (by name)', as: 'broker', url: `/agents-api/my-agents?brokerageId=${b}&pageSize=10` },
  {
    name: 'my agents by overdue',
    as: 'broker',
    url: `/agents-api/my-agents?brokerageId=${b}&pageSize=10&sort=overdue,DESC`,
  },
  {
    name: 'my agents by closings',
    as: 'broker',
    url: `/agents-api/my-agents?brokerageId=${b}&pageSize=10&sort=closings,DESC`,
  },
  {
    name: 'my agents by score',
    as: 'staff',
    url: `/agents-api/my-agents?brokerageId=${b}&pageSize=10&sort=score,DESC`,
  },
  { name: 'response time of an agent', as: 'broker', url: `/agents-api/performanceMetrics/responseTime/${oneAgent}` },
  {
    name: 'potential agents pending',
    as: 'broker',
    url: `/agents-api/potentialAgents?brokerageId=${b}&status=INVITE_PENDING`,
  },
  { name: 'invitation stats', as: 'broker', url: `/agents-api/brokerages/${b}/agentInvitations/stats` },
  {
    name: 'my leads status + leadType',
    as: 'broker',
    url: `/interviews-api/broker-leads?brokerageId=${b}&product=COMBINED&pageSize=10&status=ASSIGNED_TO_AGENT&leadType=NEW`,
  },
  {
    name: 'my leads search "smi"',
    as: 'broker',
    url: `/interviews-api/broker-leads?brokerageId=${b}&product=COMBINED&pageSize=10&q=smi`,
  },
  { name: 'saved views', as: 'broker', url: '/users-api/saved-views?list=my-referrals' },
];

console.log(
  `seed scale ${SCALE} in ${seededSeconds.toFixed(0)} s; Harbor Point: ${counts.opportunities.toLocaleString('en-US')} leads, ` +
    `${counts.referrals.toLocaleString('en-US')} referrals, ${counts.agents.toLocaleString('en-US')} agents; ` +
    `${SAMPLES} requests per endpoint after ${WARMUP} warm-up; load average ${loadavg()[0]!.toFixed(2)}`,
);
await reportCases(app, tokens, cases, { samples: SAMPLES, budgetMs: BUDGET_P95_MS, close });
