import { style } from '@vanilla-extract/css';

import { vars } from '../ui/theme.css.ts';

export const prompt = style({
  position: 'fixed',
  right: vars.space.md,
  bottom: vars.space.md,
  zIndex: 70,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.dialog,
  maxWidth: 'calc(100vw - 32px)',
  flexWrap: 'wrap',
});
