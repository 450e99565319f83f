import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';
import { visuallyHidden } from './visually-hidden.css.ts';

export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(0,0,0,.45)', zIndex: 40 });
export const content = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  width: `min(${vars.layout.drawer}, 85vw)`,
  zIndex: 41,
  background: vars.color.surface,
  overflowY: 'auto',
  boxShadow: vars.shadow.dialog,
});
export const hiddenTitle = visuallyHidden;
