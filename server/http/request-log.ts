import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';

import type { Logger } from '../observability/logger.ts';
import type { Metrics } from '../observability/metrics.ts';
import { isApiPath } from '../static.ts';
import type { AppEnv } from './route.ts';

/** A request id the caller may choose: 1 to 128 of letters, digits, dot, underscore and hyphen. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
export const REQUEST_ID_HEADER = 'X-Request-Id';

const labels = new Map<string, string>();
/** A registered route pattern's label, `:id{[0-9]+}` is labelled `:id`: the pattern as people read it; made once per pattern. */
function label(path: string): string {
  let l = labels.get(path);
  if (l === undefined) labels.set(path, (l = path.replace(/(:\w+)\{.*?\}(?=\/|$)/g, '$1')));
  return l;
}

/**
 * The pattern of the route that answered (`/agents-api/brokerages/:id/stats`), never the raw path:
 * the label of the request's log line and metrics. Called after the answer: Hono's routeIndex is
 * then the handler that answered. A middleware that answered (a body too large, a static file)
 * is labelled with the route the request was for. `(console)` for the console's pages and files,
 * `(unmatched)` for a path no route has.
 */
export function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = Math.max(0, c.req.routeIndex); i < routes.length; i += 1) {
    const r = routes[i]!;
    if (r.method === 'ALL') continue;
    if (r.path === '*' || r.path === '/*') return isApiPath(c.req.path) ? '(unmatched)' : '(console)';
    return label(r.path);
  }
  return '(unmatched)';
}

/**
 * First of every request: takes or makes its request id (returned as X-Request-Id, carried by every
 * log line about the request through c.get('log')), then writes its one line (method, route pattern,
 * status, duration, user) and, when metrics are on, observes its duration.
 */
export function requestLog(logger: Logger, metrics: Metrics | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header(REQUEST_ID_HEADER);
    const requestId = given !== undefined && REQUEST_ID.test(given) ? given : randomUUID();
    // The request's logger is made when something logs about the request (a failure): a pino child
    // per request cost more than the rest of this middleware. The request's own line carries the id.
    let child: Logger | undefined;
    c.set('requestId', requestId);
    c.set('log', () => (child ??= logger.child({ reqId: requestId })));
    c.header(REQUEST_ID_HEADER, requestId);
    try {
      await next();
    } finally {
      const ms = performance.now() - started;
      const route = routePattern(c);
      const status = c.res.status;
      const auth = c.get('auth') as AppEnv['Variables']['auth'] | undefined;
      metrics?.observe(c.req.method, route, status, ms / 1000);
      (child ?? logger).info(
        {
          ...(child ? {} : { reqId: requestId }),
          method: c.req.method,
          route,
          status,
          ms: Math.round(ms * 10) / 10,
          ...(auth ? { userId: auth.user.id, ...(auth.impersonating ? { actorId: auth.actor.id } : {}) } : {}),
        },
        'request',
      );
    }
  };
}
