import { vi } from 'vitest';

/**
 * Pins the clock (Date only; timers stay real) at noon UTC of today, or of yesterday before noon, so
 * it is never ahead of the real clock, and lets it run on from there. A test that places rows by the
 * hour of the day (yesterday's first second, an hour ago) then proves the same thing at any hour of
 * the run. The in-process server reads the same clock. Undo with `vi.useRealTimers()`.
 */
export function pinClockAtNoon(): Date {
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
  const noon = today <= Date.now() ? today : today - 86_400_000;
  vi.useFakeTimers({ now: noon, toFake: ['Date'], shouldAdvanceTime: true });
  return new Date(noon);
}
