import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

export const templates = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const template = style({ borderBottom: `1px solid ${vars.color.border}`, paddingBottom: vars.space.md });
export const templateName = style({ fontSize: vars.font.size.md, margin: 0 });
export const addresses = style({
  listStyle: 'none',
  margin: `${vars.space.sm} 0`,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const address = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 44,
});
export const addressText = style({ flex: '1 1 200px', overflowWrap: 'anywhere' });
