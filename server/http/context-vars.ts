import type { Context, MiddlewareHandler } from 'hono';

/**
 * First of every request: `c.var` reads its variables from one object, made again only after a
 * `c.set`. Hono's own `c.var` builds a new object from its map at every read (Object.fromEntries),
 * and the handlers read `c.var.db`, `c.var.now()`, `c.var.auth` several times a request. A read
 * still sees a snapshot: a `c.set` makes a new object, it never changes one already handed out.
 */
export const memoizedVars: MiddlewareHandler = async (c, next) => {
  let vars: Record<string, unknown> = {};
  const set = c.set.bind(c) as (key: string, value: unknown) => void;
  (c as { set: (key: string, value: unknown) => void }).set = (key, value) => {
    set(key, value);
    vars = { ...vars, [key]: value };
  };
  Object.defineProperty(c satisfies Context, 'var', { get: () => vars, configurable: true });
  await next();
};
