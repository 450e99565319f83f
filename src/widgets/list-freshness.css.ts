import { style } from '@vanilla-extract/css';

import { vars } from '../ui/theme.css.ts';

export const line = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.sm}`,
});
export const updated = style({ color: vars.color.muted, fontSize: vars.font.size.sm });
export const offline = style({
  background: vars.color.warningSoft,
  color: vars.color.warning,
  borderRadius: vars.radius.md,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.font.size.sm,
  fontWeight: 600,
});
// The fieldset only groups for `disabled`: no box, no border, its children lay out as before.
export const group = style({ display: 'contents', border: 0, margin: 0, padding: 0, minWidth: 0 });
export const reason = style({ color: vars.color.warning, fontSize: vars.font.size.sm, fontWeight: 600 });
export const title = style({ fontSize: vars.font.size.md, margin: `${vars.space.sm} 0 ${vars.space.xs}` });
