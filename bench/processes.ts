// Processes that add up: node --import tsx bench/processes.ts   (npm run bench -- processes)
// The real API (bench/api-server.ts real, createApp) on one PostgreSQL, run as ONE process and then as
// TWO processes on the same database, loaded with the same reads and the same total connections
// (PROCESSES_CONNECTIONS, default 20), split evenly across the processes. Budget: two processes serve
// >= 1.3x the req/s of one, for each read (exit 1 otherwise).
// Database: the server of BENCH_DATABASE_URL or TEST_DATABASE_URL, or a throwaway PostgreSQL 15
// started with scripts/test-postgres.sh and stopped at the end; a new database on it, migrated and
// seeded with the default demo seed (scale 1: the reads are index lookups, their cost does not grow
// with the tables).
// Reads: an agent by id and a list of 20 agents (as bench/api.ts), each loaded for
// PROCESSES_SECONDS (default 8) after a 2 s warm-up, PROCESSES_ROUNDS times (default 2) alternating
// one and two processes, so a neighbour's burst on this shared machine falls on both. Each figure is
// the rounds' total requests over their total time; p50/p99 are the rounds' mean.
// Load generator: wrk (Debian's package; one wrk per API process, one thread each, its CPU read
// with the shell's `times`) when it is installed, else autocannon in this process
// (PROCESSES_LOADER=autocannon forces it). wrk costs about 0.02 ms of CPU per request, autocannon
// 0.04 to 0.09 ms, taken from the same two cores as the API and PostgreSQL.
// Two settings of each figure (decision 0132):
//  - uncapped: the API processes take what the machine gives them. Once one process is at the
//    machine's ceiling (1.4 of 2 cores busy for the by-id read) a second one has nothing to run
//    on, and the benchmark prints that ceiling from CPU per request:
//    2000 / (API + database + load generator ms per request) req/s whatever the processes, one
//    process at most 1000 / API ms (it runs JavaScript on one core);
//  - capped: each API process held to PROCESSES_API_CORES of a core (default 0.5) by cgroup v1's
//    cpu controller (root, /sys/fs/cgroup/cpu), as a container's CPU limit holds it: one process is
//    bound by its own share and the second one's share is free here, so what two add is theirs.
//    The budget is checked on these runs when the controller is writable, else on the uncapped ones.
// Printed for each: req/s, p50/p99, API CPU ms per request (every API process, /proc), the
// database's CPU ms per request (every process of the local server, bench/pg-cpu.ts), the load
// generator's CPU ms per request, the share of the machine's cores the three used, the load average,
// the ratio two/one, and a bigger machine's figure: one core of API serves 1000 / API ms req/s and
// asks database ms / API ms cores of PostgreSQL for them; N API processes on N cores serve N times
// that, with the load generator elsewhere.
// The second process of a ONE run is idle (it is started once for both runs); its CPU is counted
// with the API's, it is near zero.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';

import { serverCpuReader } from './pg-cpu.ts';
import { cpuMs, json, postgresDatabase, signIn, startApiServer, startThrowawayPostgres } from './servers.ts';

const SECONDS = Number(process.env.PROCESSES_SECONDS ?? 8);
const ROUNDS = Number(process.env.PROCESSES_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.PROCESSES_CONNECTIONS ?? 20);
const RATIO_BUDGET = 1.3;
const CORES = 2; // this machine's; the ceiling below is computed for it
/** Each API process's CPU share in the capped runs (PROCESSES_API_CORES). */
const API_CORES = Number(process.env.PROCESSES_API_CORES ?? 0.5);
// The load generator: wrk when it is installed (Debian's package), else autocannon in this process.
const LOADER =
  process.env.PROCESSES_LOADER === 'autocannon' || spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk';

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

/**
 * Caps on the API processes' CPU through cgroup v1's cpu controller (root; this machine mounts it at
 * /sys/fs/cgroup/cpu): one group per process, every thread moved in. set(cores) applies
 * cores x a 10 ms period (short, so a throttled process waits milliseconds, not a 100 ms default
 * period), set(undefined) lifts the cap. undefined when the controller is missing or not writable.
 */
