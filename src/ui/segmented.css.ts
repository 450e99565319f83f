import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

export const group = style({
  display: 'inline-flex',
  maxWidth: '100%',
  border: `1px solid ${vars.color.primary}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
});
export const option = style({
  flex: '1 1 auto',
  minHeight: 44,
  minWidth: 44,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  font: 'inherit',
  cursor: 'pointer',
  background: vars.color.surface,
  color: vars.color.primaryDark,
  whiteSpace: 'nowrap',
  selectors: {
    '& + &': { borderLeft: `1px solid ${vars.color.primary}` },
    '&[aria-pressed="true"]': { background: vars.color.primary, color: vars.color.onPrimary, fontWeight: 600 },
  },
  '@media': { '(max-width: 767.98px)': { padding: `0 ${vars.space.sm}` } },
});
