import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'flex-start',
  padding: vars.space.lg,
});
export const card = style({ width: 'min(480px, 100%)' });
export const title = style({ fontSize: vars.font.size.lg, marginTop: 0 });
