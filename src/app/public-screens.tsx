import { LoginScreen } from '../features/login/login-screen.tsx';
import { NotFoundScreen } from '../features/not-found/not-found-screen.tsx';
import type { Screen } from './screens.tsx';

/** Screens of the public routes (no sign-in). Login loads with the app; the rest lazily. */
export const PUBLIC_SCREENS: Record<string, Screen> = {
  home: LoginScreen,
  login: LoginScreen,
  'not-found': NotFoundScreen,
};
