// The staff review lists at 100x the demo seed: node --import tsx bench/staff-review.ts   (npm run bench -- staff-review)
// Seeds an in-memory PGlite database with seed(db, { scale }), then calls the agent assignment and
// content item lists (and their lookups, the explanation and the matching) in process through
// createApp(...).request as admin@demo.test. Prints p50 / p95 / max wall and CPU time per endpoint
// and exits 1 when any wall-clock p95 is over 50 ms. (QA Review and Twilio Tasks
// cases join this same table.) STAFF_REVIEW_BENCH_SCALE (default 100) and STAFF_REVIEW_BENCH_SAMPLES (default 100).
import { loadavg } from 'node:os';
import { sql } from 'kysely';

import { reportCases, seededApp, signIn, WARMUP } from './harness.ts';

const BUDGET_P95_MS = 50; // each list at the 100x seed
const SCALE = Number(process.env.STAFF_REVIEW_BENCH_SCALE ?? 100);
const SAMPLES = Number(process.env.STAFF_REVIEW_BENCH_SAMPLES ?? 100);

const { db, close, seededSeconds, app } = await seededApp(SCALE);
const tokens = { staff: await signIn(app, 'admin@demo.test') };
const counts = (
  await sql<{ assignments: number; candidates: number; items: number; versions: number }>`select
  (select count(*) from agent_assignments)::int as assignments, (select count(*) from agent_assignment_candidates)::int as candidates,
  (select count(*) from content_items)::int as items, (select count(*) from content_item_versions)::int as versions`.execute(
    db,
  )
).rows[0]!;
const one = (
  await sql<{
    id: number;
    zip: string;
    opportunity_id: number;
  }>`select id, zip, opportunity_id from agent_assignments order by id limit 1`.execute(db)
).rows[0]!;
const item = (await sql<{ id: number }>`select id from content_items order by id limit 1`.execute(db)).rows[0]!.id;
const A = '/interviews-api/agentAssignments';
const C = '/interviews-api/content-items';

const cases = [
  { name: 'assignments, page 0 newest', as: 'staff' as const, url: `${A}?pageSize=10` },
  { name: 'assignments, page 20', as: 'staff' as const, url: `${A}?pageIndex=20&pageSize=10` },
  { name: 'assignments, forced', as: 'staff' as const, url: `${A}?mode=FORCED&pageSize=10` },
  { name: 'assignments, one ZIP', as: 'staff' as const, url: `${A}?zip=${one.zip}&pageSize=10` },
  { name: 'assignment detail', as: 'staff' as const, url: `${A}/${one.id}?pageSize=10` },
  {
    name: 'explain an opportunity',
    as: 'staff' as const,
    url: `${A}/explain?opportunityId=${one.opportunity_id}&pageSize=10`,
  },
  { name: 'explain a ZIP', as: 'staff' as const, url: `${A}/explain?zip=${one.zip}&pageSize=10` },
  { name: 'markets', as: 'staff' as const, url: '/interviews-api/markets' },
  { name: 'content items, page 0 A-Z', as: 'staff' as const, url: `${C}?pageSize=10` },
  {
    name: 'content items, page 20 updated',
    as: 'staff' as const,
    url: `${C}?pageIndex=20&pageSize=10&sort=updated,DESC`,
  },
  {
    name: 'content items, email, text',
    as: 'staff' as const,
    url: `${C}?usageType=EMAIL_TEMPLATE&text=variant&pageSize=10`,
  },
  { name: 'content usages (200)', as: 'staff' as const, url: `${C}/usages?pageSize=200` },
  { name: 'content audiences (200)', as: 'staff' as const, url: `${C}/audiences?pageSize=200` },
  { name: 'content history', as: 'staff' as const, url: `${C}/${item}/history` },
  {
    name: 'all-match',
    as: 'staff' as const,
    url: `${C}/all-match?usage=NEW_LEAD_INTRO&product=LEAD_GENIUS&clientType=BUYER&state=ME`,
  },
  { name: 'best-match', as: 'staff' as const, url: `${C}/best-match?usage=NEW_LEAD_INTRO&state=ID` },
];

console.log(
  `seed scale ${SCALE} in ${seededSeconds.toFixed(0)} s; ${counts.assignments.toLocaleString('en-US')} assignments with ` +
    `${counts.candidates.toLocaleString('en-US')} candidates, ${counts.items.toLocaleString('en-US')} content items with ` +
    `${counts.versions.toLocaleString('en-US')} versions; ${SAMPLES} requests per endpoint after ${WARMUP} warm-up; load average ${loadavg()[0]!.toFixed(2)}`,
);
await reportCases(app, tokens, cases, { samples: SAMPLES, budgetMs: BUDGET_P95_MS, close });
