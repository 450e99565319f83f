import type { RouteDef } from '../http/route.ts';
import { agentAppRoutes } from './agent-referrals.ts';
import { brokerReferralRoutes } from './agents-api/broker-referrals.ts';
import { myAgentRoutes } from './agents-api/my-agents.ts';
import { agentOnboardingRoutes } from './agents-api/agent-onboarding.ts';
import { potentialAgentRoutes } from './agents-api/potential-agents.ts';
import { questionnaireRoutes } from './agents-api/questionnaires.ts';
import { analyticsRoutes } from './analytics.ts';
import { savedViewRoutes } from './users-api/saved-views.ts';
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
  ...brokerReferralRoutes,
  ...savedViewRoutes,
  ...myAgentRoutes,
  ...potentialAgentRoutes,
  ...agentOnboardingRoutes,
  ...questionnaireRoutes,
];
