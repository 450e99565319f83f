import type { RouteDef } from '../http/route.ts';
import { agentAppRoutes } from './agent-referrals.ts';
import { analyticsRoutes } from './analytics.ts';
import { agentRoutes } from './agents.ts';
import { authFlowRoutes } from './auth-flows.ts';
import { authRoutes } from './auth.ts';
import { brokerageRoutes } from './brokerages.ts';
import { dashboardRoutes } from './dashboard.ts';
import { connectorRoutes } from './connectors.ts';
import { lenderRoutes } from './lenders.ts';
import { oauthMetadataRoutes } from './oauth-metadata.ts';
import { staffRoutes } from './staff-routes.ts';
import { usersRoutes } from './users.ts';
import { viewedItemRoutes } from './viewed-items.ts';
import { brokerageMetricsRoutes } from './agents-api/brokerage-metrics.ts';
import { announcementRoutes } from './users-api/announcements.ts';
import { brokerageAdminRoutes } from './users-api/brokerage-admins.ts';
import { connectorSettingRoutes } from './users-api/connector-settings.ts';
import { emailSettingRoutes } from './users-api/email-settings.ts';

/** Every API route with its policy. app.ts registers them; a route without a policy stops start-up. */
export const ROUTES: RouteDef[] = [
  ...authRoutes,
  ...usersRoutes,
  ...agentRoutes,
  ...agentAppRoutes,
  ...brokerageRoutes,
  ...lenderRoutes,
  ...dashboardRoutes,
  ...staffRoutes,
  ...authFlowRoutes,
  ...connectorRoutes,
  ...viewedItemRoutes,
  ...oauthMetadataRoutes,
  ...analyticsRoutes,
  ...announcementRoutes,
  ...brokerageAdminRoutes,
  ...emailSettingRoutes,
  ...connectorSettingRoutes,
  ...brokerageMetricsRoutes,
];
