import type { RouteDef } from '../http/route.ts';
import { dashboardEmailRoutes } from './dashboard-email.ts';
import { dashboardLeadStatsRoutes } from './dashboard-lead-stats.ts';
import { dashboardLeadRoutes } from './dashboard-leads.ts';
import { dashboardStatsRoutes } from './dashboard-stats.ts';

/**
 * The overview dashboard's data calls (spec 2 section 7); response shapes in src/contract/ (brokerages, agents, interviews, leads).
 * The agents list and leaderboard live with the agents family in agents.ts.
 */
export const dashboardRoutes: RouteDef[] = [
  ...dashboardStatsRoutes,
  ...dashboardLeadRoutes,
  ...dashboardLeadStatsRoutes,
  ...dashboardEmailRoutes,
];
