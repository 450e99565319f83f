import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: 44 });
// The button is a full 44 x 44 px tap target (WCAG 2.5.5); the 26 px track is drawn inside it.
export const root = style({
  width: 44,
  height: 44,
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  background: 'transparent',
  position: 'relative',
  flexShrink: 0,
  display: 'flex',
  alignItems: 'center',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      top: 9,
      height: 26,
      borderRadius: vars.radius.round,
      background: vars.color.grey,
    },
    '&[data-state="checked"]::before': { background: vars.color.primary },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});
export const thumb = style({
  display: 'block',
  width: 20,
  height: 20,
  borderRadius: vars.radius.round,
  background: '#fff',
  position: 'relative',
  transform: 'translateX(3px)',
  transition: 'transform 100ms',
  selectors: { '&[data-state="checked"]': { transform: 'translateX(21px)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
export const label = style({ cursor: 'pointer' });
