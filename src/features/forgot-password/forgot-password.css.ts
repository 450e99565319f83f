import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

export const screen = style({ minHeight: '100dvh', display: 'grid', placeItems: 'center', padding: vars.space.md });
export const panel = style({ width: 'min(100%, 420px)' });
export const heading = style({
  color: vars.color.primaryDark,
  fontSize: vars.font.size.xl,
  marginBottom: vars.space.xs,
});
export const intro = style({ color: vars.color.muted, margin: `0 0 ${vars.space.lg}` });
export const actions = style({ display: 'flex', flexDirection: 'column', marginTop: vars.space.md });
export const links = style({ display: 'flex', justifyContent: 'center', marginTop: vars.space.md });
export const link = style({ display: 'inline-flex', alignItems: 'center', minHeight: 44 });
