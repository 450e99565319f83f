import { LoginPage } from '../features/login/login-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import type { Screen } from './screens.tsx';

/** Screens of the public routes (no sign-in). Login loads with the app; the rest lazily. */
export const PUBLIC_SCREENS: Record<string, Screen> = {
  home: LoginPage,
  login: LoginPage,
  'not-found': NotFoundPage,
};
