import { style, styleVariants } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  minWidth: 44,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  border: '1px solid transparent',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: { '&:disabled': { opacity: 0.55, cursor: 'not-allowed' } },
});

export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryDark } },
    },
  ],
  secondary: [base, { background: vars.color.surface, color: vars.color.primaryDark, borderColor: vars.color.primary }],
  text: [
    base,
    {
      background: 'transparent',
      color: vars.color.primaryDark,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.primarySoft } },
    },
  ],
  danger: [base, { background: vars.color.danger, color: '#fff' }],
  icon: [
    base,
    {
      background: 'transparent',
      color: 'inherit',
      padding: 0,
      width: 44,
      borderRadius: vars.radius.round,
      selectors: { '&:hover:not(:disabled)': { background: 'rgba(0,0,0,.06)' } },
    },
  ],
});
