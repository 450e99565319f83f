import { useId } from 'react';

import * as styles from './choice.css.ts';
import * as field from './field.css.ts';

export interface CheckboxOption {
  value: string;
  label: string;
  disabled?: boolean;
  hint?: string;
  /** One line under the label saying what choosing it means. */
  description?: string;
}

/** Checkboxes in a fieldset named by its legend; each option is a 44 px tall label, a disabled one says why. */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (v: string[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const toggle = (v: string, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className={styles.option} title={o.hint}>
          <input
            type="checkbox"
            className={styles.radio}
            value={o.value}
            checked={value.includes(o.value)}
            disabled={o.disabled}
            onChange={(e) => toggle(o.value, e.target.checked)}
            // Named by its label alone; the description and the hint describe it.
            aria-labelledby={o.description ? `${id}-${o.value}-l` : undefined}
            aria-describedby={
              [o.description && `${id}-${o.value}-d`, o.hint && `${id}-${o.value}`].filter(Boolean).join(' ') ||
              undefined
            }
          />
          {o.description ? <span id={`${id}-${o.value}-l`}>{o.label}</span> : o.label}
          {o.description && (
            <span id={`${id}-${o.value}-d`} className={field.hint}>
              {o.description}
            </span>
          )}
          {o.hint && (
            <span id={`${id}-${o.value}`} className={field.hint}>
              {o.hint}
            </span>
          )}
        </label>
      ))}
      {error && (
        <span id={`${id}-error`} className={field.error} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
