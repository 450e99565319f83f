// npm test: every check, in order, with the time each stage took and the run's budget.
//   typecheck, lint, knip and the formatter check (side by side) -> test:unit -> build -> test:e2e -> bench bundle
// Stops at the first failing stage. The target is TARGET_MINUTES on this 2-core machine (measured
// 18 min on a quiet one); past it the run warns. With CI set, a run past TEST_BUDGET_MINUTES fails:
// the suite must stay fast as issues add tests (parallelize, share fixtures, drop tests that prove
// nothing new). The hard limit sits above the slowest run seen on a machine shared with other runs
// (41 min), so a busy neighbour cannot turn a good change red, while real growth is still stopped.
import { spawn } from 'node:child_process';

const TARGET_MINUTES = 25;
const BUDGET_MINUTES = Number(process.env.TEST_BUDGET_MINUTES ?? 45);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const STAGES = [
  ['typecheck', 'lint', 'knip', 'format:check'],
  ['test:unit'],
  ['build'],
  ['test:e2e'],
  ['bench -- bundle'],
];

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', ...script.split(' ')], { stdio: 'inherit' });
    child.on('exit', (code) => resolve({ script, code: code ?? 1, seconds: (Date.now() - started) / 1000 }));
  });
}

const format = (s) => `${Math.floor(s / 60)}m ${String(Math.round(s % 60)).padStart(2, '0')}s`;
const started = Date.now();
const done = [];
let failed;
for (const stage of STAGES) {
  const results = await Promise.all(stage.map(run));
  done.push(...results);
  failed = results.find((r) => r.code !== 0);
  if (failed) break;
}
const total = (Date.now() - started) / 1000;

console.log('\n=== npm test: time per stage ===');
for (const r of done)
  console.log(`${r.script.padEnd(16)} ${format(r.seconds).padStart(8)}  ${r.code === 0 ? 'passed' : 'FAILED'}`);
console.log(
  `${'total'.padEnd(16)} ${format(total).padStart(8)}  (target ${TARGET_MINUTES} min, limit ${BUDGET_MINUTES} min on CI)`,
);
if (failed) process.exit(failed.code || 1);
if (total > TARGET_MINUTES * 60)
  console.warn(
    `npm test took ${format(total)}, past its target of ${TARGET_MINUTES} minutes: find what grew (the stage times above), or a busy machine.`,
  );
if (process.env.CI && total > BUDGET_MINUTES * 60) {
  console.error(
    `npm test took ${format(total)}, over its budget of ${BUDGET_MINUTES} minutes: find what grew (the stage times above).`,
  );
  process.exit(1);
}
