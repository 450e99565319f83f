import type { RouteDef } from '../../http/route.ts';
import { staffAgentRoutes } from './agent-admin.ts';
import { agentRoutes } from './agents.ts';
import { brokerageMetricsRoutes } from './brokerage-metrics.ts';
import { referralRoutes } from './brokerage-referrals.ts';
import { dashboardStatsRoutes } from './brokerage-stats.ts';
import { brokerageRoutes } from './brokerages.ts';
import { dashboardEmailRoutes } from './email.ts';
import { agentNoteRoutes, brokerNoteRoutes } from './notes.ts';
import { agentAppRoutes } from './referrals.ts';

/** /agents-api: agents, their referrals and notifications, brokerages and their stats, notes, the contact-sales email. */
export const agentsApiRoutes: RouteDef[] = [
  ...agentRoutes,
  ...agentAppRoutes,
  ...brokerageRoutes,
  ...dashboardStatsRoutes,
  ...dashboardEmailRoutes,
  ...referralRoutes,
  ...brokerNoteRoutes,
  ...agentNoteRoutes,
  ...staffAgentRoutes,
  ...brokerageMetricsRoutes,
];
