// npm start: build the console if dist/ is missing or older than its sources, then serve the
// console and the API from one Node process (server/main.ts; PORT, DATA_DIR, ... as usual).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILT = path.join(ROOT, 'dist', 'index.html');
const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** Newest modification time under a file or folder. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a deleted file shows only as a newer folder
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map((s) => newest(path.join(ROOT, s))));
if (builtAt < changedAt) {
  console.log(builtAt ? '[start] sources changed since the last build: building' : '[start] no build yet: building');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// npm start on a fresh clone is the demo (README): demo mode unless DEMO_MODE says otherwise or
// NODE_ENV=production. The server itself (server/main.ts) defaults to production behaviour.
const env = { ...process.env };
if (env.DEMO_MODE === undefined && env.NODE_ENV !== 'production') env.DEMO_MODE = 'true';
if (env.DEMO_MODE === 'true')
  console.log('[start] demo mode: demo accounts, /dev/outbox and stand-in pages are on (DEMO_MODE=false to turn off)');
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
