import { useId } from 'react';

import * as styles from './switch.css.ts';

export interface SwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * A labelled on/off switch (WAI-ARIA switch pattern: a button with role "switch" and aria-checked,
 * named by its label; Space and Enter toggle it as they press any button). Written here rather than
 * taken from Radix: the login page shows one, and Radix Switch with its slot, context and size helpers
 * cost the login page about 7 kB of gzipped JS for what these lines do (lighter entry).
 */
export function Switch({ label, checked, onCheckedChange, disabled }: SwitchProps) {
  const id = useId();
  const state = checked ? 'checked' : 'unchecked';
  return (
    <div className={styles.row}>
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        data-state={state}
        className={styles.root}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
      >
        <span className={styles.thumb} data-state={state} />
      </button>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
    </div>
  );
}
