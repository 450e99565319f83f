import type { RouteDef } from '../../http/route.ts';
import { agentAssignmentRoutes } from './agent-assignments.ts';
import { bulkSmsRoutes } from './bulk-sms.ts';
import { bulkSmsHistoryRoutes } from './bulk-sms-history.ts';
import { agentConnectionRoutes } from './agent-connection.ts';
import { contentItemRoutes } from './content-items.ts';
import { dncRoutes } from './dnc.ts';
import { geographyRoutes } from './geography.ts';
import { irisLeadRoutes } from './iris-leads.ts';
import { leadStatsRoutes } from './lead-stats.ts';
import { opportunityLenderRoutes } from './opportunity-lender.ts';
import { opportunityRoutes } from './opportunities.ts';
import { qaReviewRoutes } from './qa-reviews.ts';
import { agentSupportRoutes } from './agent-support.ts';
import { agentInvitationRoutes } from './agent-invitations.ts';
import { interactionWriteRoutes } from './interaction-writes.ts';
import { conversationRoutes } from './conversation.ts';
import { partnerRoutes } from './partners.ts';

/** /interviews-api: broker leads (IRIS) and their stats, the do-not-call list, opportunities, assignment, interactions. */
export const interviewsApiRoutes: RouteDef[] = [
  ...irisLeadRoutes,
  ...leadStatsRoutes,
  ...dncRoutes,
  ...opportunityRoutes,
  ...agentConnectionRoutes,
  ...opportunityLenderRoutes,
  ...agentAssignmentRoutes,
  ...contentItemRoutes,
  ...bulkSmsRoutes,
  ...bulkSmsHistoryRoutes,
  ...qaReviewRoutes,
  ...geographyRoutes,
  ...agentSupportRoutes, ...partnerRoutes, ...conversationRoutes, ...agentInvitationRoutes, ...interactionWriteRoutes,
];
