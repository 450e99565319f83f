import type { Db } from '../db/database.ts';

export interface AnalyticsEvent { measurementId: string; kind: 'page_view' | 'sign_in'; path: string; occurredAt: Date }

/**
 * Where collected events go: the one place a real analytics provider plugs in (forward the event to
 * its server-side API here, keyed by the measurement id). By default they stay in our own table,
 * so the console needs no third-party script and the CSP keeps script-src 'self'.
 */
export async function recordAnalyticsEvent(db: Db, event: AnalyticsEvent): Promise<void> {
  await db.insertInto('analytics_events').values({
    measurement_id: event.measurementId, kind: event.kind, path: event.path, occurred_at: event.occurredAt,
  }).execute();
}
