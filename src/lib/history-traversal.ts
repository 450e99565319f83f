import { navigate } from 'wouter/use-browser-location';

// Our own history traversals, in one place. A dialog closed by its button takes its history entry back
// off with history.go (src/ui/back-closes.ts), which lands later, asynchronously. A navigation pushed
// before it lands is undone by it: the traversal goes back from the new page. Code that navigates right
// after closing a dialog (impersonation, sign-out) uses navigateWhenSettled. It lives here, below the
// session and the design system, because both need it (the session may not import src/ui).

/** A history.go of ours has been issued and its popstate has not arrived yet. */
let issued = false;
let waiters: (() => void)[] = [];
const LAND_CAP_MS = 1_000; // a traversal the browser never reports must not hold a navigation for long

/** Goes `delta` entries through the history as a traversal of ours (back-closes.ts). */
export function traverseHistory(delta: number): void {
  issued = true;
  window.history.go(delta);
}

/** Whether a traversal of ours is on its way (its popstate not yet arrived). */
export const traversalIssued = (): boolean => issued;

/** A popstate has arrived: answers whether it was our traversal's (and takes the traversal as arrived). */
export function traversalArrived(): boolean {
  const ours = issued;
  issued = false;
  return ours;
}

/** Our traversal's popstate has been handled: unless that started another, whoever waits goes on. */
export function traversalLanded(): void {
  if (issued) return;
  const ready = waiters;
  waiters = [];
  for (const resolve of ready) resolve();
}

/** Resolves once no traversal of ours is on its way (at once when none is), or after a cap. */
export function historySettled(): Promise<void> {
  if (!issued) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiters = waiters.filter((w) => w !== done);
      resolve();
    }, LAND_CAP_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    waiters.push(done);
  });
}

/** Navigates once no traversal of ours is on its way: a dialog just closed does not undo the page. */
export async function navigateWhenSettled(to: string, options?: { replace?: boolean }): Promise<void> {
  await historySettled();
  navigate(to, options);
}
