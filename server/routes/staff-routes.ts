import type { RouteDef } from '../http/route.ts';
import { dncRoutes } from './dnc.ts';
import { opportunityRoutes } from './opportunities.ts';
import { staffAgentRoutes } from './staff-agents.ts';
import { connectionRoutes } from './staff-connection.ts';
import { noteRoutes } from './staff-notes.ts';
import { referralRoutes } from './staff-referrals.ts';
import { usersAdminRoutes } from './users-admin.ts';

/** The staff console's API families (issue 5); brokerages.ts and lenders.ts register on their own. */
export const staffRoutes: RouteDef[] = [
  ...dncRoutes,
  ...referralRoutes,
  ...noteRoutes,
  ...staffAgentRoutes,
  ...opportunityRoutes,
  ...connectionRoutes,
  ...usersAdminRoutes,
];
