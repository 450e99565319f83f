import { lazy, type ComponentType } from 'react';
import { LoginPage } from '../features/login/login-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';

// Which screen each route id renders. Routes without an entry show their title only
// (their content is another issue's). Heavy screens load lazily.
export type Screen = ComponentType<{ params: Record<string, string> }>;

export const SCREENS: Record<string, Screen> = {
  home: LoginPage,
  login: LoginPage,
  'not-found': NotFoundPage,
};

export const lazyScreen = (load: () => Promise<{ default: Screen }>): Screen => lazy(load);
