// The broker admin's lists and metrics at 100x the demo seed:
//   node --import tsx bench/broker-admin.ts   (npm run bench -- broker-admin)
// Seeds an in-memory PGlite database with seed(db, { scale }), then calls My Metrics and each list
// (notifications, announcements, admins, email settings) for Harbor Point as its brokerage admin, in
// process. Prints wall p50 / p95 / max and CPU p50 / p95 per call (bench/harness.ts) and exits 1 when
// any wall p95 is over the budget.
// BROKER_ADMIN_BENCH_SCALE (default 100) and BROKER_ADMIN_BENCH_SAMPLES (default 100) change a run.
import { loadavg } from 'node:os';
import { sql } from 'kysely';

import { reportCases, seededApp, signIn, WARMUP } from './harness.ts';

const BUDGET_P95_MS = 50; // the metrics endpoint and each list at 100x the seed
const SCALE = Number(process.env.BROKER_ADMIN_BENCH_SCALE ?? 100);
const SAMPLES = Number(process.env.BROKER_ADMIN_BENCH_SAMPLES ?? 100);

const { db, close, ctx, seededSeconds, app } = await seededApp(SCALE);
const token = await signIn(app, 'broker@demo.test');
const b = ctx.ids.harborPoint;
const counts = (
  await sql<{ notifications: number; referrals: number; announcements: number }>`select
  (select count(*) from agent_notifications where brokerage_id = ${b})::int as notifications,
  (select count(*) from referrals where brokerage_id = ${b})::int as referrals,
  (select count(*) from announcements)::int as announcements`.execute(db)
).rows[0]!;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const cases = (
  [
    { name: 'metrics, 12 months', url: `/agents-api/brokerages/${b}/metrics?months=12` },
    { name: 'metrics, 3 months', url: `/agents-api/brokerages/${b}/metrics?months=3` },
    {
      name: 'notifications, last day (default)',
      url: `/agents-api/notifications?pageIndex=0&pageSize=10&sort=sent,DESC&fromDate=${day(1)}`,
    },
    { name: 'notifications, all, page 0', url: '/agents-api/notifications?pageIndex=0&pageSize=40&sort=sent,DESC' },
    {
      name: 'notifications, type + 30 days',
      url: `/agents-api/notifications?pageIndex=0&pageSize=10&type=NEW_REFERRAL&fromDate=${day(30)}&toDate=${day(0)}`,
    },
    {
      name: 'notifications, one agent',
      url: `/agents-api/notifications?pageIndex=0&pageSize=10&agentId=${ctx.ids.demoAgent}`,
    },
    { name: 'announcements, page 0', url: '/users-api/announcements?pageIndex=0&pageSize=10' },
    { name: 'announcements, unread count', url: '/users-api/announcements?pageIndex=0&pageSize=1' },
    { name: 'brokerage admins, page 0', url: '/users-api/brokerage-admins?pageIndex=0&pageSize=10' },
    { name: 'email settings', url: '/users-api/emailSettings' },
  ] as const
).map((c) => ({ ...c, as: 'broker' as const }));

console.log(
  `seed scale ${SCALE} in ${seededSeconds.toFixed(0)} s; Harbor Point: ${counts.notifications.toLocaleString('en-US')} notifications, ` +
    `${counts.referrals.toLocaleString('en-US')} referrals; ${counts.announcements} announcements; ` +
    `${SAMPLES} requests per call after ${WARMUP} warm-up; load average ${loadavg()[0]!.toFixed(2)}`,
);
await reportCases(app, { broker: token }, cases, { samples: SAMPLES, budgetMs: BUDGET_P95_MS, close });
