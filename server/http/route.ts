import type { Context } from 'hono';

import type { Role } from '../../src/access/roles.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import type { Logger } from '../observability/logger.ts';

/** The user a request runs as (after impersonation), with the real actor beside it. */
export interface AuthUser {
  id: number;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  roles: Role[]; // first is primary
  brokerId: number | null;
  loanOfficeId: number | null;
  agentId: number | null;
}

export interface Auth {
  user: AuthUser;
  /** The signed-in user; differs from user while impersonating. */
  actor: AuthUser;
  impersonating: boolean;
  clientId: string;
}

export interface AppEnv {
  Variables: {
    db: Db;
    config: Config;
    auth: Auth;
    now: () => Date;
    /**
     * The process's clock, which X-Demo-Clock never moves (http/demo-clock.ts): what guards sign-in
     * (the throttle's windows) runs on it, so a request that names another instant neither escapes
     * the attempts made at the real time nor is blocked by them. Decision 0097.
     */
    clock: () => Date;
    /** This process's event bus (server/events/bus.ts); absent in an app started without one. */
    events: EventBus | undefined;
    /** The request's id (X-Request-Id) and its logger, made on first use, which puts the id on every line (http/request-log.ts). */
    requestId: string;
    log: () => Logger;
  };
}

export type AppContext = Context<AppEnv>;

/**
 * Who may call a route: 'public' (no token), 'signed-in' (any valid token), or the roles admitted.
 * Every route declares one; app.ts refuses to start with a route that does not.
 */
export type Policy = 'public' | 'signed-in' | readonly Role[];

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  policy: Policy;
  handler: (c: AppContext) => Promise<Response> | Response;
  /**
   * A development aid (the outbox, the stand-in pages of third parties): registered only in demo
   * mode, so outside it the path does not exist at all (404), whatever its handler does.
   */
  demoOnly?: boolean;
}

export const route = (def: RouteDef): RouteDef => def;

/** "Staff": the five roles that see every brokerage (one definition, src/access/roles.ts). */
export { STAFF_ROLES } from '../../src/access/roles.ts';
