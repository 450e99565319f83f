// Staff administration at 100x the demo seed: node --import tsx bench/suppliers-sms.ts   (npm run bench -- suppliers-sms)
// The bulk SMS pre-flight of 10,000 pasted recipients (budget 1 s: invalid, duplicate, DNC and
// quiet-hours checks, nothing sent) and the supplier lists (p95 <= 50 ms), in process through
// createApp(...).request. STAFF_ADMIN_BENCH_SCALE (default 100) and STAFF_ADMIN_BENCH_SAMPLES
// (default 100) change the size of a run. The send history (ADMIN) is a list case here too. User search and the announcements editor are in bench/staff-admin.ts.
import { loadavg } from 'node:os';
import { sql } from 'kysely';

import { percentile, reportCases, seededApp, signIn, WARMUP } from './harness.ts';

const BUDGET_P95_MS = 50;
const PREFLIGHT_BUDGET_MS = 1000;
const SCALE = Number(process.env.STAFF_ADMIN_BENCH_SCALE ?? 100);
const SAMPLES = Number(process.env.STAFF_ADMIN_BENCH_SAMPLES ?? 100);

const { db, close, seededSeconds, app } = await seededApp(SCALE);
const tokens = { staff: await signIn(app, 'admin@demo.test') };
const supplier = (
  await sql<{
    id: number;
  }>`select supplier_id as id from lead_supplier_zip_codes group by 1 order by count(*) desc limit 1`.execute(db)
).rows[0]!.id;
const dnc = (
  await sql<{ value: string }>`select value from dnc_contacts where type = 'PHONE' order by id limit 1000`.execute(db)
).rows.map((r) => r.value);
const counts = (
  await sql<{
    zips: number;
    dnc: number;
    opps: number;
  }>`select (select count(*) from lead_supplier_zip_codes)::int as zips,
  (select count(*) from dnc_contacts)::int as dnc, (select count(*) from opportunities)::int as opps`.execute(db)
).rows[0]!;

// 10,000 recipients: 1,000 on the DNC list, 100 invalid, 100 duplicates, the rest across area codes.
const AREAS = ['207', '212', '312', '303', '415', '808', '555', '907', '787'];
const numbers = Array.from(
  { length: 8_800 },
  (_, i) => `(${AREAS[i % AREAS.length]}) ${String(200 + (i % 700)).padStart(3, '0')}-${String(i).padStart(4, '0')}`,
);
const list = [...numbers, ...dnc, ...Array.from({ length: 100 }, (_, i) => `12${i}`), ...numbers.slice(0, 100)];
const body = new URLSearchParams({
  message: 'Hi {firstName|there}, new listings near you. Reply STOP to opt out.',
  source: 'NUMBERS',
  numbers: list.join('\n'),
}).toString();

console.log(
  `seed scale ${SCALE} in ${seededSeconds.toFixed(0)} s; ${counts.zips.toLocaleString('en-US')} supplier ZIPs, ${counts.dnc.toLocaleString('en-US')} DNC contacts, ` +
    `${counts.opps.toLocaleString('en-US')} opportunities; load average ${loadavg()[0]!.toFixed(2)}`,
);

const wall: number[] = [];
const cpu: number[] = [];
let last = '';
for (let i = 0; i < 3 + 20; i++) {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const res = await app.request('/interviews-api/opportunities/sms/preflight', {
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${tokens.staff}`, 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  last = await res.text();
  if (res.status !== 200) throw new Error(`pre-flight: ${res.status} ${last.slice(0, 300)}`);
  if (i >= 3) {
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
}
wall.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
const answer = JSON.parse(last) as { total: number; sendable: number; byReason: Record<string, number> };
console.log(
  `bulk SMS pre-flight of ${answer.total.toLocaleString('en-US')} recipients (${JSON.stringify(answer.byReason)}): ` +
    `p50 ${percentile(wall, 0.5).toFixed(0)} ms, p95 ${percentile(wall, 0.95).toFixed(0)} ms, cpu p50 ${percentile(cpu, 0.5).toFixed(0)} ms, cpu p95 ${percentile(cpu, 0.95).toFixed(0)} ms`,
);
const preflightBlown = percentile(wall, 0.95) > PREFLIGHT_BUDGET_MS;
if (preflightBlown) console.error(`FAIL: pre-flight p95 over ${PREFLIGHT_BUDGET_MS} ms`);

console.log(`\nlists: ${SAMPLES} requests per endpoint after ${WARMUP} warm-up`);
await reportCases(
  app,
  tokens,
  [
    { name: 'suppliers, page 0', as: 'staff', url: '/users-api/lead-suppliers?pageIndex=0&pageSize=10' },
    { name: 'suppliers, name search', as: 'staff', url: '/users-api/lead-suppliers?name=ads' },
    { name: 'supplier detail', as: 'staff', url: `/users-api/lead-suppliers/${supplier}` },
    {
      name: 'supplier ZIPs, page 0',
      as: 'staff',
      url: `/leads-api/lead-supplier-zip-codes?supplierId=${supplier}&pageSize=10`,
    },
    {
      name: 'supplier ZIPs, deep page',
      as: 'staff',
      url: `/leads-api/lead-supplier-zip-codes?supplierId=${supplier}&pageIndex=200&pageSize=10`,
    },
    {
      name: 'supplier ZIPs, prefix',
      as: 'staff',
      url: `/leads-api/lead-supplier-zip-codes?supplierId=${supplier}&zip=04&pageSize=10`,
    },
    { name: 'supplier limits', as: 'staff', url: `/leads-api/lead-supplier-limit?supplierId=${supplier}` },
    { name: 'bulk SMS sends', as: 'staff', url: '/interviews-api/opportunities/sms/jobs' },
    // The page's send history: 1,200 seeded sends at 100x, each page's outcome counts.
    {
      name: 'bulk SMS send history, page 0',
      as: 'staff',
      url: '/interviews-api/opportunities/sms/history?pageIndex=0&pageSize=10',
    },
    {
      name: 'bulk SMS send history, page 26 x 40',
      as: 'staff',
      url: '/interviews-api/opportunities/sms/history?pageIndex=25&pageSize=40',
    },
  ],
  { samples: SAMPLES, budgetMs: BUDGET_P95_MS, close },
);
if (preflightBlown) process.exit(1);
