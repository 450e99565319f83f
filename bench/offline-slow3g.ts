// The kept copy on a poor connection: node --import tsx bench/offline-slow3g.ts
// (npm run bench -- offline-slow3g; needs a build: STATIC_DIR, default dist/).
// Starts the built server on a free port and a fresh data folder. For the demo agent (phone, agent
// host) and the broker admin (desktop): one visit online (sign in, the page's answers and the day sync
// kept in IndexedDB, the service worker installed); then Chrome DevTools' slow 3G (400 kb/s, 400 ms
// RTT) and a 4x slower CPU through CDP, and the page is reloaded RUNS times. Figure: from the start
// of the navigation to the first frame showing the kept copy (the follow-up rows; the overview's
// figures with "Last updated"), median of the runs, each after the previous page's calls ended. Budget 1.0 s each; exits 1 when one is blown.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

import { FULL_CHROMIUM_PATH } from '../e2e/browsers.ts';
import { savedCacheIncludes } from '../e2e/fixtures.ts';

const BUDGET_MS = 1000;
const RUNS = 5;
const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1024) / 8,
  uploadThroughput: (400 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const CHROME = FULL_CHROMIUM_PATH;

const port = await new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, () => {
    const { port: p } = s.address() as net.AddressInfo;
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'porchlight-slow3g-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_MODE: 'true', SHUTDOWN_GRACE_MS: '0' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  server.stdout!.on('data', (d: Buffer) => {
    if (d.toString().includes('console and API on')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
});
const browser = await chromium.launch({
  ...(CHROME ? { executablePath: CHROME } : {}),
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

interface Case {
  name: string;
  origin: string;
  viewport: { width: number; height: number };
  login: (page: Page) => Promise<void>;
  /** Kept in IndexedDB once the visit's answers are persisted. */
  kept: string;
  /** In the page: the time since the navigation began once the kept copy is drawn, else false (self-contained: it runs in the page). */
  drawnAt: () => number | false;
}

const signInWith = (label: string, who: string) => async (page: Page) => {
  await page.goto('/login');
  await page.getByLabel(label, { exact: true }).fill(who);
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/');
};

const CASES: Case[] = [
  {
    name: 'agent follow-ups (phone)',
    origin: `http://agents.localhost:${port}`,
    viewport: { width: 412, height: 915 },
    login: async (page) => {
      await signInWith('Phone Number', '(555) 010-0001')(page);
      await page.getByText(/^Saved on this device for offline use/).waitFor({ timeout: 60_000 });
    },
    kept: '"day-sync"',
    drawnAt: () => document.querySelectorAll('[aria-label="Follow-ups"] li').length > 0 && performance.now(),
  },
  {
    name: 'broker overview (desktop)',
    origin: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    login: async (page) => {
      await signInWith('Email', 'broker@demo.test')(page);
      await page.getByText(/^Last updated /).waitFor({ timeout: 60_000 });
    },
    kept: '"stats"',
    drawnAt: () =>
      /Last updated \d/.test(document.body.innerText) &&
      [...document.querySelectorAll('section[aria-labelledby], [role="region"]')].some((el) =>
        /\d/.test(el.textContent ?? ''),
      ) &&
      performance.now(),
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const blown: string[] = [];
try {
  for (const c of CASES) {
    const context = await browser.newContext({ baseURL: c.origin, viewport: c.viewport });
    try {
      const page = await context.newPage();
      await c.login(page);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload(); // under the service worker's control from here on
      await page.waitForFunction(c.drawnAt, undefined, { timeout: 60_000 });
      for (let i = 0; i < 60 && !(await savedCacheIncludes(page, c.kept)); i += 1) await page.waitForTimeout(500);
      if (!(await savedCacheIncludes(page, c.kept)))
        throw new Error(`${c.name}: the visit's answers were never persisted`);
      await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        await page.reload({ waitUntil: 'commit' });
        // performance.now() counts from the navigation's start: the figure is the frame that drew the copy.
        const at = await page.waitForFunction(c.drawnAt, undefined, { timeout: 60_000, polling: 'raf' });
        times.push(Number(await at.jsonValue()));
        // A returning user, not a reload storm: the page's own revalidation calls end before the next run.
        await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const m = median(times);
      console.log(
        `${c.name}: ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${m.toFixed(0)} ms (budget ${BUDGET_MS} ms; slow 3G, ${CPU_SLOWDOWN}x CPU)`,
      );
      if (m > BUDGET_MS) blown.push(`${c.name} ${m.toFixed(0)} ms`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
if (blown.length > 0) {
  console.error(`BUDGET BLOWN: ${blown.join('; ')}`);
  process.exitCode = 1;
} else {
  console.log(`OK: every kept copy drawn within ${BUDGET_MS} ms`);
}
