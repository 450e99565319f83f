import type { ComponentType } from 'react';
import { lazyWithRetry } from './lazy-with-retry.tsx';

// Which screen each console route id renders (public routes: public-screens.tsx). Routes
// without an entry show their title only. Heavy screens load lazily.
export type Screen = ComponentType<{ params: Record<string, string> }>;

export const lazyScreen = (load: () => Promise<{ default: Screen }>): Screen => lazyWithRetry(load);

const OverviewPage = lazyScreen(() => import('../features/dashboard/overview-page.tsx'));
const RegisterPage = lazyScreen(() => import('../features/register/register-page.tsx').then((m) => ({ default: m.RegisterPage })));

export const SCREENS: Record<string, Screen> = {
  marketplace: lazyScreen(() => import('../features/marketplace/marketplace-page.tsx')),
  register: RegisterPage,
  'register-code': RegisterPage,
  'forgot-password': lazyScreen(() => import('../features/forgot-password/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage }))),
  cloze: lazyScreen(() => import('../features/cloze/cloze-page.tsx').then((m) => ({ default: m.ClozePage }))),
  'agent-followups': lazyScreen(() => import('../features/agent-app/followups-screen.tsx')),
  'agent-followup-view': lazyScreen(() => import('../features/agent-app/referral-screen.tsx')),
  'agent-sync': lazyScreen(() => import('../features/agent-app/sync-screen.tsx')),
  'agent-funnel': lazyScreen(() => import('../features/agent-app/funnel-screen.tsx')),
  'agent-profile': lazyScreen(() => import('../features/agent-app/profile-screen.tsx')),
  // Staff console (issue 5).
  'dnc-list': lazyScreen(() => import('../features/dnc/dnc-page.tsx')),
  brokerages: lazyScreen(() => import('../features/brokerages/brokerages-screen.tsx')),
  'brokerage-view': lazyScreen(() => import('../features/brokerages/brokerage-view-screen.tsx')),
  'brokerage-email': lazyScreen(() => import('../features/email-settings/brokerage-email-settings-screen.tsx').then((m) => ({ default: m.BrokerageEmailSettingsScreen }))),
  'brokerage-agent': lazyScreen(() => import('../features/agents/agent-view-screen.tsx')),
  'brokerage-agent-referral': lazyScreen(() => import('../features/agents/agent-referral-screen.tsx')),
  agents: lazyScreen(() => import('../features/agents/agents-screen.tsx')),
  'agent-view': lazyScreen(() => import('../features/agents/agent-view-screen.tsx')),
  'agent-referral': lazyScreen(() => import('../features/agents/agent-referral-screen.tsx')),
  lenders: lazyScreen(() => import('../features/lenders/lenders-screen.tsx')),
  'lender-view': lazyScreen(() => import('../features/lenders/lender-view-screen.tsx')),
  opportunities: lazyScreen(() => import('../features/opportunities/opportunities-screen.tsx')),
  'opportunity-view': lazyScreen(() => import('../features/opportunities/opportunity-view-screen.tsx')),
  'impersonation-audit': lazyScreen(() => import('../features/impersonation-audit/audit-screen.tsx')),
  // Broker admin's workspace, part 2 (issue 12).
  'my-notifications': lazyScreen(() => import('../features/my-notifications/my-notifications-screen.tsx').then((m) => ({ default: m.MyNotificationsScreen }))),
  'my-admins': lazyScreen(() => import('../features/my-admins/my-admins-screen.tsx').then((m) => ({ default: m.MyAdminsScreen }))),
  'my-admin-view': lazyScreen(() => import('../features/my-admins/my-admin-view-screen.tsx').then((m) => ({ default: m.MyAdminViewScreen }))),
  'my-announcements': lazyScreen(() => import('../features/my-announcements/my-announcements-screen.tsx').then((m) => ({ default: m.MyAnnouncementsScreen }))),
  'my-metrics': lazyScreen(() => import('../features/my-metrics/my-metrics-screen.tsx').then((m) => ({ default: m.MyMetricsScreen }))),
  'settings-email': lazyScreen(() => import('../features/email-settings/email-settings-screen.tsx').then((m) => ({ default: m.EmailSettingsScreen }))),
  overview: OverviewPage,
  dashboard: OverviewPage,
};
