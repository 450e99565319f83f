import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
  fontSize: vars.font.size.sm,
  color: vars.color.muted,
});
export const perPage = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });
export const select = style({
  minHeight: 44,
  padding: `0 ${vars.space.sm}`,
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const range = style({ fontVariantNumeric: 'tabular-nums', minWidth: '8ch', textAlign: 'center' });
export const arrows = style({ display: 'inline-flex', gap: vars.space.xs });
