// When this browser last changed the server's data (epoch ms), shared by its tabs through
// localStorage (under the console's prefix, src/session/persisted-store.ts). A restored query
// cache trusts the age of an answer fetched after it, and revalidates every answer older
// (src/app/query-layer.tsx): a change made just before a reload, in this tab or another, is never
// hidden behind a restored copy that predates it.
const KEY = 'porchlight:last-write';

let inFlight = 0;

function mark(): void {
  try {
    globalThis.localStorage?.setItem(KEY, String(Date.now()));
  } catch {
    // Storage refused (private mode, quota): lastWriteAt() then reads the safe answer, "always".
  }
}

/** A call that changes data is leaving (request() in client.ts). */
export function noteWriteStarted(): void {
  inFlight += 1;
  mark();
}

/** A call that changes data has been answered (or failed): its change, if any, is in place. */
export function noteWriteSettled(): void {
  inFlight = Math.max(0, inFlight - 1);
  mark();
}

/**
 * The time of the last change this browser made or started: 0 when none is known, Infinity when
 * storage cannot be read (every restored answer is then revalidated).
 */
export function lastWriteAt(): number {
  try {
    const raw = globalThis.localStorage?.getItem(KEY) ?? null;
    if (raw === null) return 0;
    const at = Number(raw);
    return Number.isFinite(at) ? at : Infinity;
  } catch {
    return Infinity;
  }
}

// A page left with a change still under way: its answer will never come back to this page, so
// whatever it persisted is older than that change.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    if (inFlight > 0) mark();
  });
}
