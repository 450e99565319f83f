import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

export const screen = style({ minHeight: '100dvh', display: 'grid', placeItems: 'center', padding: vars.space.md });
export const panel = style({ width: 'min(100%, 480px)' });
export const heading = style({
  color: vars.color.primaryDark,
  fontSize: vars.font.size.xl,
  marginBottom: vars.space.md,
});
export const message = style({ margin: `0 0 ${vars.space.lg}` });
