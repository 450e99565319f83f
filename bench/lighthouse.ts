// Lighthouse budgets on the built console: performance >= 90, accessibility = 100 (mobile).
// Run after a build: node --import tsx bench/lighthouse.ts [url-or-path...]
//   no arguments: /login on the broker host and on the agent host of a server started here
//   (fresh data folder, free port); paths ('/register') are opened on that server's broker host;
//   absolute URLs are audited as given, and then no server is started.
// LIGHTHOUSE_ONLY=regex audits only the pages whose URL matches it ('/console' the three signed-in
// pages, '//localhost:\d+/console$' the broker admin's overview, 'my-referrals$' My Referrals);
// LIGHTHOUSE_ASSETS=1 keeps each trace.
// Each page is audited LIGHTHOUSE_RUNS times (default 3) and judged by its median run: one run's
// score moved by up to 12 points between runs of one build here.
// The agent's follow-ups page is audited signed in: Puppeteer signs the demo agent in on the agent
// host in a Chromium with a debugging port, and Lighthouse audits that browser with its storage
// kept (--disable-storage-reset), as an installed app the agent returns to: the first visit after
// sign-in completes (its calls answered) before the audit, as a person's previous visit did.
// LIGHTHOUSE_WARM_VISITS=n opens the audited page n more times first: Chromium compiles the page's
// modules on the first visit, writes their code cache on the next two, and reads it from the
// fourth on (measured: 86 ms of cache writing on the second visit, none on the fourth), so a person
// who uses the console daily loads it warmer than the default audit, the first return, does.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

import { CHROMIUM_ARGS, CHROMIUM_FLAGS, FULL_CHROMIUM_PATH } from '../e2e/browsers.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'bench', '.out');
const LIGHTHOUSE = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const CHROME_PATH = FULL_CHROMIUM_PATH;
// Lighthouse's CLI takes them as one space-separated string: the flags without the host rule.
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BUDGETS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 90, accessibility: 100 };
// Runs per page; the median run (by performance score) is judged and reported.
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 1);
const WARM_VISITS = Number(process.env.LIGHTHOUSE_WARM_VISITS ?? 0);
const SERVER_START_TIMEOUT_MS = 120_000; // a fresh data folder is created, migrated and seeded first

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      score: number | null;
      title: string;
      displayValue?: string;
      scoreDisplayMode: string;
      details?: { items?: { resourceType?: string }[] };
    }
  >;
}

/** The page's own calls during the audit (fetch/XHR): a return that refetches everything does more work. */
const calls = (report: Report) =>
  (report.audits['network-requests']?.details?.items ?? []).filter(
    (i) => i.resourceType === 'Fetch' || i.resourceType === 'XHR',
  ).length;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_MODE: 'true', SHUTDOWN_GRACE_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`http://localhost:${port}/robots.txt`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill('SIGTERM');
  throw new Error(`the server did not answer within ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

const AGENT_PHONE = '(555) 010-0001';
const DEMO_PASSWORD = 'Demo-pass-1';

/** A Chromium with a demo identity signed in on `origin`, reachable by Lighthouse on its debugging port. */
async function signedInBrowser(
  origin: string,
  identity: string,
  target: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  if (!CHROME_PATH) throw new Error('signed-in audits need CHROME_PATH or /usr/bin/chromium');
  const port = await freePort();
  const browser = await puppeteer.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const page = await browser.newPage();
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle0' });
  await page.type('input[name=username]', identity);
  await page.type('input[name=password]', DEMO_PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForFunction(() => location.pathname.startsWith('/console'), { timeout: 60_000 });
  // The first visit completes (its calls answered) before the audited return to it, as a person's
  // previous visit did; otherwise the audit raced that visit's last calls.
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 });
  for (let visit = 0; visit < WARM_VISITS; visit += 1) {
    await page.goto('about:blank');
    await page.goto(target, { waitUntil: 'load' });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 });
  }
  // Let Lighthouse drive the browser alone: Puppeteer lets go, and the process is ended afterwards.
  const chromium = browser.process();
  await browser.disconnect();
  return {
    port,
    close: async () => {
      chromium?.kill('SIGKILL');
    },
  };
}

// Asynchronous: the signed-in browser is driven from this process, whose event loop must keep
// running while Lighthouse works (a blocking spawnSync stalls Chromium's pipes).
async function audit(url: string, port?: number, run = 0): Promise<Report> {
  const name =
    url
      .replace(/^https?:\/\//, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/-+$/, '') + (run ? `-run${run + 1}` : '');
  const outputPath = path.join(OUT, `lighthouse-${name}.json`);
  const child = spawn(
    process.execPath,
    [
      LIGHTHOUSE,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${outputPath}`,
      '--form-factor=mobile',
      ...(process.env.LIGHTHOUSE_ASSETS ? ['--save-assets'] : []),
      `--only-categories=${CATEGORIES.join(',')}`,
      ...(port ? [`--port=${port}`, '--disable-storage-reset'] : [`--chrome-flags=${CHROME_FLAGS.join(' ')}`]),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ...(CHROME_PATH ? { CHROME_PATH } : {}) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const code = await new Promise<number | string>((resolve) =>
    child.once('exit', (c, signal) => resolve(c ?? signal ?? 'unknown')),
  );
  if (code !== 0 || !existsSync(outputPath)) throw new Error(`lighthouse failed on ${url} (exit ${code})`);
  return JSON.parse(readFileSync(outputPath, 'utf8')) as Report;
}

