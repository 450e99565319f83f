// Staff administration at 100x the demo seed:
//   node --import tsx bench/staff-admin.ts   (npm run bench -- staff-admin)
// Seeds an in-memory PGlite database with seed(db, { scale }) and times User Management's search
// and the Announcements editor's list, in process. One reportCases table: Bulk SMS Send adds
// its bulk SMS pre-flight case here. STAFF_ADMIN_BENCH_SCALE (default 100) and
// STAFF_ADMIN_BENCH_SAMPLES (default 100) change a run.
import { loadavg } from 'node:os';
import { sql } from 'kysely';

import { reportCases, seededApp, signIn, WARMUP } from './harness.ts';

const BUDGET_P95_MS = 50; // staff administration lists p95 <= 50 ms at 100x the seed
const SCALE = Number(process.env.STAFF_ADMIN_BENCH_SCALE ?? 100);
const SAMPLES = Number(process.env.STAFF_ADMIN_BENCH_SAMPLES ?? 100);

const { db, close, seededSeconds, app } = await seededApp(SCALE);
const tokens = {
  admin: await signIn(app, 'admin@demo.test'),
  manager: await signIn(app, 'manager@demo.test'),
  broker: await signIn(app, 'broker@demo.test'),
};
type Who = keyof typeof tokens;
const counts = (
  await sql<{ users: number; announcements: number; reads: number }>`select
  (select count(*) from users)::int as users, (select count(*) from announcements)::int as announcements,
  (select count(*) from announcement_reads)::int as reads`.execute(db)
).rows[0]!;
const someone = (
  await sql<{
    id: number;
  }>`select id from users where email like '%@staff.porchlight.example' order by id desc limit 1`.execute(db)
).rows[0]!.id;

const U = '/users-api/users';
const cases: { name: string; as: Who; url: string }[] = [
  { name: 'users, page 0 by last name', as: 'manager', url: `${U}?pageIndex=0&pageSize=20` },
  { name: 'users, page 50 by last name', as: 'manager', url: `${U}?pageIndex=50&pageSize=20` },
  { name: 'users, search "nguyen"', as: 'manager', url: `${U}?q=nguyen&pageSize=20` },
  { name: 'users, search by email', as: 'manager', url: `${U}?q=csr%40demo.test&pageSize=20` },
  { name: 'users, role CSR + active', as: 'manager', url: `${U}?role=CSR&status=ACTIVE&pageSize=20` },
  { name: 'users, search + role', as: 'admin', url: `${U}?q=harper&role=QA_TEAM&pageSize=20` },
  { name: 'user detail', as: 'admin', url: `${U}/${someone}` },
  { name: 'user history', as: 'admin', url: `${U}/${someone}/audit` },
  {
    name: 'announcements editor, page 0',
    as: 'admin',
    url: '/users-api/announcements/managed?pageIndex=0&pageSize=20',
  },
  { name: 'announcements editor, search', as: 'admin', url: '/users-api/announcements/managed?q=webinar&pageSize=20' },
  { name: 'announcements editor (broker)', as: 'broker', url: '/users-api/announcements/managed?pageSize=20' },
];

console.log(
  `seed scale ${SCALE} in ${seededSeconds.toFixed(0)} s; ${counts.users.toLocaleString('en-US')} users, ` +
    `${counts.announcements.toLocaleString('en-US')} announcements, ${counts.reads.toLocaleString('en-US')} reads; ` +
    `${SAMPLES} requests per endpoint after ${WARMUP} warm-up; load average ${loadavg()[0]!.toFixed(2)}`,
);
await reportCases(app, tokens, cases, { samples: SAMPLES, budgetMs: BUDGET_P95_MS, close });
