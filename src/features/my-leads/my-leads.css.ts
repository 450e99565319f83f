import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// The list beside the lead's side view on wide screens; the side view covers the list on phones.
export const split = style({
  display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg,
  '@media': { 'screen and (min-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr) 380px' } },
});
export const side = style({
  '@media': {
    'screen and (max-width: 767.98px)': { position: 'fixed', inset: 0, zIndex: 30, overflowY: 'auto', background: vars.color.surface, padding: vars.space.md },
  },
});
