// A history traversal of our own under way (src/ui/back-closes.ts: a dialog closed by its button takes
// its history entry back off with history.go, which lands later, asynchronously). A navigation pushed
// before it lands is undone by it: the traversal goes back from the new page. Code that navigates right
// after closing a dialog (impersonation, sign-out) waits for it first.

let pending = false;
let waiters: (() => void)[] = [];
const LAND_CAP_MS = 1_000; // a traversal the browser never reports must not hold a navigation for long

/** back-closes.ts: a history.go of ours has been issued. */
export function traversalStarted(): void {
  pending = true;
}

/** back-closes.ts: its popstate has arrived, and no further traversal followed it. */
export function traversalLanded(): void {
  pending = false;
  const ready = waiters;
  waiters = [];
  for (const resolve of ready) resolve();
}

/** Resolves once no traversal of ours is on its way (at once when none is), or after a cap. */
export function historySettled(): Promise<void> {
  if (!pending) return Promise.resolve();
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
