import type { RouteDef } from '../../http/route.ts';
import { agentAssignmentRoutes } from './agent-assignments.ts';
import { bulkSmsRoutes } from './bulk-sms.ts';
import { connectionRoutes } from './agent-connection.ts';
import { contentItemRoutes } from './content-items.ts';
import { dncRoutes } from './dnc.ts';
import { dashboardLeadRoutes } from './iris-leads.ts';
import { leadStatsRoutes } from './lead-stats.ts';
import { opportunityLenderRoutes } from './opportunity-lender.ts';
import { opportunityRoutes } from './opportunities.ts';
import { qaReviewRoutes } from './qa-reviews.ts';

/** /interviews-api: broker leads (IRIS) and their stats, the do-not-call list, opportunities, assignment, interactions. */
export const interviewsApiRoutes: RouteDef[] = [
  ...dashboardLeadRoutes,
  ...leadStatsRoutes,
  ...dncRoutes,
  ...opportunityRoutes,
  ...connectionRoutes,
  ...opportunityLenderRoutes, // issue 13
  ...agentAssignmentRoutes, // issue 16
  ...contentItemRoutes, // issue 16
  ...bulkSmsRoutes, // issue 15
  ...qaReviewRoutes, // issue 16
];
