// Processes that add up: node --import tsx bench/processes.ts   (npm run bench -- processes)
// The real API (bench/api-server.ts real, createApp) on one PostgreSQL, run as ONE process and then as
// TWO processes on the same database, loaded with the same reads and the same total connections
// (PROCESSES_CONNECTIONS, default 20), split evenly across the processes (autocannon's list of URLs
// deals its connections out in turn). Budget: two processes serve >= 1.3x the req/s of one, for each
// read (exit 1 otherwise).
// Database: the server of BENCH_DATABASE_URL or TEST_DATABASE_URL, or a throwaway PostgreSQL 15
// started with scripts/test-postgres.sh and stopped at the end; a new database on it, migrated and
// seeded with the default demo seed (scale 1: the reads are index lookups, their cost does not grow
// with the tables).
// Reads: an agent by id and a list of 20 agents (as bench/api.ts), each loaded for
// PROCESSES_SECONDS (default 8) after a 2 s warm-up, PROCESSES_ROUNDS times (default 2) alternating
// one and two processes, so a neighbour's burst on this shared machine falls on both. Each figure is
// the rounds' total requests over their total time; p50/p99 are the rounds' mean.
// Printed for each: req/s, p50/p99, API CPU ms per request (every API process, /proc), the
// database's CPU ms per request (every process of the local server, bench/pg-cpu.ts), the load
// generator's own CPU ms per request (this process: autocannon runs here, nothing else does), the
// share of the machine's cores the three used, and the load average. Then the ratio two/one and:
//  - a ceiling of this machine from CPU per request: the 2 cores serve at most
//    2000 / (API + database + load generator ms per request) req/s whatever the processes, and one
//    Node process at most 1000 / API ms per request (it runs JavaScript on one core). The ratio two
//    can reach here is the first over the smaller of the two: when the load generator and PostgreSQL
//    take the second core, a second API process has nothing to run on, and the benchmark says so.
//  - a bigger machine's figure: one core of API serves 1000 / API ms req/s and asks database ms / API
//    ms cores of PostgreSQL for them; N API processes on N cores serve N times that, with the load
//    generator elsewhere.
// Choices: the load generator runs in this process, not pinned. On two cores pinning only decides who
// waits (the load generator, PostgreSQL and two Node processes all want a core), and its CPU is
// measured instead, so the ceiling above accounts for it. The second process of the ONE run is idle
// (it is started once for both runs); its CPU is counted with the API's, it is near zero.
import { type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';

import { serverCpuReader } from './pg-cpu.ts';
import { cpuMs, json, postgresDatabase, signIn, startApiServer, startThrowawayPostgres } from './servers.ts';

const SECONDS = Number(process.env.PROCESSES_SECONDS ?? 8);
const ROUNDS = Number(process.env.PROCESSES_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.PROCESSES_CONNECTIONS ?? 20);
const RATIO_BUDGET = 1.3;
const CORES = 2; // this machine's; the ceiling below is computed for it

interface Round {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  apiMs: number;
  /** The second API process's part of apiMs (near zero in a run of one). */
  secondProcessMs: number;
  dbMs: number | undefined;
  loaderMs: number;
}
interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** CPU ms per request. */
  api: number;
  db: number | undefined;
  loader: number;
  /** Cores used by API + database + load generator, on average. */
  cores: number;
  /** The second process's share of the API's CPU. */
  secondShare: number;
}

