import { lazy, type ComponentType } from 'react';

// Which screen each console route id renders (public routes: public-screens.tsx). Routes
// without an entry show their title only. Heavy screens load lazily.
export type Screen = ComponentType<{ params: Record<string, string> }>;

export const SCREENS: Record<string, Screen> = {
};

export const lazyScreen = (load: () => Promise<{ default: Screen }>): Screen => lazy(load);
