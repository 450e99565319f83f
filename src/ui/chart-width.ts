import { useLayoutEffect, useState, type RefObject } from 'react';

const ASSUMED_WIDTH_PX = 280; // before the first measure (and in jsdom, which lays nothing out): a phone's plot

/** The element's width in CSS pixels, kept current as its card resizes (rotation, drawer, window). */
export function useChartWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width || ASSUMED_WIDTH_PX;
}
