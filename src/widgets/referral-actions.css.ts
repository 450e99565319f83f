import { style } from '@vanilla-extract/css';

import { vars } from '../ui/theme.css.ts';

/** The body of a referral action's dialog (a full-screen sheet on a phone, as every dialog: dialog.css.ts). */
export const sheetBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  marginBottom: vars.space.md,
});
export const results = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const failed = style({ color: vars.color.danger });
