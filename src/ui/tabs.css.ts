import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

// Tabs wrap to a second row rather than scroll: a tab out of view (two of the staff agent page's eight at
// 1024 px) is a tab nobody finds.
export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.md,
});
export const trigger = style({
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  background: 'transparent',
  font: 'inherit',
  color: vars.color.muted,
  cursor: 'pointer',
  borderBottom: '3px solid transparent',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-state="active"]': { color: vars.color.primaryDark, borderBottomColor: vars.color.primary, fontWeight: 600 },
  },
});
