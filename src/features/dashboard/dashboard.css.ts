import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

// The grid, cards, tiles and status line are shared with the lender overview (src/ui/widget-card.css.ts).
export { card, grid, infoText, muted, span4, toolbar, toolbarEnd } from '../../ui/widget-card.css.ts';

export const disclaimer = style({
  color: vars.color.muted,
  fontSize: vars.font.size.sm,
  fontStyle: 'italic',
  margin: 0,
});
export const contents = style({ display: 'contents' });
export { tile, tileLabel, tiles, tileValue } from '../../ui/widget-card.css.ts';

export const tableWrap = style({ overflowX: 'auto', maxWidth: '100%' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm });
export const th = style({
  textAlign: 'left',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});
export const td = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.greySoft}`,
  height: 44,
});
export const num = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const clickableRow = style({
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});
export const sortButton = style({
  font: 'inherit',
  fontWeight: 600,
  color: 'inherit',
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  minHeight: 32,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
});
export const rowButton = style({
  font: 'inherit',
  color: vars.color.primaryDark,
  fontWeight: 600,
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  textAlign: 'left',
  minHeight: 32,
});
export const nameCell = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });
export const avatar = style({
  flex: '0 0 auto',
  width: 32,
  height: 32,
  borderRadius: '50%',
  background: vars.color.primarySoft,
  color: vars.color.primaryDark,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 700,
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
export const listItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: 48,
  borderBottom: `1px solid ${vars.color.greySoft}`,
  flexWrap: 'wrap',
});
export const itemMain = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const itemMeta = style({ color: vars.color.muted, fontSize: vars.font.size.sm });
export const overdue = style({ color: vars.color.danger, fontWeight: 600, fontSize: vars.font.size.sm });
export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: 'auto',
});
export const selectLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 600,
  flexWrap: 'wrap',
  maxWidth: '100%',
  minWidth: 0,
});
export const select = style({
  minHeight: 44,
  padding: `0 ${vars.space.sm}`,
  font: 'inherit',
  fontWeight: 400,
  color: vars.color.text,
  maxWidth: '100%',
  minWidth: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const scoreBody = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.lg,
  justifyContent: 'space-around',
});
