import { lazy, type ComponentType } from 'react';

// Which screen each console route id renders (public routes: public-screens.tsx). Routes
// without an entry show their title only. Heavy screens load lazily.
export type Screen = ComponentType<{ params: Record<string, string> }>;

export const lazyScreen = (load: () => Promise<{ default: Screen }>): Screen => lazy(load);

const RegisterPage = lazyScreen(() => import('../features/register/register-page.tsx').then((m) => ({ default: m.RegisterPage })));

export const SCREENS: Record<string, Screen> = {
  register: RegisterPage,
  'register-code': RegisterPage,
  'forgot-password': lazyScreen(() => import('../features/forgot-password/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage }))),
  cloze: lazyScreen(() => import('../features/cloze/cloze-page.tsx').then((m) => ({ default: m.ClozePage }))),
  'agent-followups': lazyScreen(() => import('../features/agent-app/followups-screen.tsx')),
  'agent-followup-view': lazyScreen(() => import('../features/agent-app/referral-screen.tsx')),
  'agent-sync': lazyScreen(() => import('../features/agent-app/sync-screen.tsx')),
  'agent-funnel': lazyScreen(() => import('../features/agent-app/funnel-screen.tsx')),
  'agent-profile': lazyScreen(() => import('../features/agent-app/profile-screen.tsx')),
};
