import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const scroller = style({ overflowX: 'auto', width: '100%', position: 'relative' });
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
// A loading table keeps its text at full contrast (a dimmed table failed WCAG 1.4.3 while it
// loaded): a thin bar runs along its top edge instead, laid over it so nothing moves.
const slide = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } });
export const progress = style({
  position: 'absolute', top: 0, left: 0, right: 0, height: 3, overflow: 'hidden', pointerEvents: 'none',
  selectors: {
    '&::after': {
      content: '""', position: 'absolute', top: 0, bottom: 0, left: 0, width: '40%',
      background: vars.color.primary, animation: `${slide} 1.1s ease-in-out infinite`,
    },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { selectors: { '&::after': { animation: 'none', width: '100%' } } },
  },
});
