import { useId } from 'react';
import * as field from './field.css.ts';
import * as styles from './choice.css.ts';

export interface CheckboxOption { value: string; label: string; disabled?: boolean; hint?: string }

/** Checkboxes in a fieldset named by its legend; each option is a 44 px tall label, a disabled one says why. */
export function CheckboxGroup({ legend, options, value, onChange, error }: {
  legend: string; options: readonly CheckboxOption[]; value: readonly string[]; onChange: (v: string[]) => void; error?: string | undefined;
}) {
  const id = useId();
  const toggle = (v: string, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className={styles.option} title={o.hint}>
          <input type="checkbox" className={styles.radio} value={o.value} checked={value.includes(o.value)} disabled={o.disabled}
            onChange={(e) => toggle(o.value, e.target.checked)} aria-describedby={o.hint ? `${id}-${o.value}` : undefined} />
          {o.label}
          {o.hint && <span id={`${id}-${o.value}`} className={field.hint}>{o.hint}</span>}
        </label>
      ))}
      {error && <span id={`${id}-error`} className={field.error} role="alert">{error}</span>}
    </fieldset>
  );
}
