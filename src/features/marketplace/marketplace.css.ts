import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
});
export const card = style({ height: '100%' });
export const name = style({ fontSize: vars.font.size.lg, color: vars.color.primaryDark, marginBottom: vars.space.sm });
