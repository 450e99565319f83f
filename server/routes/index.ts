import type { RouteDef } from '../http/route.ts';
import { agentsApiRoutes } from './agents-api/index.ts';
import { analyticsRoutes } from './analytics-api/analytics.ts';
import { authRoutes } from './auth/index.ts';
import { contactCenterApiRoutes } from './contact-center-api/index.ts';
import { inboundSmsRoutes } from './contact-center-api/sms.ts';
import { outboxRoutes } from './dev/outbox.ts';
import { liveEventRoutes } from './events/live-events.ts';
import { interviewsApiRoutes } from './interviews-api/index.ts';
import { leadsApiRoutes } from './leads-api/index.ts';
import { lenderOverviewRoutes } from './lenders-api/lender-overview.ts';
import { lenderRoutes } from './lenders-api/lenders.ts';
import { loanOfficerRoutes } from './lenders-api/loan-officers.ts';
import { lenderReferralRoutes } from './lenders-match-api/lender-referrals.ts';
import { usersApiRoutes } from './users-api/index.ts';
import { twilioWebhookRoutes } from './webhooks/twilio.ts';
import { oauthMetadataRoutes } from './well-known/oauth-metadata.ts';
import { workflowApiRoutes } from './workflow-api/index.ts';

/**
 * Every API route with its policy, one folder per API family of the spec (section 7). app.ts
 * registers them; a route without a policy stops start-up. No family registers itself by import.
 */
export const ROUTES: RouteDef[] = [
  ...authRoutes,
  ...usersApiRoutes,
  ...agentsApiRoutes,
  ...interviewsApiRoutes,
  ...leadsApiRoutes,
  ...lenderRoutes,
  ...loanOfficerRoutes,
  ...lenderOverviewRoutes,
  ...lenderReferralRoutes,
  ...inboundSmsRoutes,
  ...contactCenterApiRoutes,
  ...workflowApiRoutes,
  ...analyticsRoutes,
  ...liveEventRoutes, // the live console's event stream
  ...oauthMetadataRoutes,
  ...outboxRoutes,
  ...twilioWebhookRoutes, // Twilio's delivery statuses and replies (X-Twilio-Signature)
];
