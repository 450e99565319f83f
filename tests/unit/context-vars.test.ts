import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { memoizedVars } from '../../server/http/context-vars.ts';

// server/http/context-vars.ts: c.var is one object between sets, and a set shows in the next read
// without changing what an earlier read handed out.

describe('memoized request variables', () => {
  it('answers the same object until a set, then a new one with the value, leaving the old one as it was', async () => {
    const app = new Hono<{ Variables: { a: number; b: string } }>();
    app.use('*', memoizedVars);
    app.get('/', (c) => {
      c.set('a', 1);
      const first = c.var;
      const same = c.var === first;
      c.set('b', 'x');
      c.set('a', 2);
      return c.json({ same, first: { ...first }, now: { ...c.var }, got: c.get('a'), stable: c.var === c.var });
    });
    const res = await app.request('/');
    expect(await res.json()).toEqual({ same: true, first: { a: 1 }, now: { a: 2, b: 'x' }, got: 2, stable: true });
  });
});
