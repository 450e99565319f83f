import { afterEach, describe, expect, it, vi } from 'vitest';

import { pinClockAtNoon } from '../setup/noon-clock.ts';

// Tests whose outcome could depend on the hour of the run: the zone is pinned for every test
// process (vitest.config.ts), and a test that places rows by the hour of the day pins the clock.
afterEach(() => {
  vi.useRealTimers();
});

describe('the clock the tests run on', () => {
  it('is in UTC whatever the zone of the machine, so local and UTC dates agree at every hour', () => {
    expect(process.env.TZ).toBe('UTC');
    expect(new Date('2026-11-29T23:30:00Z').getDate()).toBe(29);
    expect(new Date('2026-11-30T00:30:00Z').getTimezoneOffset()).toBe(0);
  });

  it('pins at noon UTC, never ahead of the real clock', () => {
    const real = Date.now();
    const noon = pinClockAtNoon();
    expect(noon.toISOString()).toMatch(/T12:00:00\.000Z$/);
    expect(noon.getTime()).toBeLessThanOrEqual(real);
    expect(real - noon.getTime()).toBeLessThan(86_400_000);
    expect(Date.now() - noon.getTime()).toBeLessThan(1_000);
  });
});
