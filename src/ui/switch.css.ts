import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: 44 });
export const root = style({
  width: 44, height: 26, borderRadius: vars.radius.round, border: 'none', padding: 0, cursor: 'pointer',
  background: vars.color.grey, position: 'relative', flexShrink: 0,
  selectors: { '&[data-state="checked"]': { background: vars.color.primary } },
});
export const thumb = style({
  display: 'block', width: 20, height: 20, borderRadius: vars.radius.round, background: '#fff',
  transform: 'translateX(3px)', transition: 'transform 100ms',
  selectors: { '&[data-state="checked"]': { transform: 'translateX(21px)' } },
});
export const label = style({ cursor: 'pointer' });
