import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The console writes dates in the browser's zone and the tests compare them with UTC dates: in a
// zone other than UTC, "yesterday" differs between the two for some hours of each day. Every test
// process runs in UTC (the workers inherit it), so no test depends on the hour of the run.
process.env.TZ = 'UTC';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    // Vitest uses one worker fewer than the cores by default: one on a 2-core machine. The API
    // files wait on PostgreSQL and the UI files on timers often enough that two workers keep
    // both cores busy (CI: the vitest stage ran serially before).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    // On CI a failed test runs once more, as Playwright's do (playwright.config.ts), so the report
    // names a race instead of stopping at it; but a test that passed only on its retry still fails
    // the run unless it is quarantined (tests/setup/retried-reporter.ts, tests/setup/quarantine.ts).
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', './tests/setup/retried-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          // A worker's files share its modules: the server is imported once per worker, not per file
          // (421 s for this project before, 222 s after, on 2 cores). Decision 0116.
          isolate: false,
          setupFiles: ['tests/setup/file-reset.ts'],
        },
      },
      // The API tests again on a PostgreSQL server when one is given (CI starts one: .ci/run).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-pg',
                environment: 'node',
                include: ['tests/api/**/*.test.ts'],
                // The fuzz and the PGlite process tests are about the server, not the database.
                exclude: ['tests/api/fuzz.test.ts', 'tests/api/production-server.test.ts'],
                env: { TEST_DB: 'postgres' },
                isolate: false,
                setupFiles: ['tests/setup/file-reset.ts'],
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          // A worker's component files share its modules and jsdom, as the API files do: 264 s instead of
          // 424 s for this project alone on 2 cores. What made that unsafe before (decision 0116) is reset
          // by the setup file: each test's app finishes its renewal and calls (stopApp, decision 0118) and
          // each file starts from freshPage(). Four runs in a row, one beside other tests, had no retry.
          isolate: false,
          include: ['tests/components/**/*.test.tsx'],
          setupFiles: ['tests/setup/dom-setup.ts'],
        },
      },
    ],
  },
});
