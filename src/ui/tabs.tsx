import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import * as styles from './tabs.css.ts';

export interface TabItem { value: string; label: string; content: ReactNode }

export interface TabsProps {
  label: string;
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

/** Tabs with arrow-key navigation; the tab list is named by `label`. */
export function Tabs({ label, items, value, defaultValue, onValueChange }: TabsProps) {
  return (
    <RadixTabs.Root {...(value !== undefined ? { value } : {})} defaultValue={defaultValue ?? items[0]?.value}
      {...(onValueChange ? { onValueChange } : {})}>
      <RadixTabs.List aria-label={label} className={styles.list}>
        {items.map((i) => <RadixTabs.Trigger key={i.value} value={i.value} className={styles.trigger}>{i.label}</RadixTabs.Trigger>)}
      </RadixTabs.List>
      {items.map((i) => <RadixTabs.Content key={i.value} value={i.value}>{i.content}</RadixTabs.Content>)}
    </RadixTabs.Root>
  );
}