function cpuCaps(pids: number[]): { set(cores: number | undefined): void; remove(): void } | undefined {
  const root = '/sys/fs/cgroup/cpu';
  const period = 10_000;
  const groups: string[] = [];
  try {
    for (const pid of pids) {
      const dir = `${root}/porchlight-bench-${pid}`;
      mkdirSync(dir, { recursive: true });
      groups.push(dir);
      writeFileSync(`${dir}/cpu.cfs_period_us`, String(period));
      writeFileSync(`${dir}/cgroup.procs`, String(pid)); // every thread of the process
    }
  } catch {
    for (const dir of groups) rmdirSync(dir);
    return undefined;
  }
  const set = (cores: number | undefined) => {
    for (const dir of groups)
      writeFileSync(`${dir}/cpu.cfs_quota_us`, cores === undefined ? '-1' : String(Math.round(cores * period)));
  };
  return {
    set,
    remove() {
      set(undefined);
      // A group can go once its tasks have left: move them back to the root group.
      for (const dir of groups) {
        for (const pid of readFileSync(`${dir}/cgroup.procs`, 'utf8').split('\n').filter(Boolean))
          try {
            writeFileSync(`${root}/cgroup.procs`, pid);
          } catch {
            // the process has ended
          }
        try {
          rmdirSync(dir);
        } catch {
          // left for the next run's mkdir (recursive: it exists)
        }
      }
    },
  };
}

interface Load {
  requests: number;
  p50: number;
  p99: number;
  /** Non-2xx answers and socket errors. */
  failed: number;
  /** The load generator's CPU over the run. */
  cpuMs: number;
}

