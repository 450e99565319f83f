import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type pg from 'pg';

import { TokenCache } from './auth/token-cache.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { StatementCounts } from './db/statement-cache.ts';
import type { EventBus } from './events/bus.ts';
import { authorize } from './http/authenticate.ts';
import { compressAnswers } from './http/compress.ts';
import { DEMO_CLOCK_HEADER, requestClock } from './http/demo-clock.ts';
import { errorBody, errorResponse } from './http/errors.ts';
import { oauthTokenErrors } from './http/oauth-errors.ts';
import { requestLog } from './http/request-log.ts';
import type { AppEnv, RouteDef } from './http/route.ts';
import { mountOperations } from './observability/endpoints.ts';
import { createLogger, type Logger } from './observability/logger.ts';
import { Metrics } from './observability/metrics.ts';
import { Lifecycle } from './observability/probes.ts';
import { ROUTES } from './routes/index.ts';
import { isApiPath, mountConsole, pageSecurityHeaders } from './static.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface AppDeps {
  db: Db;
  config: Config;
  now?: () => Date;
  /** This process's event bus: GET /events streams from it (server/events/bus.ts). */
  events?: EventBus;
  routes?: RouteDef[];
  /** Serve the built console from config.staticDir (off for in-process API tests). */
  serveConsole?: boolean;
  /** Where request lines go; default: stdout at config.logLevel. */
  logger?: Logger;
  /** The drain state /readyz reports (main.ts sets it on SIGTERM). */
  lifecycle?: Lifecycle;
  /** The PostgreSQL pool, for the pool metrics. */
  pool?: pg.Pool | undefined;
  /** The prepared statements' counts, for their metrics. */
  statements?: StatementCounts | undefined;
}

export function createApp({
  db,
  config,
  now = () => new Date(),
  events,
  routes = ROUTES,
  serveConsole = false,
  logger,
  lifecycle = new Lifecycle(),
  pool,
  statements,
}: AppDeps) {
  const app = new Hono<AppEnv>();
  const tokens = new TokenCache(config.authCacheMs);
  app.onError((err, c) => errorResponse(c, err));
  // Before everything: every answer, a refusal below too, has a request id, a log line and its duration.
  const metrics = config.metricsToken ? new Metrics({ db, events, pool, statements }) : undefined;
  app.use('*', requestLog(logger ?? createLogger({ level: config.logLevel }), metrics));
  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('config', config);
    c.set('now', now);
    c.set('clock', now);
    c.set('events', events);
    try {
      await next();
    } finally {
      // Whatever may have changed a token, a user's status or roles empties the authentication
      // cache as it answers (token-cache.ts: the staleness bound within this process is zero).
      if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.path.startsWith('/auth/')) tokens.invalidate();
    }
  });
  // First, so that every answer carries them, the refusals of the checks below too.
  app.use('*', pageSecurityHeaders);
  // No call of the spec sends more than a few kilobytes; a megabyte leaves room and stops a
  // large body before it is read (it is counted as it streams, whatever Content-Length says).
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(errorBody(413, 'The request body is too large'), 413),
  });
  // A GET or HEAD is answered without reading a body; asking for one would build the full request object.
  app.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  // Text with NUL reaches no handler: PostgreSQL cannot store it (validate.ts checks bodies too).
  app.use('*', async (c, next) => {
    if (/%00/.test(c.req.url))
      return c.json(errorBody(400, 'The request is not valid', { _: 'must not contain NUL characters' }), 400);
    await next();
  });
  // Demo mode only: a request may run at the instant X-Demo-Clock names (http/demo-clock.ts).
  if (config.demoMode) {
    app.use('*', async (c, next) => {
      const clock = requestClock(c.req.header(DEMO_CLOCK_HEADER), now);
      if (!clock)
        return c.json(
          errorBody(400, 'The request is not valid', {
            [DEMO_CLOCK_HEADER]: 'must be an ISO 8601 instant with its zone',
          }),
          400,
        );
      c.set('now', clock);
      await next();
    });
  }
  // JSON answers gzipped in one call, the rest streamed through Hono's compress (http/compress.ts).
  app.use('*', compressAnswers());
  app.use('*', async (c, next) => {
    if (isApiPath(c.req.path)) c.header('Cache-Control', 'no-store');
    await next();
  });

  mountOperations(app, { db, lifecycle, metrics, metricsToken: config.metricsToken });
  app.use('/auth/oauth2.0/accessToken', oauthTokenErrors);
  for (const r of routes) {
    const policy: unknown = r.policy;
    if (policy !== 'public' && policy !== 'signed-in' && !(Array.isArray(policy) && policy.length > 0)) {
      throw new Error(`Route ${r.method} ${r.path} declares no role policy`);
    }
    if (r.demoOnly && !config.demoMode) continue;
    app.on(r.method, r.path, authorize(r.policy, tokens), r.handler);
  }

  if (serveConsole) mountConsole(app, config.staticDir);
  app.notFound((c) => c.json(errorBody(404, 'Not found'), 404));
  return app;
}
