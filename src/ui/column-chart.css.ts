import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const figure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const svg = style({ width: '100%', height: 140, display: 'block', background: vars.color.greySoft, borderRadius: vars.radius.sm });
export const axis = style({ display: 'grid', gap: 2, fontSize: '11px', textAlign: 'center', color: vars.color.muted, fontVariantNumeric: 'tabular-nums' });
export const tick = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 });
