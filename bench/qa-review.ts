// Staff administration lists at 100x the demo seed: node --import tsx bench/qa-review.ts
// (npm run bench -- qa-review). QA review (queue with each filter, figures, handlers, a call's
// recordings), the Twilio task proxy and the Messages list, timed in process with bench/harness.ts; exits 1 when any
// wall-clock p95 is over 50 ms. One `cases` table: further staff review lists join it.
// STAFF_REVIEW_BENCH_SCALE (default 100) and STAFF_REVIEW_BENCH_SAMPLES (default 100) change the run.
import { loadavg } from 'node:os';
import { sql } from 'kysely';

import { reportCases, seededApp, signIn, WARMUP } from './harness.ts';

const BUDGET_P95_MS = 50;
const SCALE = Number(process.env.STAFF_REVIEW_BENCH_SCALE ?? 100);
const SAMPLES = Number(process.env.STAFF_REVIEW_BENCH_SAMPLES ?? 100);

const { db, close, seededSeconds, app } = await seededApp(SCALE);
const signInAll = async () => ({
  qa: await signIn(app, 'qa@demo.test'),
  admin: await signIn(app, 'admin@demo.test'),
  broker: await signIn(app, 'broker@demo.test'),
});
const tokens = await signInAll();
// Access tokens live 5 minutes; on a loaded machine a run takes longer, so fresh ones every minute
// (reportCases reads tokens[as] when each case starts).
setInterval(() => {
  void signInAll().then((t) => Object.assign(tokens, t));
}, 60_000).unref();
const counts = (
  await sql<{ calls: number; awaiting: number; tasks: number }>`select
  (select count(*) from qa_reviews)::int as calls, (select count(*) from qa_reviews where status = 'AWAITING')::int as awaiting,
  (select count(*) from contact_center_tasks)::int as tasks`.execute(db)
).rows[0]!;
const pick = (
  await sql<{ disposition: number; handler: number; opp: number; call: number }>`select disposition_id as disposition,
  handled_by as handler, opportunity_id as opp, interaction_id as call from qa_reviews where status = 'AWAITING' order by call_at desc limit 1`.execute(
    db,
  )
).rows[0]!;
const qaId = (await sql<{ id: number }>`select id from users where email = 'qa@demo.test'`.execute(db)).rows[0]!.id;
const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
const month = new Date(Date.now() - 30 * 86_400_000).toISOString();
const Q = '/interviews-api/qa-reviews';
const T = '/contact-center-api/proxy/twilio-api/tasks';

const cases: { name: string; as: keyof typeof tokens; url: string }[] = [
  { name: 'QA queue, awaiting', as: 'qa', url: `${Q}?status=AWAITING&pageSize=10` },
  { name: 'QA queue, awaiting page 50', as: 'qa', url: `${Q}?status=AWAITING&pageIndex=50&pageSize=20` },
  { name: 'QA queue, all calls', as: 'qa', url: `${Q}?pageSize=10` },
  {
    name: 'QA queue, one disposition',
    as: 'qa',
    url: `${Q}?status=AWAITING&dispositionId=${pick.disposition}&pageSize=10`,
  },
  { name: 'QA queue, one handler', as: 'qa', url: `${Q}?status=AWAITING&handledBy=${pick.handler}&pageSize=10` },
  { name: 'QA queue, last 30 days', as: 'qa', url: `${Q}?status=AWAITING&from=${month}&pageSize=10` },
  {
    name: 'QA queue, reviewed by me',
    as: 'qa',
    url: `${Q}?status=REVIEWED&reviewerId=${qaId}&reviewedFrom=${week}&pageSize=10`,
  },
  { name: 'QA queue, passed this week', as: 'qa', url: `${Q}?status=PASSED&reviewedFrom=${week}&pageSize=10` },
  { name: 'QA queue, one opportunity', as: 'qa', url: `${Q}?opportunityId=${pick.opp}&pageSize=100` },
  { name: 'QA figures', as: 'qa', url: `${Q}/figures?since=${week}` },
  { name: 'QA handlers', as: 'qa', url: `${Q}/handlers` },
  { name: 'call recordings', as: 'qa', url: `/interviews-api/interactions/${pick.call}/recordings` },
  { name: 'dispositions (1000)', as: 'qa', url: '/interviews-api/dispositions?pageSize=1000' },
  { name: 'Twilio tasks, oldest first', as: 'admin', url: `${T}?pageSize=10` },
  { name: 'Twilio tasks, stuck', as: 'admin', url: `${T}?stuck=true&pageSize=10` },
  { name: 'Twilio tasks (brokerage admin)', as: 'broker', url: `${T}?pageSize=10` },
  { name: 'Messages, newest first', as: 'admin', url: '/users-api/messages?pageSize=20' },
  { name: 'Messages, dead texts', as: 'admin', url: '/users-api/messages?status=dead&channel=SMS&pageSize=20' },
];

console.log(
  `seed scale ${SCALE} in ${seededSeconds.toFixed(0)} s; ${counts.calls.toLocaleString('en-US')} recorded calls ` +
    `(${counts.awaiting.toLocaleString('en-US')} awaiting review), ${counts.tasks.toLocaleString('en-US')} open tasks; ` +
    `${SAMPLES} requests per endpoint after ${WARMUP} warm-up; load average ${loadavg()[0]!.toFixed(2)}`,
);
await reportCases(app, tokens, cases, { samples: SAMPLES, budgetMs: BUDGET_P95_MS, close });
