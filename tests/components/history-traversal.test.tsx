import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  historySettled,
  navigateWhenSettled,
  traversalArrived,
  traversalIssued,
  traversalLanded,
  traverseHistory,
} from '../../src/lib/history-traversal.ts';
import { useBackCloses } from '../../src/ui/back-closes.ts';

// A dialog closed by its own button takes its history entry off with history.go (src/ui/back-closes.ts),
// which the browser lands in a later task. Impersonation and sign-out navigate right after closing a
// dialog: pushed before the traversal landed, their page was undone by it (an e2e run stayed on the
// lender's page after Impersonate). They navigate with navigateWhenSettled.
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  traversalArrived();
  traversalLanded();
});

/** An overlay as Dialog and Sheet hold one: Back, or its Close button, closes it. */
function Overlay() {
  const [open, setOpen] = useState(false);
  useBackCloses(open, () => setOpen(false));
  return open ? (
    <div role="dialog" aria-label="Filters">
      <button type="button" onClick={() => setOpen(false)}>
        Close
      </button>
    </div>
  ) : (
    <button type="button" onClick={() => setOpen(true)}>
      Open
    </button>
  );
}

const state = (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  return () => done;
};
const ticks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
/** Lets a push or a history.go of ours land (jsdom, like Chromium, lands a traversal in a later task). */
const landed = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

/** The page at `path` with the overlay opened and then closed by its button: its traversal on its way. */
async function closedByItsButton(path: string) {
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  render(<Overlay />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await landed();
  // A click in one task, as a browser's: user-event's own pauses would let the traversal land.
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await ticks();
  });
  expect(traversalIssued()).toBe(true);
}

describe('a navigation after our own history traversal', () => {
  it('goes at once when no traversal is on its way', async () => {
    const done = state(historySettled());
    await ticks();
    expect(done()).toBe(true);
  });

  it('waits until the traversal of a dialog closed by its button has landed', async () => {
    await closedByItsButton('/console/my-agents');
    const done = state(historySettled());
    await ticks();
    expect(done()).toBe(false);
    await landed();
    expect(done()).toBe(true);
    expect(traversalIssued()).toBe(false);
    expect(window.location.pathname).toBe('/console/my-agents');
  });

  it('navigateWhenSettled pushes its page only once that traversal has landed, so the page holds', async () => {
    // (Chromium lands the traversal after a page pushed meanwhile, and so goes back from it; jsdom drops it.)
    await closedByItsButton('/console/lenders');
    const done = state(navigateWhenSettled('/console'));
    await ticks();
    expect(done()).toBe(false);
    expect(window.location.pathname).toBe('/console/lenders');
    await landed();
    expect(done()).toBe(true);
    expect(window.location.pathname).toBe('/console');
    expect(traversalIssued()).toBe(false);
  });

  it('goes after a second at most when the browser never reports the traversal', async () => {
    vi.spyOn(window.history, 'go').mockImplementation(() => undefined);
    vi.useFakeTimers();
    traverseHistory(-1);
    const done = state(historySettled());
    await vi.advanceTimersByTimeAsync(999);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
  });

  it('gives a traversal the browser never reports up after a second, and Back closes the next dialog', async () => {
    window.history.replaceState(null, '', '/console/agents');
    const go = vi.spyOn(window.history, 'go').mockImplementationOnce(() => undefined);
    const user = userEvent.setup();
    render(<Overlay />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await landed();
    const page = window.history.length - 1; // the overlay's entry stands on the page's
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(go).toHaveBeenCalledTimes(1);
    expect(traversalIssued()).toBe(true); // its popstate never comes
    // After the cap the history is ours again: the overlay's entry is taken off, now for real.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_100)));
    expect(traversalIssued()).toBe(false);
    expect(go).toHaveBeenCalledTimes(2);
    expect(window.history.state).toBeNull();
    // A dialog opened afterwards pushes its entry, and Back closes it and keeps the page.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await landed();
    expect(window.history.length).toBe(page + 1);
    expect(window.history.state).toMatchObject({ porchlightOverlay: { level: 1 } });
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
    expect(window.location.pathname).toBe('/console/agents');
  });
});
