import type { RouteDef } from '../../http/route.ts';
import { agentAssignmentRoutes } from './agent-assignments.ts';
import { agentConnectionRoutes } from './agent-connection.ts';
import { agentInvitationRoutes } from './agent-invitations.ts';
import { agentSupportRoutes } from './agent-support.ts';
import { bulkSmsHistoryRoutes } from './bulk-sms-history.ts';
import { bulkSmsRoutes } from './bulk-sms.ts';
import { contentItemRoutes } from './content-items.ts';
import { conversationRoutes } from './conversation.ts';
import { dncRoutes } from './dnc.ts';
import { geographyRoutes } from './geography.ts';
import { interactionWriteRoutes } from './interaction-writes.ts';
import { irisLeadRoutes } from './iris-leads.ts';
import { leadStatsRoutes } from './lead-stats.ts';
import { opportunityRoutes } from './opportunities.ts';
import { opportunityLenderRoutes } from './opportunity-lender.ts';
import { partnerRoutes } from './partners.ts';
import { qaReviewRoutes } from './qa-reviews.ts';

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
  ...agentSupportRoutes,
  ...partnerRoutes,
  ...conversationRoutes,
  ...agentInvitationRoutes,
  ...interactionWriteRoutes,
];
