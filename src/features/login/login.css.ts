import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

export const screen = style({ minHeight: '100dvh', display: 'grid', placeItems: 'center', padding: vars.space.md });
export const panel = style({ width: 'min(100%, 420px)' });
export const brand = style({ color: vars.color.primaryDark, fontSize: vars.font.size.xl, marginBottom: vars.space.xs });
export const subtitle = style({ color: vars.color.muted, margin: `0 0 ${vars.space.lg}` });
export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});
export const links = style({
  display: 'flex',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});
export const legal = style({
  display: 'flex',
  justifyContent: 'center',
  gap: vars.space.md,
  marginTop: vars.space.lg,
  fontSize: vars.font.size.sm,
});
export const link = style({ display: 'inline-flex', alignItems: 'center', minHeight: 44 });
export const waiting = style({
  marginTop: vars.space.lg,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  overflowWrap: 'anywhere',
});
export const waitingTitle = style({ fontSize: vars.font.size.md, margin: `0 0 ${vars.space.xs}` });
