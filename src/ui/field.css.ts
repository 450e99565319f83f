import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

// A field never grows past its row (a select whose longest option is wider than a phone): it shrinks with it.
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
  minWidth: 0,
  maxWidth: '100%',
});
export const label = style({ fontWeight: 600, fontSize: vars.font.size.sm });
export const input = style({
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:read-only': { background: vars.color.greySoft },
  },
});
export const error = style({ color: vars.color.danger, fontSize: vars.font.size.sm });
export const hint = style({ color: vars.color.muted, fontSize: vars.font.size.sm });
