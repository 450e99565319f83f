import { keyframes, style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

// From 768 to 1199 px a page and its cards pad less: at 1024 px that is 64 px more for a list's columns
// (a phone keeps its padding: its action bar is laid out against it).
const NARROW = 'screen and (min-width: 768px) and (max-width: 1199.98px)';
export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  '@media': { [NARROW]: { padding: vars.space.md } },
});
export const page = style({
  padding: vars.space.lg,
  maxWidth: 1400,
  margin: '0 auto',
  width: '100%',
  '@media': { [NARROW]: { padding: vars.space.md } },
});
export const pageTitle = style({ fontSize: vars.font.size.xl, marginBottom: vars.space.md });
const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
/**
 * A wait shows its spinner only once it has lasted a second (the limit past which a person needs to
 * be told the system is working). Before that the spinner keeps its room but draws nothing and
 * does not turn: a spinning ring makes the compositor draw a frame sixty times a second, which on a
 * phone competes with the page's own loading for the CPU
 * (docs/decisions/0045-loading-states-without-flicker-or-shift.md).
 */
export const SPINNER_DELAY_MS = 1000;
export const spinner = style({
  width: 32,
  height: 32,
  borderRadius: '50%',
  border: `3px solid ${vars.color.primarySoft}`,
  borderTopColor: vars.color.primary,
  margin: `${vars.space.lg} auto`,
  animation: `${appear} 150ms ease-out ${SPINNER_DELAY_MS}ms both, ${spin} 0.8s linear ${SPINNER_DELAY_MS}ms infinite`,
  // Reduced motion: the ring still appears after the second, and does not turn (its label says it is busy).
  '@media': {
    '(prefers-reduced-motion: reduce)': { animation: `${appear} 150ms ease-out ${SPINNER_DELAY_MS}ms both` },
  },
});
export const muted = style({ color: vars.color.muted });
