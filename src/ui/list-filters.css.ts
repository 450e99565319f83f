import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

export const sheetBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
});
export const sheetHeading = style({ fontSize: vars.font.size.lg, margin: 0 });
