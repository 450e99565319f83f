import { matchRoute } from '../../src/access/access.ts';
import { ROUTES } from '../../src/access/route-table.ts';
import type { AnalyticsKind } from '../../src/contract/analytics.ts';
import type { Db } from '../db/database.ts';

export interface AnalyticsEvent {
  measurementId: string;
  kind: AnalyticsKind;
  path: string;
  occurredAt: Date;
}

/** The console's route patterns (src/access/route-table.ts): the only paths ever stored. */
const PATTERNS = new Set<string>(ROUTES.map((r) => r.path));

/**
 * The route pattern a page view is stored under, or null for a path that is no page of the console.
 * The console sends the pattern itself (/console/agents/view/:id); an address is reduced to its
 * pattern (/console/agents/view/123 and /register/<invite code> keep no id, code, name or email)
 * and a query or fragment is dropped. Anything else is refused rather than guessed at.
 */
export function analyticsPath(path: string): string | null {
  if (PATTERNS.has(path)) return path; // a pattern may end in an optional parameter's '?'
  const address = path.split(/[?#]/, 1)[0] ?? '';
  if (PATTERNS.has(address)) return address;
  try {
    return matchRoute(address)?.route.path ?? null;
  } catch {
    return null; // a malformed %-escape in a parameter: no page of the console
  }
}

/**
 * Where collected events go: the one place a real analytics provider plugs in (forward the event to
 * its server-side API here, keyed by the measurement id). By default they stay in our own table,
 * so the console needs no third-party script and the CSP keeps script-src 'self'. Only a route
 * pattern is ever stored (or forwarded), whatever the caller passed.
 */
export async function recordAnalyticsEvent(db: Db, event: AnalyticsEvent): Promise<void> {
  const path = analyticsPath(event.path);
  if (path === null) throw new Error(`not a route of the console: ${JSON.stringify(event.path.slice(0, 80))}`);
  await db
    .insertInto('analytics_events')
    .values({
      measurement_id: event.measurementId,
      kind: event.kind,
      path,
      occurred_at: event.occurredAt,
    })
    .execute();
}
