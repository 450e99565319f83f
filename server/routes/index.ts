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
import { opportunityLenderRoutes } from './interviews-api/opportunity-lender.ts';
import { lenderOverviewRoutes } from './lenders-api/lender-overview.ts';
import { loanOfficerRoutes } from './lenders-api/loan-officers.ts';
import { lenderReferralRoutes } from './lenders-match-api/lender-referrals.ts';
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
  ...loanOfficerRoutes, ...lenderOverviewRoutes, ...lenderReferralRoutes, ...opportunityLenderRoutes, // issue 13
  ...dashboardRoutes,
  ...staffRoutes,
  ...authFlowRoutes,
  ...connectorRoutes,
  ...viewedItemRoutes,
  ...oauthMetadataRoutes,
  ...analyticsRoutes,
];
