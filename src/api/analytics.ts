import { DEFAULT_MEASUREMENT_IDS, type AnalyticsEvent, type AnalyticsKind } from '../contract/analytics.ts';
import { isAgentHost } from '../lib/hosts.ts';
import { nextTask } from '../lib/next-task.ts';
import { request } from './client.ts';

export type { AnalyticsKind };

// The measurement id of each host (spec 1 and 2 section 9), configured per deployment at build time;
// the server accepts only these (it reads the same two variables).
const MEASUREMENT_IDS = {
  agent: import.meta.env.VITE_ANALYTICS_ID_AGENT ?? DEFAULT_MEASUREMENT_IDS.agent,
  broker: import.meta.env.VITE_ANALYTICS_ID_BROKER ?? DEFAULT_MEASUREMENT_IDS.broker,
};

export const measurementIdForHost = (hostname?: string) =>
  isAgentHost(hostname) ? MEASUREMENT_IDS.agent : MEASUREMENT_IDS.broker;

/** Do Not Track or Global Privacy Control: then nothing is sent at all. */
export function trackingRefused(nav: Navigator = navigator): boolean {
  const gpc = (nav as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl;
  return nav.doNotTrack === '1' || gpc === true;
}

/**
 * Sends one event to our own collector (no third-party script). `path` is the route's pattern
 * (/console/agents/view/:id), never the address with its ids or query. Failures are dropped:
 * analytics never disturbs the user, nor lengthens the task that rendered the page: the call starts
 * in a task of its own.
 */
export function sendAnalyticsEvent(kind: AnalyticsKind, path: string): void {
  if (trackingRefused()) return;
  const json: AnalyticsEvent = { measurementId: measurementIdForHost(), kind, path };
  void nextTask()
    .then(() => request('/analytics-api/collect', { method: 'POST', auth: false, json }))
    .catch(() => undefined);
}
