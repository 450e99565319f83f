import * as v from 'valibot';
import { recordAnalyticsEvent } from '../../analytics/sink.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { jsonBody } from '../../http/validate.ts';

const AnalyticsEventBody = v.strictObject({
  measurementId: v.pipe(v.string('measurementId is required'), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a measurement id')),
  kind: v.picklist(['page_view', 'sign_in'], 'must be page_view or sign_in'),
  // A route pattern such as /console/agents/view/:id: no query string, no ids, nothing personal.
  path: v.pipe(v.string('path is required'), v.regex(/^\/[A-Za-z0-9/:_-]{0,199}$/, 'must be a route path without a query')),
});

/** The browser asked not to be tracked: Do Not Track or Global Privacy Control. */
const optedOut = (dnt: string | undefined, gpc: string | undefined) => dnt === '1' || gpc === '1';

/**
 * The first-party collector (spec 1 and 2 section 9, analytics per host). Public: the login page
 * counts too. The console sends nothing when the browser opts out; the server checks again.
 */
export const analyticsRoutes: RouteDef[] = [
  route({
    method: 'POST', path: '/analytics-api/collect', policy: 'public',
    handler: async (c) => {
      const event = await jsonBody(c, AnalyticsEventBody);
      if (!optedOut(c.req.header('DNT'), c.req.header('Sec-GPC'))) {
        await recordAnalyticsEvent(c.var.db, { ...event, occurredAt: c.var.now() });
      }
      return c.body(null, 204);
    },
  }),
];
