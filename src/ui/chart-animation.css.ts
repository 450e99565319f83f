import { keyframes, style } from '@vanilla-extract/css';

import { CHART_ANIMATION_TIMING } from './chart-animation.ts';

const REDUCED = '(prefers-reduced-motion: reduce)';

const scaleX = keyframes({ from: { transform: 'scaleX(0)' }, to: { transform: 'scaleX(1)' } });
const scaleY = keyframes({ from: { transform: 'scaleY(0)' }, to: { transform: 'scaleY(1)' } });
const sweep = keyframes({ from: { strokeDashoffset: 1 }, to: { strokeDashoffset: 0 } });

/** A horizontal bar grows from its left edge. */
export const growRight = style({
  transformBox: 'fill-box',
  transformOrigin: 'left center',
  animation: `${scaleX} ${CHART_ANIMATION_TIMING}`,
  '@media': { [REDUCED]: { animation: 'none' } },
});

/** A column grows from its foot. */
export const growUp = style({
  transformBox: 'fill-box',
  transformOrigin: 'center bottom',
  animation: `${scaleY} ${CHART_ANIMATION_TIMING}`,
  '@media': { [REDUCED]: { animation: 'none' } },
});

/**
 * The stroke of a mask path (pathLength 1) drawn from its start to its end: the arcs under the mask
 * (a donut, a gauge) are revealed along their sweep.
 */
export const sweepStroke = style({
  strokeDasharray: 1,
  strokeDashoffset: 0,
  animation: `${sweep} ${CHART_ANIMATION_TIMING}`,
  '@media': { [REDUCED]: { animation: 'none' } },
});