const score = (report: Report, category: string) => {
  const value = report.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
};

async function main(): Promise<number> {
  if (!existsSync(LIGHTHOUSE)) {
    console.error('bench lighthouse: lighthouse is not installed (npm ci)');
    return 1;
  }
  const args = process.argv.slice(2);
  const needsServer = args.length === 0 || args.some((a) => !/^https?:\/\//.test(a));
  // The server serves STATIC_DIR (dist unless told), which it inherits from this process.
  const staticDir = process.env.STATIC_DIR ?? 'dist';
  if (needsServer && !existsSync(path.join(ROOT, staticDir, 'index.html'))) {
    console.error(`bench lighthouse: ${staticDir}/index.html is missing. Build first: npm run build`);
    return 1;
  }
  mkdirSync(OUT, { recursive: true });

  let server: ChildProcess | undefined;
  const dataDir = path.join(ROOT, '.tmp', `lighthouse-data-${Date.now()}-${process.pid}`);
  let failed = false;
  try {
    let urls = args;
    // Signed-in pages: the agent's follow-ups, the heaviest page, the broker admin's overview
    // (performance >= 95), and the heaviest list, My Referrals (>= 95).
    let signedIn: { url: string; identity: string; performance: number }[] = [];
    if (needsServer) {
      const port = await freePort();
      console.log(`starting the server on port ${port} (fresh data in ${path.relative(ROOT, dataDir)})`);
      server = await startServer(port, dataDir);
      const broker = `http://localhost:${port}`;
      urls = args.length
        ? args.map((a) => (/^https?:\/\//.test(a) ? a : `${broker}${a.startsWith('/') ? a : `/${a}`}`))
        : [`${broker}/login`, `http://agents.localhost:${port}/login`];
      if (args.length === 0) {
        signedIn = [
          {
            url: `http://agents.localhost:${port}/console/agent-followups`,
            identity: AGENT_PHONE,
            performance: BUDGETS.performance ?? 90,
          },
          { url: `${broker}/console`, identity: 'broker@demo.test', performance: 95 },
          // The heaviest list, My Referrals, signed in as the same broker admin.
          { url: `${broker}/console/my-referrals`, identity: 'broker@demo.test', performance: 95 },
        ];
      }
    }
    const rows: string[][] = [['url', ...CATEGORIES, 'FCP', 'LCP', 'TBT', 'CLS']];
    const only = process.env.LIGHTHOUSE_ONLY;
    const targets = [
      ...urls.map((url) => ({
        url,
        identity: undefined as string | undefined,
        performance: BUDGETS.performance ?? 90,
      })),
      ...signedIn,
    ].filter((t) => !only || new RegExp(only).test(t.url));
    for (const { url, identity, performance } of targets) {
      console.log(`lighthouse ${url}${identity ? ` (signed in as ${identity})` : ''}`);
      // Lighthouse's own advice on its variability: judge the median of several runs, not one.
      const reports: Report[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const browser = identity ? await signedInBrowser(new URL(url).origin, identity, url) : undefined;
        try {
          reports.push(await audit(url, browser?.port, run));
        } finally {
          await browser?.close();
        }
      }
      if (RUNS > 1) {
        console.log(
          `  performance of ${RUNS} runs, in order: ${reports.map((r) => score(r, 'performance')).join(', ')}; total blocking time ${reports.map((r) => r.audits['total-blocking-time']?.displayValue ?? '-').join(', ')}; calls ${reports.map(calls).join(', ')}; the median run is reported`,
        );
      }
      const report = [...reports].sort((a, b) => (score(a, 'performance') ?? 0) - (score(b, 'performance') ?? 0))[
        Math.floor(reports.length / 2)
      ]!;
      rows.push([
        url,
        ...CATEGORIES.map((c) => String(score(report, c) ?? '-')),
        ...['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(
          (id) => report.audits[id]?.displayValue ?? '-',
        ),
      ]);
      for (const [category, minimum] of Object.entries({ ...BUDGETS, performance })) {
        const value = score(report, category);
        if (value === null || value < minimum) {
          failed = true;
          console.error(`  ${category} ${value ?? 'n/a'} is below the budget of ${minimum}`);
        }
      }
      const misses = Object.entries(report.audits)
        .filter(([, a]) => a.scoreDisplayMode === 'binary' && a.score === 0)
        .map(([id, a]) => `${id}: ${a.title}`);
      if (misses.length) console.log(`  failed audits:\n    ${misses.join('\n    ')}`);
    }
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    console.log('');
    for (const row of rows)
      console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
    console.log(
      `\nlighthouse: budgets performance >= ${BUDGETS.performance}, accessibility = ${BUDGETS.accessibility}: ${failed ? 'FAILED' : 'OK'}`,
    );
    console.log(`reports: ${path.relative(ROOT, OUT)}/lighthouse-*.json`);
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`bench lighthouse: ${(err as Error).message}`);
    process.exitCode = 1;
  },
);
