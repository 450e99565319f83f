import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { coalescedTimeouts, GRAIN_MS } from '../../src/lib/coalesced-timeouts.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  // The spies on setTimeout and clearTimeout first: restored after the clock, they put the fake ones back.
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('coalescedTimeouts (TanStack Query timers)', () => {
  it('runs each timeout once, at its deadline rounded up to the second, sharing one platform timer per second', () => {
    const provider = coalescedTimeouts();
    const platform = vi.spyOn(globalThis, 'setTimeout');
    const ran: string[] = [];
    provider.setTimeout(() => ran.push('a'), 30_000);
    vi.advanceTimersByTime(100);
    provider.setTimeout(() => ran.push('b'), 30_000); // due at +30.1 s: the slot of +31 s
    provider.setTimeout(() => ran.push('c'), 30_500); // due at +30.6 s: the same slot
    expect(platform).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(29_899); // now +29.999 s
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1); // +30 s
    expect(ran).toEqual(['a']);
    vi.advanceTimersByTime(GRAIN_MS - 1);
    expect(ran).toEqual(['a']);
    vi.advanceTimersByTime(1); // +31 s
    expect(ran).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(120_000);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('cancels without touching the platform, and a cleared or spent id is ignored', () => {
    const provider = coalescedTimeouts();
    const ran: string[] = [];
    const a = provider.setTimeout(() => ran.push('a'), 5_000);
    const b = provider.setTimeout(() => ran.push('b'), 5_000);
    const platformClear = vi.spyOn(globalThis, 'clearTimeout');
    provider.clearTimeout(a);
    provider.clearTimeout(a);
    provider.clearTimeout(undefined);
    expect(platformClear).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(ran).toEqual(['b']);
    provider.clearTimeout(b); // already run: nothing happens
    // A slot emptied by clearing keeps its platform timer, which later finds nothing to run.
    const c = provider.setTimeout(() => ran.push('c'), 2_000);
    provider.clearTimeout(c);
    vi.advanceTimersByTime(10_000);
    expect(ran).toEqual(['b']);
  });

  it('keeps timeouts under a second exact, and passes intervals through', () => {
    const provider = coalescedTimeouts();
    const ran: number[] = [];
    provider.setTimeout(() => ran.push(Date.now() - 1_000_000), 250);
    const interval = provider.setInterval(() => ran.push(-1), 400);
    vi.advanceTimersByTime(249);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([250]);
    vi.advanceTimersByTime(550); // +800 ms: the interval ran twice
    provider.clearInterval(interval);
    vi.advanceTimersByTime(2_000);
    expect(ran).toEqual([250, -1, -1]);
  });
});
