import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

export const fieldset = style({ border: 'none', margin: `0 0 ${vars.space.md}`, padding: 0, minWidth: 0 });
export const legend = style({ fontWeight: 600, fontSize: vars.font.size.sm, padding: 0, marginBottom: vars.space.xs });
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.greySoft } },
});
export const radio = style({ width: 20, height: 20, margin: 0, accentColor: vars.color.primary, flexShrink: 0 });
export const select = style({
  minHeight: 44,
  padding: `0 ${vars.space.sm}`,
  font: 'inherit',
  color: vars.color.text,
  maxWidth: '100%',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const textarea = style({
  minHeight: 96,
  padding: vars.space.sm,
  font: 'inherit',
  color: vars.color.text,
  resize: 'vertical',
  width: '100%',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
