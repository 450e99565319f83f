import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

/** Rows of a bar chart: label, bar, value; the bars are one SVG spanning every row. */
export const ROW_HEIGHT = 36;

// Rows are 1fr of an auto height: all as tall as the tallest, so a label that wraps to three lines
// grows every row alike and the one SVG's rows (stretched to the plot) still line up with the labels.
export const barGrid = style({
  display: 'grid',
  gridTemplateColumns: 'fit-content(50%) minmax(48px, 1fr) max-content',
  gridAutoRows: `minmax(${ROW_HEIGHT}px, 1fr)`,
  columnGap: vars.space.sm,
  alignItems: 'center',
});
export const barRow = style({ display: 'contents', margin: 0, padding: 0 });
// A label wraps (two lines fit a row) rather than cut to "D…" on a phone's narrow column.
export const barLabel = style({
  gridColumn: 1,
  minWidth: 0,
  overflowWrap: 'anywhere',
  fontSize: vars.font.size.sm,
  lineHeight: 1.25,
});
export const barLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 32,
  color: vars.color.primaryDark,
  fontWeight: 600,
});
export const barPlot = style({ gridColumn: 2, position: 'relative', alignSelf: 'stretch' });
export const barSvg = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' });
export const barValue = style({
  gridColumn: 3,
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 600,
});

export const figure = style({ margin: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' });
export const pieSvg = style({ width: 160, height: 160, flex: '0 0 auto' });
export const legend = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
  flex: '1 1 180px',
  minWidth: 0,
});
export const legendItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.font.size.sm,
  minHeight: 32,
});
export const swatch = style({ width: 12, height: 12, borderRadius: 3, flex: '0 0 auto' });
export const legendText = style({ flex: 1, minWidth: 0 });
export const legendValue = style({ fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: 'nowrap' });

export const gauge = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xs,
  flex: '1 1 220px',
  maxWidth: 320,
});
export const gaugeSvg = style({ width: '100%', maxWidth: 240, height: 'auto', display: 'block' });
export const gaugeValue = style({ fontSize: vars.font.size.xl, fontWeight: 700, marginTop: -36 });
export const gaugeCaption = style({ color: vars.color.muted, fontSize: vars.font.size.sm });

/** "Show as table" under a chart, and its table. */
export const tableDetails = style({ marginTop: vars.space.xs, fontSize: vars.font.size.sm });
export const tableSummary = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 32,
  cursor: 'pointer',
  color: vars.color.primaryDark,
  fontWeight: 600,
});
export const rowHeader = style({ textAlign: 'left', fontWeight: 400 });
export const numberCell = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
