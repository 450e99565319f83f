import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
  gap: vars.space.md,
});
export const chartTitle = style({ fontSize: vars.font.size.md, margin: `0 0 ${vars.space.sm}` });
export const tiles = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.lg, margin: `0 0 ${vars.space.md}` });
export const tile = style({ display: 'flex', flexDirection: 'column' });
export const tileValue = style({ fontSize: vars.font.size.xl, fontWeight: 700 });
