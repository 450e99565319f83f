import * as v from 'valibot';

// The first-party analytics collector (POST /analytics-api/collect, spec 1 and 2 section 9).

/**
 * Each host's measurement id when a deployment sets none. One setting for both sides: the console
 * build reads VITE_ANALYTICS_ID_AGENT / VITE_ANALYTICS_ID_BROKER, and the server reads the same two
 * variables (server/config.ts) to accept only these ids.
 */
export const DEFAULT_MEASUREMENT_IDS = { agent: 'PL-AGENT', broker: 'PL-BROKER' } as const;

/** What a measurement id may look like (the server accepts only its configured ones). */
export const MEASUREMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export const ANALYTICS_KINDS = ['page_view', 'sign_in'] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

/**
 * One event. `path` is the route's pattern (/console/agents/view/:id); the server stores only a
 * pattern of the console's route table, reducing an address to it (server/analytics/sink.ts).
 */
export const AnalyticsEvent = v.strictObject(
  {
    measurementId: v.pipe(
      v.string('measurementId is required'),
      v.regex(MEASUREMENT_ID_PATTERN, 'must be a measurement id'),
    ),
    kind: v.picklist(ANALYTICS_KINDS, 'must be page_view or sign_in'),
    path: v.pipe(
      v.string('path is required'),
      v.startsWith('/', 'must be a path of the console'),
      v.maxLength(2000, 'must be at most 2000 characters'),
    ),
  },
  'unknown field',
);
export type AnalyticsEvent = v.InferOutput<typeof AnalyticsEvent>;
