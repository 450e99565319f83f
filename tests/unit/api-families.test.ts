import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import type { AppEnv } from '../../server/http/route.ts';
import { ROUTES } from '../../server/routes/index.ts';
import { mountConsole } from '../../server/static.ts';
import { API_FAMILIES, API_PATHNAME_PATTERNS, isApiPath } from '../../src/access/api-families.ts';
import { ROUTES as CONSOLE_ROUTES } from '../../src/access/route-table.ts';
import viteConfig from '../../vite.config.ts';

const firstSegment = (p: string) => p.split('/')[1] ?? '';

// Every family the server mounts: the route table's paths and whatever app.ts mounts beside it
// (the probes). The app is only built, never asked: no database is opened.
const app = createApp({ db: undefined as never, config: testConfig({ demoMode: true }) });
const mounted = [...ROUTES.map((r) => r.path), ...app.routes.map((r) => r.path)].filter((p) => p !== '/*' && p !== '*');
const families = [...new Set(mounted.map(firstSegment))].sort();
// A bare family path and one under it, for each family mounted and each family listed.
const samples = [...new Set([...families, ...API_FAMILIES])].flatMap((f) => [`/${f}`, `/${f}/some/where`]);

// The two URL pattern forms the worker's rule uses ('/x' and '/x/*'), matched as URLPattern matches them.
const patternMatches = (pattern: string, pathname: string) =>
  pattern.endsWith('/*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;

describe("one list of the server's path families", () => {
  it('lists every family the server mounts', () => {
    expect(families.length).toBeGreaterThan(10);
    expect(families.filter((f) => !(API_FAMILIES as readonly string[]).includes(f))).toEqual([]);
  });

  it('holds no path of a console page, which the server must answer with index.html', () => {
    expect(CONSOLE_ROUTES.map((r) => r.path).filter((p) => isApiPath(p))).toEqual([]);
  });

  it('the dev proxy forwards every family to the API server', () => {
    const keys = Object.keys(viteConfig.server?.proxy ?? {});
    const proxied = (p: string) => keys.some((k) => (k.startsWith('^') ? new RegExp(k).test(p) : p.startsWith(k)));
    expect(samples.filter((p) => !proxied(p))).toEqual([]);
    expect(proxied('/referrals/12')).toBe(false);
  });

  it('the service worker sends every family to the network and never answers it with the app shell', () => {
    expect(samples.filter((p) => !API_PATHNAME_PATTERNS.some((pattern) => patternMatches(pattern, p)))).toEqual([]);
    const worker = readFileSync(path.join(import.meta.dirname, '../../sw/sw.ts'), 'utf8');
    // The worker builds its network-only rule and its navigation denylist from the one list.
    expect(worker).toMatch(/or: API_PATHNAME_PATTERNS\.map/);
    expect(worker).toMatch(/SERVER_PATHS = \[API_PATH_PATTERN,/);
  });

  describe('the server', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'console-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const server = new Hono<AppEnv>();
    mountConsole(server, dir);
    server.notFound((c) => c.json({ message: 'Not found' }, 404));

    it('answers a console page with index.html', async () => {
      const page = await server.request('/referrals/12');
      expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    });

    it("never answers a path of a family with the console's index.html", async () => {
      const served: string[] = [];
      for (const p of samples) {
        const res = await server.request(p);
        if ((res.headers.get('Content-Type') ?? '').startsWith('text/html')) served.push(p);
      }
      expect(served).toEqual([]);
    });
  });
});
