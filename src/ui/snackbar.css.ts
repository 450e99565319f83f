import { style, styleVariants } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

export const region = style({
  position: 'fixed',
  left: '50%',
  bottom: vars.space.lg,
  transform: 'translateX(-50%)',
  zIndex: 60,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: 'min(92vw, 560px)',
  pointerEvents: 'none',
});
const toast = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.dialog,
  color: '#fff',
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const tone = styleVariants({
  info: [toast, { background: '#263238' }],
  success: [toast, { background: vars.color.success }],
  error: [toast, { background: vars.color.danger }],
});

/** The message's own step (Undo): a text button in the message's colour, a full touch target. */
export const action = style({
  background: 'transparent',
  color: '#fff',
  border: '1px solid rgba(255,255,255,.7)',
  borderRadius: vars.radius.sm,
  minHeight: 44,
  minWidth: 44,
  padding: `0 ${vars.space.md}`,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  flex: 'none',
});
