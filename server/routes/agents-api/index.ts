import type { RouteDef } from '../../http/route.ts';
import { agentAdminRoutes } from './agent-admin.ts';
import { agentLifecycleRoutes } from './agent-lifecycle.ts';
import { agentOnboardingRoutes } from './agent-onboarding.ts';
import { agentRoutes } from './agents.ts';
import { brokerReferralRoutes } from './broker-referrals.ts';
import { brokerageAdminRoutes } from './brokerage-admin.ts';
import { brokerageMetricsRoutes } from './brokerage-metrics.ts';
import { brokerageReferralRoutes } from './brokerage-referrals.ts';
import { brokerageStatsRoutes } from './brokerage-stats.ts';
import { brokerageRoutes } from './brokerages.ts';
import { daySyncRoutes } from './day-sync.ts';
import { dashboardEmailRoutes } from './email.ts';
import { messagePreferenceRoutes } from './message-preferences.ts';
import { myAgentRoutes } from './my-agents.ts';
import { agentNoteRoutes, brokerNoteRoutes } from './notes.ts';
import { potentialAgentEditRoutes } from './potential-agent-edit.ts';
import { potentialAgentRoutes } from './potential-agents.ts';
import { pushSubscriptionRoutes } from './push-subscriptions.ts';
import { questionnaireRoutes } from './questionnaires.ts';
import { agentAppRoutes } from './referrals.ts';

/** /agents-api: agents, their referrals and notifications, brokerages and their stats, notes, the contact-sales email. */
export const agentsApiRoutes: RouteDef[] = [
  ...agentRoutes,
  ...agentAppRoutes,
  ...daySyncRoutes, // the agent's day kit for offline reading
  ...brokerageRoutes,
  ...brokerageStatsRoutes,
  ...dashboardEmailRoutes,
  ...brokerageReferralRoutes,
  ...brokerNoteRoutes,
  ...agentNoteRoutes,
  ...agentAdminRoutes,
  // The broker admin's workspace.
  ...brokerReferralRoutes,
  ...myAgentRoutes,
  ...potentialAgentRoutes,
  ...agentOnboardingRoutes,
  ...questionnaireRoutes,
  ...brokerageMetricsRoutes,
  ...brokerageAdminRoutes,
  ...agentLifecycleRoutes,
  ...potentialAgentEditRoutes,
  ...pushSubscriptionRoutes, // Web Push to the agent's phone
  ...messagePreferenceRoutes, // how the agent hears of a new referral and a reminder
];
