import { style } from '@vanilla-extract/css';

import { vars } from '../ui/theme.css.ts';

// Quiet on purpose: a small pill in the corner, no motion, gone after a few seconds.
export const mark = style({
  position: 'fixed',
  right: vars.space.md,
  bottom: vars.space.md,
  zIndex: 50,
  pointerEvents: 'none',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.muted,
  fontSize: vars.font.size.sm,
  // Empty, it stays in the page (a live region must exist before its text changes) but shows nothing.
  selectors: { '&:empty': { padding: 0, border: 'none' } },
});
