import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const scroller = style({ overflowX: 'auto', width: '100%' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm });
export const th = style({
  textAlign: 'left', padding: `${vars.space.sm} ${vars.space.sm}`, borderBottom: `2px solid ${vars.color.border}`,
  fontWeight: 600, whiteSpace: 'nowrap', verticalAlign: 'bottom',
});
export const td = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle', height: 44 });
export const sortButton = style({
  display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minHeight: 44, padding: 0, border: 'none', background: 'transparent',
  font: 'inherit', fontWeight: 600, color: vars.color.primaryDark, cursor: 'pointer',
});
export const empty = style({ padding: vars.space.lg, textAlign: 'center', color: vars.color.muted });
export const busy = style({ opacity: 0.6 });
