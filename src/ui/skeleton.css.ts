import { keyframes, style, styleVariants } from '@vanilla-extract/css';

import { SPINNER_DELAY_MS } from './layout.css.ts';
import { vars } from './theme.css.ts';

// Grey shapes where content is coming: drawn at once in the room the content will take,
// so nothing moves when it lands. The shimmer starts only once a wait has lasted a second, as the
// spinner does (decision 0045: no compositor work for short waits), and never under reduced motion.
const shimmer = keyframes({ from: { backgroundPosition: '100% 0' }, to: { backgroundPosition: '-100% 0' } });

export const shape = style({
  display: 'block',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.greySoft,
  backgroundImage: `linear-gradient(90deg, transparent 0%, rgba(255,255,255,.6) 50%, transparent 100%)`,
  backgroundSize: '200% 100%',
  backgroundRepeat: 'no-repeat',
  animation: `${shimmer} 1.4s ease-in-out ${SPINNER_DELAY_MS}ms infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', backgroundImage: 'none' } },
});
export const line = style([shape, { height: '0.9em', width: '70%', maxWidth: 220 }]);
export const short = style({ width: '40%' });
export const figure = style([shape, { height: 36, width: '60%' }]);
export const bar = style([shape, { width: '100%', borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0` }]);

export const layout = styleVariants({
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(96px, 1fr))',
    gap: vars.space.md,
    padding: `${vars.space.sm} 0`,
  },
  chart: { display: 'flex', alignItems: 'flex-end', gap: vars.space.sm, height: 160, padding: `${vars.space.sm} 0` },
  list: { display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: `${vars.space.sm} 0` },
  record: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)',
    gap: vars.space.md,
    padding: `${vars.space.sm} 0`,
  },
});
export const cell = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const title = style([shape, { height: 28, width: '45%', marginBottom: vars.space.md }]);
