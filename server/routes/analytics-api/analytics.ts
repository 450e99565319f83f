import * as v from 'valibot';

import { AnalyticsEvent } from '../../../src/contract/analytics.ts';
import { analyticsPath, recordAnalyticsEvent } from '../../analytics/sink.ts';
import { clientAddress, consumeLimit, type Limit } from '../../auth/rate-limit.ts';
import { badRequest } from '../../http/errors.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { jsonBody } from '../../http/validate.ts';

/**
 * Stored events per client address: one a second, sustained for ten minutes, is more than one
 * person clicking through the console makes (120 was one every five seconds: a broker paging through
 * lists, or an office behind one address, met it after about 20 page loads in a minute). Past it the
 * collector answers 429 with Retry-After.
 */
export const ANALYTICS_LIMIT: Omit<Limit, 'scope'> = { max: 600, windowMs: 10 * 60_000 };

// The path is stored as its route pattern (server/analytics/sink.ts); a path that is no page of the console is refused.
const EventBody = v.pipe(
  AnalyticsEvent,
  v.forward(
    v.check((e) => analyticsPath(e.path) !== null, 'must be a page of the console'),
    ['path'],
  ),
);

/** The browser asked not to be tracked: Do Not Track or Global Privacy Control. */
const optedOut = (dnt: string | undefined, gpc: string | undefined) => dnt === '1' || gpc === '1';

/**
 * The first-party collector (spec 1 and 2 section 9). Public: the login page counts too. It takes
 * only the console's own measurement ids (config.measurementIds) and only its route patterns, and
 * counts what it stores per client address. The console sends nothing when the browser opts out;
 * the server checks again, and then neither stores nor counts anything.
 */
export const analyticsRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/analytics-api/collect',
    policy: 'public',
    handler: async (c) => {
      const event = await jsonBody(c, EventBody);
      if (!c.get('config').measurementIds.includes(event.measurementId)) {
        throw badRequest('The request body is not valid', { measurementId: 'is not a measurement id of this console' });
      }
      if (!optedOut(c.req.header('DNT'), c.req.header('Sec-GPC'))) {
        const now = c.get('now')();
        await consumeLimit(
          c.get('db'),
          { scope: `analytics:${clientAddress(c)}`, ...ANALYTICS_LIMIT },
          now,
          'Too many analytics events. Try again later.',
        );
        await recordAnalyticsEvent(c.get('db'), { ...event, occurredAt: now });
      }
      return c.body(null, 204);
    },
  }),
];