/** autocannon in this process: a list of URLs deals its connections out in turn (its types say one URL). */
async function autocannonLoad(urls: string[], seconds: number, headers: Record<string, string>): Promise<Load> {
  const before = process.cpuUsage();
  const r = await autocannon({ url: urls as unknown as string, connections: CONNECTIONS, duration: seconds, headers });
  const cpu = process.cpuUsage(before);
  return {
    requests: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

const WRK_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const wrkMs = (text: string) => {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) throw new Error(`wrk latency "${text}"`);
  return Number(m[1]) * WRK_UNITS[m[2]!]!;
};

/**
 * wrk (C, one epoll thread per process): one wrk per URL with its share of the connections, run by
 * sh so that `times` prints the CPU wrk used (a child's, once waited for). Latencies are the mean
 * of the wrk processes' percentiles, weighted by their requests.
 */
async function wrkLoad(urls: string[], seconds: number, headers: Record<string, string>): Promise<Load> {
  const each = Math.max(1, Math.floor(CONNECTIONS / urls.length));
  const runs = await Promise.all(
    urls.map(
      (url) =>
        new Promise<Load>((resolve, reject) => {
          const args = ['-t1', `-c${each}`, `-d${seconds}s`, '--latency'];
          for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
          const child = spawn('sh', ['-c', 'wrk "$@" && times', 'sh', ...args, url]);
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.stderr.on('data', (d: Buffer) => (out += d.toString()));
          child.on('error', reject);
          child.on('close', (code) => {
            const requests = /(\d+) requests in/.exec(out);
            const p50 = /^\s+50%\s+(\S+)/m.exec(out);
            const p99 = /^\s+99%\s+(\S+)/m.exec(out);
            // `times`: the shell's own user and system time, then its children's.
            const times = [...out.matchAll(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/gm)][1];
            if (code !== 0 || !requests || !p50 || !p99 || !times) {
              reject(new Error(`wrk failed (exit ${code}):\n${out}`));
              return;
            }
            const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
            const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
            const failed =
              Number(non2xx?.[1] ?? 0) + (socketErrors ? socketErrors.slice(1).reduce((s, x) => s + Number(x), 0) : 0);
            const [, um, us, sm, ss] = times.map(Number) as [number, number, number, number, number];
            resolve({
              requests: Number(requests[1]),
              p50: wrkMs(p50[1]!),
              p99: wrkMs(p99[1]!),
              failed,
              cpuMs: (um * 60 + us + sm * 60 + ss) * 1000,
            });
          });
        }),
    ),
  );
  const requests = runs.reduce((s, r) => s + r.requests, 0);
  const weighted = (f: (r: Load) => number) => runs.reduce((s, r) => s + f(r) * r.requests, 0) / Math.max(1, requests);
  return {
    requests,
    p50: weighted((r) => r.p50),
    p99: weighted((r) => r.p99),
    failed: runs.reduce((s, r) => s + r.failed, 0),
    cpuMs: runs.reduce((s, r) => s + r.cpuMs, 0),
  };
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
    const load = LOADER === 'wrk' ? wrkLoad : autocannonLoad;
    await load(urls, 2, headers); // warm-up
    const api0 = pids.reduce((s, p) => s + cpuMs(p), 0);
    const db0 = dbCpu?.();
    const started = performance.now();
    const secondProcess0 = cpuMs(pids[1]!);
    const r = await load(urls, SECONDS, headers);
    const secondProcessMs = cpuMs(pids[1]!) - secondProcess0;
    const seconds = (performance.now() - started) / 1000;
    const db1 = dbCpu?.();
    const api1 = pids.reduce((s, p) => s + cpuMs(p), 0);
    if (r.failed > 0) throw new Error(`${urls.join(' ')}: ${r.failed} non-2xx answers or socket errors`);
    return {
      requests: r.requests,
      seconds,
      p50: r.p50,
      p99: r.p99,
      apiMs: api1 - api0,
      secondProcessMs,
      dbMs: db0 === undefined || db1 === undefined ? undefined : (db1 - db0) * 1000,
      loaderMs: r.cpuMs,
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
      `${SECONDS} s x ${ROUNDS} rounds per figure, load from ${LOADER}; load average before: ${loadText()} (${CORES} cores)`,
  );
  if (!dbCpu) console.log('  (the database is not on this machine: no database CPU, no ceiling)');
  const explainUncapped = (f1: Figures, f2: Figures, ratio: number) => {
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
  };
  const failures: string[] = [];
  const caps = cpuCaps(pids);
  if (!caps)
    console.log(`  (no writable cgroup cpu controller here: the runs with each API process capped are skipped)`);
  for (const k of cases) {
    console.log(`\n${k.name}`);
    // Uncapped: the API processes take whatever the machine gives them. Capped: each is held to
    // API_CORES of a core (a container's CPU limit), so one process is bound by its own share and
    // the second process's share is free on this machine: what two processes add is then theirs,
    // not the machine's. The budget is checked on the capped runs when there are any.
    const modes = caps ? ([undefined, API_CORES] as const) : ([undefined] as const);
    for (const cores of modes) {
      caps?.set(cores);
      const one: Round[] = [];
      const two: Round[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        one.push(await run([`${a.url}${k.path}`]));
        two.push(await run([`${a.url}${k.path}`, `${b.url}${k.path}`]));
      }
      const f1 = figures(one);
      const f2 = figures(two);
      const ratio = f2.rps / f1.rps;
      const checked = cores !== undefined || !caps;
      console.log(
        `  ${cores === undefined ? 'each API process uncapped' : `each API process capped at ${cores} of a core`}\n` +
          `${fmt('one process', f1)}\n${fmt('two processes', f2)}`,
      );
      console.log(
        `    ratio two/one: ${ratio.toFixed(2)}x (${checked ? `budget >= ${RATIO_BUDGET}x` : "not the budget's run"}); load average ${loadText()}`,
      );
      if (cores === undefined) explainUncapped(f1, f2, ratio);
      if (checked && ratio < RATIO_BUDGET)
        failures.push(
          `${k.name}: two processes ${ratio.toFixed(2)}x of one${cores === undefined ? '' : ` (each capped at ${cores} core)`} (budget ${RATIO_BUDGET}x)`,
        );
    }
  }
  caps?.remove();
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
