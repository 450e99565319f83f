import { style, styleVariants } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: '2px 8px',
  borderRadius: vars.radius.round,
  fontSize: vars.font.size.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  lineHeight: 1.4,
});
export const badge = styleVariants({
  danger: [base, { background: vars.color.dangerSoft, color: vars.color.danger }],
  warning: [base, { background: vars.color.warningSoft, color: vars.color.warning }],
  success: [base, { background: vars.color.successSoft, color: vars.color.success }],
  neutral: [base, { background: vars.color.greySoft, color: vars.color.text }],
  info: [base, { background: vars.color.primarySoft, color: vars.color.primaryDark }],
});
