import { useDeferredValue, type ReactNode } from 'react';

/**
 * Draws `children` at transition priority, `fallback` until then: React renders them in slices of a
 * few ms between which the page stays responsive, not in one task (~300 ms on a mid-range phone).
 * A page that waits for something (the restored query cache) mounts its content through this, or the
 * update that ends the wait (default priority, never sliced) renders the whole page in one task.
 * Only this subtree takes part in that render: a store read above it (the "Last updated" time moves
 * as each call lands) would fail React's consistency check and have everything rendered again at once.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useDeferredValue(true, false) ? children : fallback;
}
