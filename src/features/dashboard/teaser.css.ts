import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

export const wrap = style({ position: 'relative', minHeight: 200 });
export const blurred = style({ filter: 'blur(5px)', opacity: 0.6, pointerEvents: 'none', userSelect: 'none' });
export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  textAlign: 'center',
  padding: vars.space.md,
});
export const pitch = style({
  margin: 0,
  fontWeight: 600,
  background: 'rgba(255,255,255,.85)',
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
});
