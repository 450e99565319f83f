import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import * as styles from './tabs.css.ts';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  label: string;
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

/** The key that moves to another tab, and where to (WAI-ARIA Tabs pattern, horizontal, wrapping). */
function target(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Tabs with automatic activation (WAI-ARIA Tabs pattern): the tab list is named by `label`; arrow
 * keys, Home and End move to a tab and select it; only the selected tab is in the Tab order, and
 * only its panel holds content (the others are empty and hidden, so each tab's aria-controls
 * names an element).
 *
 * Our own, not Radix Tabs: Radix wraps each panel in Presence, whose ref reads the panel's
 * computed animation name as it mounts. On the overview (four tabbed widgets) that forced the
 * style of the whole freshly inserted page inside React's commit, the longest task of the load.
 */
export function Tabs({ label, items, value, defaultValue, onValueChange }: TabsProps) {
  const base = useId();
  const [own, setOwn] = useState(() => defaultValue ?? items[0]?.value ?? '');
  const selected = value ?? own;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (next: string) => {
    if (value === undefined) setOwn(next);
    if (next !== selected) onValueChange?.(next);
  };
  const tabId = (i: number) => `${base}-tab-${i}`;
  const panelId = (i: number) => `${base}-panel-${i}`;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const to = target(event.key, index, items.length);
    if (to === null) return;
    event.preventDefault();
    tabs.current[to]?.focus();
    select(items[to]!.value);
  };
  return (
    <div>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={styles.list}>
        {items.map((item, i) => {
          const active = item.value === selected;
          return (
            <button
              key={item.value}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(i)}
              aria-selected={active}
              aria-controls={panelId(i)}
              tabIndex={active ? 0 : -1}
              data-state={active ? 'active' : 'inactive'}
              className={styles.trigger}
              onClick={() => select(item.value)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item, i) => {
        const active = item.value === selected;
        return (
          <div
            key={item.value}
            role="tabpanel"
            id={panelId(i)}
            aria-labelledby={tabId(i)}
            tabIndex={0}
            hidden={!active}
            data-state={active ? 'active' : 'inactive'}
          >
            {active && item.content}
          </div>
        );
      })}
    </div>
  );
}
