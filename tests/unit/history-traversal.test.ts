import { afterEach, describe, expect, it, vi } from 'vitest';

import { historySettled, traversalLanded, traversalStarted } from '../../src/lib/history-traversal.ts';

// A dialog closed by its own button takes its history entry off with history.go (src/ui/back-closes.ts),
// which Chromium lands in a later task. Impersonation and sign-out navigate right after closing a dialog:
// pushed before the traversal landed, their page was undone by it (an e2e run stayed on the lender's page
// after Impersonate). They wait for historySettled() first.
afterEach(() => {
  traversalLanded();
  vi.useRealTimers();
});

const state = (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  return () => done;
};
const ticks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('a navigation after our own history traversal', () => {
  it('goes at once when no traversal is on its way', async () => {
    const done = state(historySettled());
    await ticks();
    expect(done()).toBe(true);
  });

  it('waits until the traversal has landed', async () => {
    traversalStarted();
    const done = state(historySettled());
    await ticks();
    expect(done()).toBe(false);
    traversalLanded();
    await ticks();
    expect(done()).toBe(true);
  });

  it('goes after a second at most when the browser never reports the traversal', async () => {
    vi.useFakeTimers();
    traversalStarted();
    const done = state(historySettled());
    await vi.advanceTimersByTimeAsync(999);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
  });
});
