import { style, styleVariants } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

const base = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: 44,
});
export const banner = styleVariants({
  warning: [base, { background: vars.color.warningSoft, color: vars.color.warning }],
  success: [base, { background: vars.color.success, color: '#fff' }],
  grey: [base, { background: vars.color.greySoft, color: vars.color.text }],
  info: [base, { background: vars.color.primarySoft, color: vars.color.primaryDark }],
});