const loadText = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const throwaway = given ? undefined : startThrowawayPostgres();
const children: ChildProcess[] = [];
let exitCode = 0;
try {
  const serverUrl = given ?? throwaway!.url;
  const databaseUrl = await postgresDatabase(serverUrl);
  const dbCpu = serverCpuReader(serverUrl);
  const a = await startApiServer('real', { BENCH_DATABASE_URL: databaseUrl });
  children.push(a.child);
  const b = await startApiServer('real', { BENCH_DATABASE_URL: databaseUrl });
  children.push(b.child);
  const pids = [a.child.pid!, b.child.pid!];
  const token = await signIn(a.url);
  const headers = { Authorization: `Bearer ${token}` };
  const agents = await json<{ content: { id: number }[] }>(`${a.url}/agents-api/agents?pageSize=1`, { headers });
  const cases = [
    { name: 'agent by id', path: `/agents-api/agents/${agents.content[0]!.id}` },
    { name: 'list of 20 agents', path: '/agents-api/agents?pageSize=20' },
  ];

  const run = async (urls: string[]): Promise<Round> => {
    // autocannon takes a list of URLs (its types say one): connections are dealt out to them in turn.
    const url = urls as unknown as string;
    await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
    const api0 = pids.reduce((s, p) => s + cpuMs(p), 0);
    const db0 = dbCpu?.();
    const loader0 = process.cpuUsage();
    const started = performance.now();
    const secondProcess0 = cpuMs(pids[1]!);
    const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
    const secondProcessMs = cpuMs(pids[1]!) - secondProcess0;
    const seconds = (performance.now() - started) / 1000;
    const loader = process.cpuUsage(loader0);
    const db1 = dbCpu?.();
    const api1 = pids.reduce((s, p) => s + cpuMs(p), 0);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${urls.join(' ')}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return {
      requests: r.requests.total,
      seconds,
      p50: r.latency.p50,
      p99: r.latency.p99,
      apiMs: api1 - api0,
      secondProcessMs,
      dbMs: db0 === undefined || db1 === undefined ? undefined : (db1 - db0) * 1000,
      loaderMs: (loader.user + loader.system) / 1000,
    };
  };
  const figures = (rounds: Round[]): Figures => {
    const sum = (f: (r: Round) => number) => rounds.reduce((s, r) => s + f(r), 0);
    const requests = Math.max(
      1,
      sum((r) => r.requests),
    );
    const seconds = sum((r) => r.seconds);
    const db = rounds.every((r) => r.dbMs !== undefined) ? sum((r) => r.dbMs!) : undefined;
    return {
      rps: requests / seconds,
      p50: sum((r) => r.p50) / rounds.length,
      p99: sum((r) => r.p99) / rounds.length,
      api: sum((r) => r.apiMs) / requests,
      db: db === undefined ? undefined : db / requests,
      loader: sum((r) => r.loaderMs) / requests,
      secondShare:
        sum((r) => r.secondProcessMs) /
        Math.max(
          1,
          sum((r) => r.apiMs),
        ),
      cores: (sum((r) => r.apiMs) + (db ?? 0) + sum((r) => r.loaderMs)) / 1000 / seconds,
    };
  };
  const fmt = (label: string, f: Figures) =>
    `  ${label.padEnd(14)}${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1).padStart(5)} ms  p99 ${f.p99
      .toFixed(1)
      .padStart(
        5,
      )} ms  CPU ms/req: API ${f.api.toFixed(2)}, database ${f.db?.toFixed(2) ?? '?'}, load generator ${f.loader.toFixed(
      2,
    )}  (${f.cores.toFixed(2)} of ${CORES} cores busy; ${(f.secondShare * 100).toFixed(0)}% of the API's CPU in the second process)`;

  console.log(
    `processes: the real API on ${given ? 'the given' : 'a throwaway'} PostgreSQL (demo seed), ${CONNECTIONS} connections in all, ` +
      `${SECONDS} s x ${ROUNDS} rounds per figure; load average before: ${loadText()} (${CORES} cores)`,
  );
  if (!dbCpu) console.log('  (the database is not on this machine: no database CPU, no ceiling)');
  const failures: string[] = [];
  for (const k of cases) {
    const one: Round[] = [];
    const two: Round[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      one.push(await run([`${a.url}${k.path}`]));
      two.push(await run([`${a.url}${k.path}`, `${b.url}${k.path}`]));
    }
    const f1 = figures(one);
    const f2 = figures(two);
    const ratio = f2.rps / f1.rps;
    console.log(`\n${k.name}\n${fmt('one process', f1)}\n${fmt('two processes', f2)}`);
    console.log(`  ratio two/one: ${ratio.toFixed(2)}x (budget >= ${RATIO_BUDGET}x); load average ${loadText()}`);
    if (f2.db !== undefined) {
      // From the two-process run's CPU per request (the one that matters for scaling out).
      const perReq = f2.api + f2.db + f2.loader;
      const machineCeiling = (CORES * 1000) / perReq;
      const oneCeiling = Math.min(1000 / f1.api, (CORES * 1000) / (f1.api + (f1.db ?? 0) + f1.loader));
      const reachable = machineCeiling / oneCeiling;
      console.log(
        `  this machine's ceiling: ${CORES} cores / ${perReq.toFixed(2)} ms per request (API + database + load generator) = ` +
          `${machineCeiling.toFixed(0)} req/s for any number of processes; one process <= ${oneCeiling.toFixed(0)} req/s; ` +
          `so two can reach at most ${reachable.toFixed(2)}x here`,
      );
      console.log(
        `  a bigger machine: one core of API serves ${(1000 / f2.api).toFixed(0)} req/s and needs ${(f2.db / f2.api).toFixed(2)} ` +
          `cores of PostgreSQL for them; N API processes on N cores (load generator elsewhere) ~ N x ${(1000 / f2.api).toFixed(0)} req/s ` +
          `while PostgreSQL has N x ${(f2.db / f2.api).toFixed(2)} cores`,
      );
      if (ratio < RATIO_BUDGET && reachable < RATIO_BUDGET) {
        const flatOut = (f1.api + (f1.db ?? 0) + f1.loader) / f1.api;
        console.log(
          `  why under ${RATIO_BUDGET}x: each request costs PostgreSQL ${f2.db.toFixed(2)} ms and the load generator ` +
            `${f2.loader.toFixed(2)} ms beside the API's ${f2.api.toFixed(2)} ms, on the same ${CORES} cores; one API process ` +
            `flat out (one core) already asks ${flatOut.toFixed(2)} cores in all, so two cannot add more than ` +
            `${(CORES / flatOut).toFixed(2)}x here (and less while neighbours run: load average ${loadText()})`,
        );
      }
    }
    if (ratio < RATIO_BUDGET)
      failures.push(`${k.name}: two processes ${ratio.toFixed(2)}x of one (budget ${RATIO_BUDGET}x)`);
  }
  console.log(
    `\nload average after: ${loadText()} (${CORES} cores: above ~${CORES} the figures include waiting for a CPU)`,
  );
  if (failures.length > 0) {
    console.error(`\nBUDGET BLOWN:\n  ${failures.join('\n  ')}`);
    exitCode = 1;
  } else {
    console.log('\nwithin budget');
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500)); // their pools close before the server stops
  throwaway?.stop();
}
process.exit(exitCode);
