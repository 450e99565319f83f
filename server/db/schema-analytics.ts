import type { Generated } from 'kysely';

export interface AnalyticsEventsTable {
  id: Generated<number>;
  measurement_id: string;
  kind: 'page_view' | 'sign_in';
  path: string;
  occurred_at: Date;
}

/** This area's tables; server/db/schema.ts composes them into Database. */
export interface AnalyticsTables {
  analytics_events: AnalyticsEventsTable;
}
