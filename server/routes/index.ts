import type { RouteDef } from '../http/route.ts';
import { agentRoutes } from './agents.ts';
import { authRoutes } from './auth.ts';
import { brokerageRoutes } from './brokerages.ts';
import { lenderRoutes } from './lenders.ts';
import { usersRoutes } from './users.ts';

/** Every API route with its policy. app.ts registers them; a route without a policy stops start-up. */
export const ROUTES: RouteDef[] = [
  ...authRoutes,
  ...usersRoutes,
  ...agentRoutes,
  ...brokerageRoutes,
  ...lenderRoutes,
];
