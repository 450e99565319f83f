export const CHART_DELAY_MS = 300; // spec 2 section 9: the animation starts after 300 ms
export const CHART_TICK_MS = 5; // spec 2 section 9: a tick every 5 ms
export const CHART_TICKS = 60; // ours (the spec gives no length): 60 ticks, so the charts grow for 0.3 s

/**
 * The charts grow as a CSS animation (`chart-animation.css.ts`): nothing for the first 300 ms, then
 * 60 steps of 5 ms each (`steps(60)`). The browser runs it on its own; no React render per tick. When
 * the user prefers reduced motion the animation is off and the chart is drawn whole at once.
 */
export const CHART_ANIMATION_TIMING = `${CHART_TICKS * CHART_TICK_MS}ms steps(${CHART_TICKS}, end) ${CHART_DELAY_MS}ms both`;

/** A mask id from React's `useId` (its colons are not safe inside `url(#…)`). */
export const maskId = (reactId: string): string => `chart-mask-${reactId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
