import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

export const checkbox = style({ width: 24, height: 24, margin: 0, accentColor: vars.color.primary, cursor: 'pointer' });
export const selectionBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: `${vars.space.sm} 0`,
  minWidth: 0,
});
export const selectAll = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  cursor: 'pointer',
});
export const count = style({ color: vars.color.muted, fontSize: vars.font.size.sm });
export const selectCell = style({ display: 'flex', alignItems: 'center', minHeight: 44 });

// The phone's rows as cards (referral-cards.tsx): a 44 px checkbox, then the text, wrapping.
export const cardRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontWeight: 400,
  fontSize: vars.font.size.sm,
});
export const cardCheck = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 44,
  minHeight: 44,
});
export const cardBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  overflowWrap: 'anywhere',
  padding: `${vars.space.xs} 0`,
});
export const cardTitle = style({
  fontWeight: 600,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});
export const cardMeta = style({ fontSize: vars.font.size.sm, color: vars.color.muted });
