import { useId, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';

import { PERSON_NAME_MAX } from '../contract/person-name.ts';
import * as styles from './field.css.ts';
import { KEY_FILTERS, type KeyFilter } from './key-filters.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Drops what the field's kind may not hold, from typing and pasting alike (spec 1 section 5). */
  keyFilter?: KeyFilter | undefined;
}

/** What a name field says when it drops a character: the drop is never silent. */
export const NAME_REFUSAL =
  'Names take letters, spaces, hyphens, apostrophes and periods: digits and emoji are left out.';

/** A labelled input whose label is its accessible name; the error and hint are its description. */
export function TextField({ label, error, hint, keyFilter, ...input }: TextFieldProps) {
  const id = useId();
  const { onChange } = input;
  // Said until the next change that drops nothing (a name field only: the others' kinds say what they take).
  const [dropped, setDropped] = useState(false);
  // Every change (a keystroke, a paste, a drop, autofill) arrives here; the owner sees the filtered value.
  const filtered =
    keyFilter && onChange
      ? (e: ChangeEvent<HTMLInputElement>) => {
          const next = KEY_FILTERS[keyFilter](e.target.value);
          if (keyFilter === 'name') setDropped(next !== e.target.value);
          if (next !== e.target.value) e.target.value = next;
          onChange(e);
        }
      : onChange;
  const shown = dropped ? NAME_REFUSAL : hint;
  const described = [error ? `${id}-error` : '', shown ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
        onChange={filtered}
        // A name field holds what the server's name rule admits, whichever form it is in.
        maxLength={input.maxLength ?? (keyFilter === 'name' ? PERSON_NAME_MAX : undefined)}
      />
      {shown && (
        <span id={`${id}-hint`} className={styles.hint} {...(dropped ? { role: 'status' } : {})}>
          {shown}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
