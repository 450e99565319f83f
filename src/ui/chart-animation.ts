import { useEffect, useState } from 'react';
import { useMediaQuery } from './media.ts';

export const CHART_DELAY_MS = 300; // spec 2 section 9: the animation starts after 300 ms
export const CHART_TICK_MS = 5; // spec 2 section 9: a tick every 5 ms
export const CHART_TICKS = 60; // ours (the spec gives no length): 60 ticks, so the charts grow for 0.3 s

/**
 * How far a chart has grown, 0 to 1: nothing for the first 300 ms, then a step every 5 ms. When the
 * user prefers reduced motion the chart is drawn whole at once.
 */
export function useChartProgress(): number {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (reduced) return undefined;
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      let n = 0;
      interval = setInterval(() => {
        n += 1;
        setTick(n);
        if (n >= CHART_TICKS) clearInterval(interval);
      }, CHART_TICK_MS);
    }, CHART_DELAY_MS);
    return () => { clearTimeout(start); clearInterval(interval); };
  }, [reduced]);
  return reduced ? 1 : tick / CHART_TICKS;
}
