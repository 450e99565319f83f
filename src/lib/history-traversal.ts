import { navigate } from 'wouter/use-browser-location';

// Our own history traversals, in one place. A dialog closed by its button takes its history entry back
// off with history.go (src/ui/back-closes.ts), which lands later, asynchronously. A navigation pushed
// before it lands is undone by it: the traversal goes back from the new page. Code that navigates right
// after closing a dialog (impersonation, sign-out) uses navigateWhenSettled. It lives here, below the
// session and the design system, because both need it (the session may not import src/ui).

/** A history.go of ours has been issued and its popstate has not arrived yet. */
let issued = false;
let waiters: (() => void)[] = [];
/** Gives up on the traversal on its way when the browser never reports it. */
let cap: ReturnType<typeof setTimeout> | undefined;
const LAND_CAP_MS = 1_000; // a traversal the browser never reports must not hold the history for long

/**
 * Goes `delta` entries through the history as a traversal of ours (back-closes.ts). A traversal the
 * browser never reports (a history.go out of range; jsdom drops one that a pushState overtook) is
 * given up after a second: the flag clears, whoever waits goes on, and `unreported` runs, so the
 * history is not refused to every later overlay.
 */
export function traverseHistory(delta: number, unreported?: () => void): void {
  issued = true;
  clearTimeout(cap);
  cap = setTimeout(() => {
    cap = undefined;
    if (!issued) return;
    issued = false;
    traversalLanded();
    unreported?.();
  }, LAND_CAP_MS);
  window.history.go(delta);
}

/** Whether a traversal of ours is on its way (its popstate not yet arrived). */
export const traversalIssued = (): boolean => issued;

/** A popstate has arrived: answers whether it was our traversal's (and takes the traversal as arrived). */
export function traversalArrived(): boolean {
  const ours = issued;
  issued = false;
  clearTimeout(cap);
  cap = undefined;
  return ours;
}

/** Our traversal's popstate has been handled: unless that started another, whoever waits goes on. */
export function traversalLanded(): void {
  if (issued) return;
  const ready = waiters;
  waiters = [];
  for (const resolve of ready) resolve();
}

/** Resolves once no traversal of ours is on its way (at once when none is; a second at most). */
export function historySettled(): Promise<void> {
  if (!issued) return Promise.resolve();
  return new Promise((resolve) => waiters.push(resolve));
}

/** Navigates once no traversal of ours is on its way: a dialog just closed does not undo the page. */
export async function navigateWhenSettled(to: string, options?: { replace?: boolean }): Promise<void> {
  await historySettled();
  navigate(to, options);
}
