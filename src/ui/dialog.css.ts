import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(0,0,0,.45)', zIndex: 50 });
export const content = style({
  position: 'fixed', zIndex: 51, top: '50%', left: '50%', transform: 'translate(-50%, -50%)',
  width: 'min(92vw, 480px)', maxHeight: '90dvh', overflow: 'auto', background: vars.color.surface,
  borderRadius: vars.radius.lg, boxShadow: vars.shadow.dialog, padding: vars.space.lg,
});
export const wide = style({ width: 'min(96vw, 1000px)' });
export const title = style({ fontSize: vars.font.size.lg, marginBottom: vars.space.sm });
export const description = style({ color: vars.color.muted, margin: `0 0 ${vars.space.md}` });
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm, marginTop: vars.space.lg, flexWrap: 'wrap' });
