import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

export const PLOT_HEIGHT = 140;

export const figure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
/** Value axis | plot, over the category axis; the top tick's label stands half above the plot. */
export const frame = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gridTemplateRows: `${PLOT_HEIGHT}px auto`,
  paddingTop: 8,
  fontSize: '12px',
  color: vars.color.muted,
  fontVariantNumeric: 'tabular-nums',
});
export const yAxis = style({ position: 'relative', gridColumn: 1, gridRow: 1, paddingRight: vars.space.xs });
export const yTick = style({
  position: 'absolute',
  right: vars.space.xs,
  transform: 'translateY(50%)',
  whiteSpace: 'nowrap',
  lineHeight: 1,
});
/** The widest tick label, unseen, gives the axis its width (the seen labels are placed absolutely). */
export const ySizer = style({
  display: 'flex',
  flexDirection: 'column',
  visibility: 'hidden',
  height: 0,
  overflow: 'hidden',
});
export const plot = style({ position: 'relative', gridColumn: 2, gridRow: 1, minWidth: 0 });
export const svg = style({
  width: '100%',
  height: PLOT_HEIGHT,
  display: 'block',
  background: vars.color.greySoft,
  borderRadius: vars.radius.sm,
});
export const hits = style({ position: 'absolute', inset: 0 });
export const hit = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  padding: 0,
  margin: 0,
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outlineOffset: '-3px' } },
});
export const tooltip = style({
  position: 'absolute',
  top: vars.space.xs,
  zIndex: 1,
  pointerEvents: 'none',
  whiteSpace: 'nowrap',
  background: vars.color.text,
  color: vars.color.surface,
  borderRadius: vars.radius.sm,
  padding: `2px ${vars.space.sm}`,
  fontSize: vars.font.size.sm,
  boxShadow: vars.shadow.card,
});
export const xAxis = style({ position: 'relative', gridColumn: 2, gridRow: 2, height: '1.75em' });
/**
 * A period's slot under its column; its label is centred on the column and may be wider than the slot
 * (a narrow desktop card gives "Nov" 20 px). The first and the last label stay inside the axis: `safe`
 * centring falls back to the start, which for the last slot is its right edge (row-reverse).
 */
export const xSlot = style({
  position: 'absolute',
  top: 4,
  display: 'flex',
  justifyContent: 'center',
  lineHeight: 1.2,
});
export const xSlotFirst = style({ justifyContent: 'safe center' });
export const xSlotLast = style({ justifyContent: 'safe center', flexDirection: 'row-reverse' });
export const xTick = style({ whiteSpace: 'nowrap' });
