// The catalogue's lists and lookups at 100x the demo seed: node --import tsx bench/catalogue.ts   (npm run bench -- catalogue)
// Support cases, workflow tasks, the conversation and contact numbers of an opportunity, its referral
// partner, excluded areas, MLS boards, geography, product families and Apination, called in process as
// admin@demo.test on the shared 100x snapshot. Prints p50 / p95 / max wall and CPU time per endpoint and
// exits 1 when any wall-clock p95 is over 50 ms. CATALOGUE_BENCH_SCALE (default 100), CATALOGUE_BENCH_SAMPLES (default 100).
import { loadavg } from 'node:os';
import { sql } from 'kysely';

import { reportCases, seededApp, signIn, WARMUP } from './harness.ts';

const BUDGET_P95_MS = 50;
const SCALE = Number(process.env.CATALOGUE_BENCH_SCALE ?? 100);
const SAMPLES = Number(process.env.CATALOGUE_BENCH_SAMPLES ?? 100);

const { db, close, ctx, seededSeconds, app } = await seededApp(SCALE);
const tokens = { staff: await signIn(app, 'admin@demo.test'), broker: await signIn(app, 'broker@demo.test') };
// The busiest opportunity (most interactions) with a partner and workflow tasks, and the agent with most support cases.
const pick = (
  await sql<{ opp: number; partner: number; agent: number }>`select
  (select o.id from opportunities o where o.partner_id is not null and o.id % 2 = 1
     order by (select count(*) from interactions i where i.opportunity_id = o.id) desc, o.id limit 1) as opp,
  (select partner_id from opportunities where partner_id is not null order by id limit 1) as partner,
  (select agent_id from agent_support_cases group by agent_id order by count(*) desc, agent_id limit 1) as agent`.execute(
    db,
  )
).rows[0]!;
const counts = (
  await sql<{ cases: number; tasks: number; interactions: number }>`select
  (select count(*) from agent_support_cases)::int as cases, (select count(*) from workflow_tasks)::int as tasks,
  (select count(*) from interactions where opportunity_id = ${pick.opp})::int as interactions`.execute(db)
).rows[0]!;
console.log(
  `seed scale ${SCALE} in ${seededSeconds.toFixed(0)} s; ${counts.cases.toLocaleString('en-US')} support cases, ` +
    `${counts.tasks.toLocaleString('en-US')} workflow tasks, ${counts.interactions} interactions on the opportunity; ` +
    `${SAMPLES} requests per endpoint after ${WARMUP} warm-up; load average ${loadavg()[0]!.toFixed(2)}`,
);

const b = ctx.ids.harborPoint;
const cases = [
  {
    name: 'support cases, one agent',
    as: 'staff' as const,
    url: `/interviews-api/agent-support/cases?agentId=${pick.agent}&pageSize=10`,
  },
  {
    name: 'support cases, all open',
    as: 'staff' as const,
    url: '/interviews-api/agent-support/cases?status=OPEN&pageSize=10',
  },
  { name: 'workflow tasks', as: 'staff' as const, url: `/workflow-api/tasks?opportunityId=${pick.opp}&pageSize=10` },
  { name: 'conversation', as: 'staff' as const, url: `/interviews-api/conversation?opportunityId=${pick.opp}` },
  { name: 'contact numbers', as: 'staff' as const, url: `/interviews-api/contactNumbers?opportunityId=${pick.opp}` },
  { name: 'referral partner', as: 'staff' as const, url: `/interviews-api/partners/${pick.partner}` },
  { name: 'excluded areas', as: 'staff' as const, url: `/agents-api/agents/${pick.agent}/excludedAreas` },
  { name: 'MLS boards of a state', as: 'staff' as const, url: '/agents-api/mls-board?state=ME' },
  { name: 'geography, ZIP prefix', as: 'staff' as const, url: '/interviews-api/geography?zip=04&pageSize=20' },
  { name: 'product families', as: 'staff' as const, url: '/agents-api/product' },
  { name: 'Apination (broker admin)', as: 'broker' as const, url: `/agents-api/brokerages/${b}/apination` },
];

await reportCases(app, tokens, cases, { samples: SAMPLES, budgetMs: BUDGET_P95_MS, close });
