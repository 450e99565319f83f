import type { Role } from './roles.ts';
import { ROUTES, type RouteEntry } from './route-table.ts';

/** Default routes per role (spec 1 section 4); roles without one land on /console. */
const DEFAULT_ROUTES: Partial<Record<Role, string>> = {
  ADMIN: '/console/brokerages',
  MANAGER: '/console/brokerages',
  QA_TEAM: '/console/brokerages',
  CSR_SUPERVISOR: '/console/brokerages',
  AGENT_ENGAGEMENT: '/console/brokerages',
  BROKERAGE_ADMIN: '/console',
  CSR: '/console',
  CSR_VIEW_OPPORTUNITIES: '/console/opportunities',
  AGENT: '/console/agent-followups',
};

export const defaultRouteFor = (role: string): string => DEFAULT_ROUTES[role as Role] ?? '/console';

/** Where a user lands: the default route of their first (primary) role; /login without roles. */
export const landingFor = (roles: readonly string[]): string =>
  roles[0] === undefined ? '/login' : defaultRouteFor(roles[0]);

export const canAccess = (roles: readonly string[], route: RouteEntry): boolean =>
  route.roles === undefined || route.roles.some((r) => roles.includes(r));

function compile(pattern: string): RegExp {
  const source = pattern
    .replace(/[.+*^${}()[\]\\|]/g, '\\$&')
    .replace(/\/:(\w+)\?/g, '(?:/(?<$1>[^/]+))?')
    .replace(/:(\w+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}/?$`);
}
const COMPILED = ROUTES.map((route) => ({ route, regex: compile(route.path) }));

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

export function matchRoute(pathname: string): RouteMatch | undefined {
  for (const { route, regex } of COMPILED) {
    const m = regex.exec(pathname);
    if (m) {
      const params = Object.fromEntries(
        Object.entries(m.groups ?? {})
          .filter((e): e is [string, string] => e[1] !== undefined)
          .map(([k, val]) => [k, decodeURIComponent(val)]),
      );
      return { route, params };
    }
  }
  return undefined;
}

export interface GuardInput {
  route: RouteEntry;
  session: { accessToken: string; expiresAt: number } | null;
  /** The signed-in user's roles, first is primary (undefined while the user is not loaded). */
  roles: readonly string[];
  now: number;
}

export type GuardResult = { action: 'allow' } | { action: 'redirect'; to: string };

/**
 * The route guard's first three rules (spec 1 section 4). The fourth, the silent refresh on
 * navigation, is the session layer's: it runs after 'allow'.
 */
export function guard({ route, session, roles, now }: GuardInput): GuardResult {
  if (route.roles === undefined) return { action: 'allow' };
  if (!session?.accessToken) return { action: 'redirect', to: '/login' };
  if (session.expiresAt <= now) return { action: 'redirect', to: '/login' };
  if (!canAccess(roles, route)) {
    if (route.path === '/console') return { action: 'redirect', to: '/login' };
    return { action: 'redirect', to: landingFor(roles) };
  }
  return { action: 'allow' };
}

/** /console sends staff with ADMIN who are not impersonating to the brokerages list. */
export const overviewRedirect = (roles: readonly string[], impersonating: boolean): string | undefined =>
  roles.includes('ADMIN') && !impersonating ? '/console/brokerages' : undefined;
