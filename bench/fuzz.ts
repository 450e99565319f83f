// The input fuzz's long mode: tests/api/fuzz.test.ts with many more runs per route and a seed of
// its own (FUZZ_RUNS, default 2000; FUZZ_SEED, default the time). Prints the seed so a failure can
// be replayed: FUZZ_SEED=<seed> FUZZ_RUNS=<n> npx vitest run tests/api/fuzz.test.ts
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const runs = process.env.FUZZ_RUNS ?? '2000';
const seed = process.env.FUZZ_SEED ?? String(Date.now() % 2_147_483_647);
console.log(`fuzz: ${runs} runs per route, seed ${seed}`);
const started = Date.now();
const run = spawnSync(
  process.execPath,
  [path.resolve('node_modules/vitest/vitest.mjs'), 'run', 'tests/api/fuzz.test.ts'],
  {
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
  },
);
console.log(
  `fuzz: ${run.status === 0 ? 'no 5xx' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s (seed ${seed})`,
);
process.exit(run.status ?? 1);
