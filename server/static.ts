import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';

import { isApiPath } from '../src/access/api-families.ts';
import type { AppEnv } from './http/route.ts';

/** Paths owned by the server (src/access/api-families.ts): never answered with the console's index.html. */
export { isApiPath };

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix positions popovers with style attributes; no inline scripts are allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  // The call recording player plays the audio it fetched with the bearer token from an object URL
  // (src/features/qa-review/recording-player.tsx): blob: for media only, nothing wider.
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Paths that answer JSON only: no page is served under them (the OAuth pages are under /auth/, the demo's outbox page under /dev/). */
const isJsonOnlyPath = (p: string) => isApiPath(p) && !p.startsWith('/auth/') && !p.startsWith('/dev/');

export const pageSecurityHeaders: MiddlewareHandler = async (c, next) => {
  // Set before the handler runs: Hono merges them into the response the handler builds through the
  // context (c.json, c.body), where each c.header() after it would copy the whole response again.
  // Every answer is built through the context (the idempotent replay too); the test of every route
  // (security-sign-in-and-access.test.ts) holds them to it.
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  // Two years, every subdomain (the agent hosts): browsers heed it only over HTTPS, so a local
  // http start is unaffected while a TLS deployment can never be downgraded to plain http.
  c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  await next();
  // A JSON API answer is done; a page gets its content security policy (reading the response's
  // type costs a copy of the response, which only pages pay).
  if (isJsonOnlyPath(c.req.path)) return;
  const type = c.res.headers.get('Content-Type') ?? '';
  if (type.startsWith('text/html')) {
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('X-Frame-Options', 'DENY');
  }
};

// Hashed assets never change; the service worker and the page must be checked on every load
// so a deploy is picked up (TOOLCHAIN.md).
function cacheControlFor(file: string): string {
  if (file.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (file === '/' || file === '/sw.js' || file.endsWith('.html') || file === '/manifest.webmanifest')
    return 'no-cache';
  return 'public, max-age=3600';
}

export function mountConsole(app: Hono<AppEnv>, staticDir: string): void {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  app.get('/robots.txt', (c) => c.text('User-agent: *\nDisallow: /console\n'));
  app.use('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    await next();
    if (c.res.status >= 400) return;
    const html = (c.res.headers.get('Content-Type') ?? '').startsWith('text/html');
    c.header('Cache-Control', html ? 'no-cache' : cacheControlFor(c.req.path));
  });
  // The .br and .gz copies `npm run build` writes (scripts/precompress.mjs) go to browsers that accept them.
  app.use('*', async (c, next) =>
    isApiPath(c.req.path) ? next() : serveStatic({ root: staticDir, precompressed: true })(c, next),
  );
  // SPA fallback: any other page is the console, which routes on the client (unknown paths go to /404).
  app.get('*', async (c, next) => {
    if (isApiPath(c.req.path) || !existsSync(indexFile)) return next();
    c.header('Cache-Control', 'no-cache');
    return c.html(await readFile(indexFile, 'utf8'));
  });
}
