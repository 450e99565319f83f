import { afterAll, vi } from 'vitest';

// The API and unit files share their worker's modules (vitest.config.ts, `isolate: false`): what one
// file stubbed, mocked or put on a fake clock does not reach the next file in the worker. Each file
// starts its own in-process API (tests/setup/test-server.ts), so no database is shared.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
