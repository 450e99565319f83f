import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

import { e2eBrowser } from './e2e/browsers.ts';

const FIRST_PORT = Number(process.env.E2E_PORT ?? 4173);
// Two workers, each with its own server and database (docs/decisions/0110-two-e2e-servers.md): a test
// never sees another worker's writes, and the wait-heavy e2e time halves on this 2-core machine.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
// Playwright loads this file again in each worker with TEST_PARALLEL_INDEX set (0 .. WORKERS - 1).
const PORT = FIRST_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const ROOT = import.meta.dirname;
const TMP = path.join(ROOT, '.tmp');
const STALE_DATA_MS = 6 * 60 * 60 * 1000; // a data folder this old belongs to no running e2e server

// One fresh database per run. Playwright loads this file in the runner and again in each
// worker; the first load picks the folder and the workers inherit it through the environment.
if (!process.env.E2E_DATA_DIR) {
  mkdirSync(TMP, { recursive: true });
  for (const name of readdirSync(TMP)) {
    const old = path.join(TMP, name);
    if (name.startsWith('e2e-data-') && Date.now() - statSync(old).mtimeMs > STALE_DATA_MS) {
      rmSync(old, { recursive: true, force: true });
    }
  }
  process.env.E2E_DATA_DIR = path.join(TMP, `e2e-data-${Date.now()}-${process.pid}`);
  mkdirSync(process.env.E2E_DATA_DIR, { recursive: true });
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  // Two browsers, two servers and their databases share the 2 cores: a screen may take longer than
  // Playwright's default 5 s to settle without anything being wrong.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  // A test that passes only on its retry fails the run unless quarantined (e2e/retried-reporter.ts).
  reporter: [['list'], ['html', { open: 'never' }], ['./e2e/retried-reporter.ts']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The run is CPU-bound on 2 cores (decision 0118): a trace on every test cost 17 % of the e2e time, and
    // each new context installing the service worker and precaching the whole build another 11 %. A trace
    // is kept for a retried test; the service worker runs in the specs about it (test.use 'allow').
    trace: 'on-first-retry',
    serviceWorkers: 'block',
    // The headless shell when installed, else full Chromium (e2e/browsers.ts, decision 0135).
    launchOptions: e2eBrowser,
  },
  projects: [
    {
      // Everything except phone-only files (*.mobile.spec.ts).
      name: 'desktop',
      testIgnore: /.*\.mobile\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // Phone-only files and files meant for both (*.both.spec.ts); below 768 px is mobile mode.
      name: 'phone',
      testMatch: /.*\.(mobile|both)\.spec\.ts/,
      use: { ...devices['Pixel 7'] },
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, slot) => ({
    command: 'node --import tsx server/main.ts',
    url: `http://localhost:${FIRST_PORT + slot}/robots.txt`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(FIRST_PORT + slot),
      DATA_DIR: path.join(process.env.E2E_DATA_DIR!, `server-${slot}`),
      DEMO_MODE: 'true',
    },
  })),
});
