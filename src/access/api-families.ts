/**
 * Every path family the server answers itself, never with the console's index.html. One list for
 * the three places that must know it: the server's static fallthrough (server/static.ts), the
 * service worker's network-only rule and navigation denylist (sw/sw.ts) and the dev proxy
 * (vite.config.ts). A family is a first path segment: it covers `/<family>` and `/<family>/...`.
 * tests/unit/api-families.test.ts fails when the server mounts a family missing here.
 */
export const API_FAMILIES = [
  // The API families of the spec (section 7); /auth/ includes the one-time-password page.
  'auth',
  'users-api',
  'agents-api',
  'interviews-api',
  'leads-api',
  'lenders-api',
  'lenders-match-api',
  'contact-center-api',
  'workflow-api',
  'analytics-api',
  // The console's live event stream, the demo outbox and server metadata (RFC 8414).
  'events',
  'dev',
  '.well-known',
  // Server-only: provider webhooks and the load balancer's probes. The console never calls them,
  // but they must never be answered with its index.html either.
  'webhooks',
  'healthz',
  'readyz',
  'metrics',
] as const;

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches a path of any family: `/<family>` alone or followed by `/`. */
export const API_PATH_PATTERN = new RegExp(`^/(${API_FAMILIES.map(escaped).join('|')})(/|$)`);

export const isApiPath = (pathname: string): boolean => API_PATH_PATTERN.test(pathname);

/** URL pattern pathnames (Service Worker Static Routing) for every family: the bare path and everything under it. */
export const API_PATHNAME_PATTERNS: string[] = API_FAMILIES.flatMap((family) => [`/${family}`, `/${family}/*`]);
