import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const card = style({
  background: vars.color.surface, borderRadius: vars.radius.lg, boxShadow: vars.shadow.card, padding: vars.space.lg,
});
export const page = style({ padding: vars.space.lg, maxWidth: 1400, margin: '0 auto', width: '100%' });
export const pageTitle = style({ fontSize: vars.font.size.xl, marginBottom: vars.space.md });
const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  width: 32, height: 32, borderRadius: '50%', border: `3px solid ${vars.color.primarySoft}`,
  borderTopColor: vars.color.primary, animation: `${spin} 0.8s linear infinite`, margin: `${vars.space.lg} auto`,
});
export const muted = style({ color: vars.color.muted });
