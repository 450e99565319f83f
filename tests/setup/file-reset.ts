import { afterAll, expect, vi } from 'vitest';

// The API and unit files share their worker's modules (vitest.config.ts, `isolate: false`): what one
// file stubbed, mocked or put on a fake clock does not reach the next file in the worker. Each file
// starts its own in-process API (tests/setup/test-server.ts), so no database is shared.
//
// Spies first, then the clock: a spy on a faked setTimeout restores the fake one when it is restored,
// so restoring it after vi.useRealTimers() left the fake clock installed for every later file of the
// worker (their first setTimeout never fired while Vitest's own timeout did: next-task.test.ts and
// dev-outbox-sent.test.ts timed out on both attempts in clean-clone runs). A file that still leaves a
// fake setTimeout behind fails here, by name.
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  if ((globalThis.setTimeout as { clock?: unknown }).clock !== undefined)
    throw new Error(`${expect.getState().testPath ?? 'this file'} left a fake setTimeout installed`);
});
