import { timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';

import type { Db } from '../db/database.ts';
import { errorBody } from '../http/errors.ts';
import type { AppEnv } from '../http/route.ts';
import type { Metrics } from './metrics.ts';
import { readiness, type Lifecycle } from './probes.ts';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * GET /healthz, /readyz and /metrics. No sign-in, no rate limit, never cached; the probes say only
 * their status (and readiness its reason). /metrics exists only when METRICS_TOKEN is set and answers
 * only to that bearer token.
 */
export function mountOperations(
  app: Hono<AppEnv>,
  o: { db: Db; lifecycle: Lifecycle; metrics: Metrics | undefined; metricsToken: string | undefined },
): void {
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const state = await readiness(o.db, o.lifecycle);
    return state.ready ? c.json({ status: 'ready' }) : c.json({ status: 'unavailable', reason: state.reason }, 503);
  });
  app.get('/metrics', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!o.metrics || !o.metricsToken) return c.json(errorBody(404, 'Not found'), 404);
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
    if (!match?.[1] || !sameSecret(match[1], o.metricsToken)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json(errorBody(401, 'Authentication required'), 401);
    }
    return c.body(await o.metrics.text(), 200, { 'Content-Type': o.metrics.contentType });
  });
}
