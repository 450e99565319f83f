import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

// A record's actions on a phone: the last part of the page, stuck to the bottom of the
// screen while anything above it scrolls, so the main action is one tap away at the top of a long
// record and at its end. It spans the page's padding and keeps clear of the home indicator.
export const bar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 5,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: '0 -2px 8px rgba(0,0,0,.08)',
  margin: `0 calc(-1 * ${vars.space.lg}) calc(-1 * ${vars.space.lg})`,
  padding: `${vars.space.sm} max(${vars.space.md}, env(safe-area-inset-right)) max(${vars.space.sm}, env(safe-area-inset-bottom)) max(${vars.space.md}, env(safe-area-inset-left))`,
});
