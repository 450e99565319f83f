import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const avatar = style({
  width: 40, height: 40, borderRadius: '50%', background: vars.color.primary, color: vars.color.onPrimary,
  display: 'inline-flex', alignItems: 'center', justifyContent: 'center', fontWeight: 700, flex: '0 0 auto',
});
/** Spec 2: body 500 px high (less on short phone screens). */
export const body = style({ height: 'min(500px, 65dvh)', overflowY: 'auto' });
export const section = style({ fontSize: vars.font.size.md, margin: `${vars.space.sm} 0` });
export const details = style({
  display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: vars.space.md, margin: `0 0 ${vars.space.lg}`,
});
export const term = style({ fontSize: vars.font.size.sm, color: vars.color.muted, fontWeight: 600 });
export const value = style({ margin: 0 });
export const fields = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', columnGap: vars.space.md });
export const error = style({
  background: vars.color.dangerSoft, color: vars.color.danger, borderRadius: vars.radius.md, padding: vars.space.md, fontWeight: 600,
});
