import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * One value of a chart at a time, shown on hover, on focus and on a tap: the chart's marks are buttons
 * with one tab stop between them (a roving tabindex, as a toolbar's), moved by the arrow keys, Home and
 * End; Escape hides the value again (WCAG 1.4.13: content on hover or focus can be dismissed).
 */
export function useChartFocus(count: number) {
  const [current, setCurrent] = useState<number | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const stop = current !== null && current < count ? current : count - 1; // the latest period by default
  const go = (to: number) => {
    const i = Math.min(count - 1, Math.max(0, to));
    setCurrent(i);
    setShown(i);
    buttons.current[i]?.focus();
  };
  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const to = { ArrowRight: i + 1, ArrowUp: i + 1, ArrowLeft: i - 1, ArrowDown: i - 1, Home: 0, End: count - 1 }[
      e.key
    ];
    if (to !== undefined) {
      e.preventDefault();
      go(to);
    } // the arrows would scroll the page
    else if (e.key === 'Escape') {
      setShown(null);
      setHovered(null);
    }
  };
  const itemProps = (i: number) => ({
    ref: (el: HTMLButtonElement | null) => {
      buttons.current[i] = el;
    },
    tabIndex: i === stop ? 0 : -1,
    onFocus: () => {
      setCurrent(i);
      setShown(i);
    },
    onClick: () => {
      setCurrent(i);
      setShown(i);
    }, // a tap on a phone (a touch focuses a button only in some browsers)
    onPointerEnter: () => setHovered(i),
    onPointerLeave: () => setHovered(null),
    onKeyDown: onKeyDown(i),
  });
  const groupProps = {
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setShown(null);
    },
  };
  const active = hovered ?? shown;
  return { active: active !== null && active < count ? active : null, itemProps, groupProps };
}
