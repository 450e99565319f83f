/**
 * In demo mode a request may name the instant it runs at (`X-Demo-Clock: 2026-11-24T17:00:00Z`),
 * so an end-to-end test of a behaviour that depends on the hour (bulk SMS quiet hours) runs the
 * same at every hour of the day. The request's clock starts at that instant and keeps running, and
 * whatever the request starts (a send's worker) keeps it. Outside demo mode the header is ignored.
 * Decision 0097.
 */
export const DEMO_CLOCK_HEADER = 'X-Demo-Clock';

/** An ISO 8601 instant with its zone (Z or an offset): nothing a reader could take for local time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The request's clock: `now` moved to the header's instant, or `now` itself; null when the header is not an instant. */
export function requestClock(header: string | undefined, now: () => Date): (() => Date) | null {
  if (header === undefined) return now;
  const at = INSTANT.test(header) ? Date.parse(header) : Number.NaN;
  if (!Number.isFinite(at)) return null;
  const offset = at - now().getTime();
  return () => new Date(now().getTime() + offset);
}
