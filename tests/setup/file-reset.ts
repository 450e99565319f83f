import { afterAll, beforeAll, vi } from 'vitest';

// The API and unit files share their worker's modules (vitest.config.ts, `isolate: false`): what one
// file stubbed, mocked or put on a fake clock does not reach the next file in the worker. Each file
// starts its own in-process API (tests/setup/test-server.ts), so no database is shared.
// A file also starts on the real clock, whatever ran before it in the worker left: under fake timers a
// file's first setTimeout never fires while Vitest's own timeout still does. tests/unit/next-task.test.ts
// timed out so once on a clean-clone run, on both attempts (a 30 ms wait); which file left the fake
// clock was not found.
beforeAll(() => {
  vi.useRealTimers();
});
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
