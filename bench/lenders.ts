// The lender console's API at 100x the demo seed: node --import tsx bench/lenders.ts   (npm run bench -- lenders)
// Seeds an in-memory PGlite database with seed(db, { scale }), then calls the lender lists, details
// and the loan office overview in process through createApp(...).request for Summit Home Loans, as
// its admin, as staff and as a brokerage admin (the same pattern as bench/stats.ts). Prints p50 /
// p95 / max wall time and CPU time per endpoint, and exits 1 when any wall-clock p95 is over budget.
// LENDERS_BENCH_SCALE (default 100) and LENDERS_BENCH_SAMPLES (default 100) change the size of a run.
import { loadavg } from 'node:os';
import { sql } from 'kysely';

import { reportCases, seededApp, signIn, WARMUP } from './harness.ts';

const BUDGET_P95_MS = 50; // lender lists and overview figures at 100x the seed
const SCALE = Number(process.env.LENDERS_BENCH_SCALE ?? 100);
const SAMPLES = Number(process.env.LENDERS_BENCH_SAMPLES ?? 100); // timed requests per endpoint

interface Case {
  name: string;
  as: 'staff' | 'broker' | 'lender';
  url: string;
}

const { db, close, ctx, seededSeconds, app } = await seededApp(SCALE);
const tokens = {
  staff: await signIn(app, 'admin@demo.test'),
  broker: await signIn(app, 'broker@demo.test'),
  lender: await signIn(app, 'lender@demo.test'),
};
const office = ctx.ids.summit;
const counts = (
  await sql<{ referrals: number; all: number }>`select
  (select count(*) from lender_referrals where loan_office_id = ${office})::int as referrals,
  (select count(*) from lender_referrals)::int as all`.execute(db)
).rows[0]!;
const officer = (
  await sql<{ id: number }>`select loan_officer_id as id from lender_referrals where loan_office_id = ${office}
  and loan_officer_id is not null group by 1 order by count(*) desc limit 1`.execute(db)
).rows[0]!.id;
const referral = (
  await sql<{
    id: number;
  }>`select id from lender_referrals where loan_office_id = ${office} order by received_at desc limit 1`.execute(db)
).rows[0]!.id;
const R = '/lenders-match-api/lender-assignments';

const cases: Case[] = [
  { name: 'office overview (lender)', as: 'lender', url: `/lenders-api/loan-offices/${office}/stats` },
  { name: 'office overview (staff)', as: 'staff', url: `/lenders-api/loan-offices/${office}/stats` },
  { name: 'referrals, page 0 newest', as: 'lender', url: `${R}?pageIndex=0&pageSize=10` },
  { name: 'referrals, page 20 newest', as: 'lender', url: `${R}?pageIndex=20&pageSize=10` },
  { name: 'referrals, status CLOSED', as: 'lender', url: `${R}?status=CLOSED&pageSize=10` },
  { name: 'referrals, one officer', as: 'lender', url: `${R}?loanOfficerId=${officer}&pageSize=10` },
  { name: 'referrals, unassigned', as: 'lender', url: `${R}?unassigned=true&pageSize=10` },
  { name: 'referrals, buyer search', as: 'lender', url: `${R}?name=smith&pageSize=10` },
  { name: 'referrals, by buyer A-Z', as: 'lender', url: `${R}?sort=buyer,ASC&pageSize=40` },
  { name: 'referrals (brokerage admin)', as: 'broker', url: `${R}?pageSize=10` },
  { name: 'referrals (staff, all offices)', as: 'staff', url: `${R}?pageSize=10` },
  { name: 'referral detail', as: 'lender', url: `${R}/${referral}` },
  { name: 'loan officers', as: 'lender', url: '/lenders-api/loan-officers' },
  { name: 'loan officers (brokerage admin)', as: 'broker', url: '/lenders-api/loan-officers' },
  { name: 'loan officer detail', as: 'lender', url: `/lenders-api/loan-officers/${officer}` },
];

console.log(
  `seed scale ${SCALE} in ${seededSeconds.toFixed(0)} s; Summit Home Loans: ${counts.referrals.toLocaleString('en-US')} lender referrals ` +
    `(${counts.all.toLocaleString('en-US')} in all); ${SAMPLES} requests per endpoint after ${WARMUP} warm-up; load average ${loadavg()[0]!.toFixed(2)}`,
);
await reportCases(app, tokens, cases, { samples: SAMPLES, budgetMs: BUDGET_P95_MS, close });
