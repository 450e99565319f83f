import type { Generated } from 'kysely';

export interface AnalyticsEventsTable {
  id: Generated<number>;
  measurement_id: string;
  kind: 'page_view' | 'sign_in';
  path: string;
  occurred_at: Date;
}

declare module './schema.ts' {
  interface Database { analytics_events: AnalyticsEventsTable }
}
