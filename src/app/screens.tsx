import type { ComponentType } from 'react';

import { lazyWithRetry } from './lazy-with-retry.tsx';
import { ConsoleOverviewScreen } from './overview-screen.tsx';

// Which screen each console route id renders (public routes: public-screens.tsx). Routes
// without an entry show their title only. Heavy screens load lazily.
export type Screen = ComponentType<{ params: Record<string, string> }>;

/** A screen loaded lazily from its module's named export (screens are `*-screen.tsx`, `export function XScreen`). */
export const lazyScreen = <K extends string>(load: () => Promise<Record<K, Screen>>, name: K): Screen =>
  lazyWithRetry(() => load().then((m) => ({ default: m[name] })));

const RegisterScreen = lazyScreen(() => import('../features/register/register-screen.tsx'), 'RegisterScreen');

export const SCREENS: Record<string, Screen> = {
  marketplace: lazyScreen(() => import('../features/marketplace/marketplace-screen.tsx'), 'MarketplaceScreen'),
  register: RegisterScreen,
  'register-code': RegisterScreen,
  'forgot-password': lazyScreen(
    () => import('../features/forgot-password/forgot-password-screen.tsx'),
    'ForgotPasswordScreen',
  ),
  cloze: lazyScreen(() => import('../features/cloze/cloze-screen.tsx'), 'ClozeScreen'),
  'agent-followups': lazyScreen(() => import('../features/agent-app/followups-screen.tsx'), 'FollowupsScreen'),
  'agent-followup-view': lazyScreen(() => import('../features/agent-app/referral-screen.tsx'), 'ReferralScreen'),
  'agent-sync': lazyScreen(() => import('../features/agent-app/sync-screen.tsx'), 'SyncScreen'),
  'agent-funnel': lazyScreen(() => import('../features/agent-app/funnel-screen.tsx'), 'FunnelScreen'),
  'agent-profile': lazyScreen(() => import('../features/agent-app/profile-screen.tsx'), 'ProfileScreen'),
  'agent-announcements': lazyScreen(
    () => import('../features/agent-app/announcements-screen.tsx'),
    'AgentAnnouncementsScreen',
  ),
  // Staff console.
  'dnc-list': lazyScreen(() => import('../features/dnc/dnc-screen.tsx'), 'DncScreen'),
  brokerages: lazyScreen(() => import('../features/brokerages/brokerages-screen.tsx'), 'BrokeragesScreen'),
  'brokerage-view': lazyScreen(() => import('../features/brokerages/brokerage-view-screen.tsx'), 'BrokerageViewScreen'),
  'brokerage-email': lazyScreen(
    () => import('../features/email-settings/brokerage-email-settings-screen.tsx'),
    'BrokerageEmailSettingsScreen',
  ),
  'brokerage-agent': lazyScreen(() => import('../features/agents/agent-view-screen.tsx'), 'AgentViewScreen'),
  'brokerage-agent-referral': lazyScreen(
    () => import('../features/agents/agent-referral-screen.tsx'),
    'AgentReferralScreen',
  ),
  agents: lazyScreen(() => import('../features/agents/agents-screen.tsx'), 'AgentsScreen'),
  'agent-view': lazyScreen(() => import('../features/agents/agent-view-screen.tsx'), 'AgentViewScreen'),
  'agent-referral': lazyScreen(() => import('../features/agents/agent-referral-screen.tsx'), 'AgentReferralScreen'),
  lenders: lazyScreen(() => import('../features/lenders/lenders-screen.tsx'), 'LendersScreen'),
  'lender-view': lazyScreen(() => import('../features/lenders/lender-view-screen.tsx'), 'LenderViewScreen'),
  opportunities: lazyScreen(() => import('../features/opportunities/opportunities-screen.tsx'), 'OpportunitiesScreen'),
  'opportunity-view': lazyScreen(
    () => import('../features/opportunities/opportunity-view-screen.tsx'),
    'OpportunityViewScreen',
  ),
  'impersonation-audit': lazyScreen(
    () => import('../features/impersonation-audit/audit-screen.tsx'),
    'ImpersonationAuditScreen',
  ),
  // The broker admin's workspace.
  'my-referrals': lazyScreen(() => import('../features/my-referrals/my-referrals-screen.tsx'), 'MyReferralsScreen'),
  'my-referral-view': lazyScreen(
    () => import('../features/my-referrals/my-referral-view-screen.tsx'),
    'MyReferralViewScreen',
  ),
  'my-agents': lazyScreen(() => import('../features/my-agents/my-agents-screen.tsx'), 'MyAgentsScreen'),
  'view-my-agent': lazyScreen(() => import('../features/my-agents/my-agent-view-screen.tsx'), 'MyAgentViewScreen'),
  'my-agent-referral': lazyScreen(
    () => import('../features/my-agents/my-agent-referral-screen.tsx'),
    'MyAgentReferralScreen',
  ),
  'my-agent-questionnaire': lazyScreen(
    () => import('../features/my-agents/questionnaire-screen.tsx'),
    'QuestionnaireScreen',
  ),
  'my-agent-invitations': lazyScreen(
    () => import('../features/invite-agents/invitations-screen.tsx'),
    'InvitationsScreen',
  ),
  'my-leads': lazyScreen(() => import('../features/my-leads/my-leads-screen.tsx'), 'MyLeadsScreen'),
  'my-lead-view': lazyScreen(() => import('../features/my-leads/my-leads-screen.tsx'), 'MyLeadsScreen'),
  'agent-onboarding': lazyScreen(
    () => import('../features/agent-onboarding/agent-onboarding-screen.tsx'),
    'AgentOnboardingScreen',
  ),
  'agent-onboarding-decline': lazyScreen(
    () => import('../features/agent-onboarding/agent-onboarding-decline-screen.tsx'),
    'AgentOnboardingDeclineScreen',
  ),
  overview: ConsoleOverviewScreen,
  dashboard: ConsoleOverviewScreen,
  // The lender's console; /console picks the lender's overview in overview-screen.tsx.
  'my-loan-officers': lazyScreen(
    () => import('../features/loan-officers/loan-officers-screen.tsx'),
    'LoanOfficersScreen',
  ),
  'my-loan-officer-view': lazyScreen(
    () => import('../features/loan-officers/loan-officer-view-screen.tsx'),
    'LoanOfficerViewScreen',
  ),
  'lender-referrals': lazyScreen(
    () => import('../features/lender-referrals/lender-referrals-screen.tsx'),
    'LenderReferralsScreen',
  ),
  'lender-referral-view': lazyScreen(
    () => import('../features/lender-referrals/lender-referral-view-screen.tsx'),
    'LenderReferralViewScreen',
  ),
  // The broker admin's notifications, admins, announcements and metrics.
  'my-notifications': lazyScreen(
    () => import('../features/my-notifications/my-notifications-screen.tsx'),
    'MyNotificationsScreen',
  ),
  'my-admins': lazyScreen(() => import('../features/my-admins/my-admins-screen.tsx'), 'MyAdminsScreen'),
  'my-admin-view': lazyScreen(() => import('../features/my-admins/my-admin-view-screen.tsx'), 'MyAdminViewScreen'),
  'my-announcements': lazyScreen(
    () => import('../features/my-announcements/my-announcements-screen.tsx'),
    'MyAnnouncementsScreen',
  ),
  'my-metrics': lazyScreen(() => import('../features/my-metrics/my-metrics-screen.tsx'), 'MyMetricsScreen'),
  // Staff administration: users and announcements.
  'user-management': lazyScreen(() => import('../features/user-management/users-screen.tsx'), 'UserManagementScreen'),
  'user-create': lazyScreen(() => import('../features/user-management/user-create-screen.tsx'), 'UserCreateScreen'),
  'user-edit': lazyScreen(() => import('../features/user-management/user-edit-screen.tsx'), 'UserEditScreen'),
  announcements: lazyScreen(() => import('../features/announcements/announcements-screen.tsx'), 'AnnouncementsScreen'),
  // Staff administration: lead suppliers, bulk SMS and email settings.
  'supplier-management': lazyScreen(
    () => import('../features/supplier-management/suppliers-screen.tsx'),
    'SuppliersScreen',
  ),
  'supplier-create': lazyScreen(
    () => import('../features/supplier-management/supplier-create-screen.tsx'),
    'SupplierCreateScreen',
  ),
  'supplier-view': lazyScreen(
    () => import('../features/supplier-management/supplier-view-screen.tsx'),
    'SupplierViewScreen',
  ),
  'bulk-sms-send': lazyScreen(() => import('../features/bulk-sms/bulk-sms-screen.tsx'), 'BulkSmsScreen'),
  'settings-email': lazyScreen(
    () => import('../features/email-settings/email-settings-screen.tsx'),
    'EmailSettingsScreen',
  ),
  // Staff diagnostic tools and dynamic content.
  'agent-assignments': lazyScreen(
    () => import('../features/agent-assignments/agent-assignments-screen.tsx'),
    'AgentAssignmentsScreen',
  ),
  'content-search': lazyScreen(() => import('../features/content/content-search-screen.tsx'), 'ContentSearchScreen'),
  'content-edit': lazyScreen(() => import('../features/content/content-edit-screen.tsx'), 'ContentEditScreen'),
  simulator: lazyScreen(() => import('../features/content/simulator-screen.tsx'), 'SimulatorScreen'),
  // QA review and Twilio tasks.
  'qa-review': lazyScreen(() => import('../features/qa-review/qa-review-screen.tsx'), 'QaReviewScreen'),
  'qa-review-opportunity': lazyScreen(
    () => import('../features/qa-review/qa-review-opportunity-screen.tsx'),
    'QaReviewOpportunityScreen',
  ),
  'twilio-tasks': lazyScreen(() => import('../features/twilio-tasks/twilio-tasks-screen.tsx'), 'TwilioTasksScreen'),
  messages: lazyScreen(() => import('../features/messages/messages-screen.tsx'), 'MessagesScreen'),
};
