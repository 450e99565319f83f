import { useId, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

import * as styles from './choice.css.ts';
import * as field from './field.css.ts';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

/** Radio buttons in a fieldset named by its legend; each option is a 44 px tall label. */
export function RadioGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  options: readonly Choice<T>[];
  value: T | null;
  onChange: (v: T) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className={styles.option}>
          <input
            type="radio"
            className={styles.radio}
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
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

/** A labelled native select (the phone's own picker). */
export function SelectField({
  label,
  error,
  children,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <span id={`${id}-error`} className={field.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** A labelled multi-line text field. */
/**
 * A text area; with maxLength it counts the characters against the limit beside the field, so the
 * limit never cuts a pasted text silently (the count says it is full).
 */
export function TextArea({
  label,
  error,
  ...area
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: string; error?: string | undefined }) {
  const id = useId();
  const max = area.maxLength;
  const length = typeof area.value === 'string' ? area.value.length : 0;
  const described =
    [error ? `${id}-error` : '', max !== undefined ? `${id}-count` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...area}
      />
      {max !== undefined && (
        <span id={`${id}-count`} className={length >= max ? field.error : field.hint}>
          {length >= max
            ? `${max.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} characters: the limit, nothing more is taken`
            : `${length.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} characters`}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={field.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
