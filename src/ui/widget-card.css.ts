import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

// The overview's grid and widget cards, shared by the brokerage dashboard and the lender overview.

const PHONE = '(max-width: 767.98px)';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginBottom: vars.space.md,
});
export const toolbarEnd = style({
  marginLeft: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const status = style({ color: vars.color.muted, fontSize: vars.font.size.sm });
export const offline = style({
  background: vars.color.warningSoft,
  color: vars.color.warning,
  borderRadius: vars.radius.md,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.font.size.sm,
  fontWeight: 600,
});

/** 12 columns; cards span 4 or 8; one column on phones. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
  gap: vars.space.md,
  gridAutoFlow: 'row dense',
  '@media': { [PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const span4 = style({
  gridColumn: 'span 4',
  '@media': {
    [PHONE]: { gridColumn: 'auto' },
    '(min-width: 768px) and (max-width: 1099.98px)': { gridColumn: 'span 6' },
  },
});
export const span8 = style({
  gridColumn: 'span 8',
  '@media': {
    [PHONE]: { gridColumn: 'auto' },
    '(min-width: 768px) and (max-width: 1099.98px)': { gridColumn: 'span 12' },
  },
});

// A card off screen is neither styled, laid out nor painted until it nears the viewport (a phone
// shows two of the overview's sixteen): that was most of the overview's first frame. Its height is
// guessed until it has been drawn once, then remembered (auto). Its dialogs are portalled out, so
// the paint containment this brings clips nothing.
export const card = style({
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 360px',
});
export const cardHeader = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: 44 });
export const cardTitle = style({ fontSize: vars.font.size.lg, margin: 0, flex: 1, minWidth: 0 });
export const infoText = style({ margin: 0, lineHeight: 1.6 });
export const muted = style({ color: vars.color.muted, margin: 0 });

export const tiles = style({
  listStyle: 'none',
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});
export const tile = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  justifyContent: 'flex-end',
  gap: 2,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: 'inherit',
  textDecoration: 'none',
  minHeight: 64,
  selectors: { 'a&:hover': { background: vars.color.primarySoft } },
});
export const tileValue = style({
  fontSize: vars.font.size.xl,
  fontWeight: 700,
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
});
export const tileLabel = style({ fontSize: vars.font.size.sm, color: vars.color.muted, margin: 0 });
