import { useEffect, useRef, useState, type RefObject } from 'react';
import * as v from 'valibot';

import { ApiError } from '../api/client.ts';

// How every form shows what is wrong: each message next to its field, in the user's words, gone as
// soon as that field changes, with focus moved to the first field in error. A refusal the server
// ties to fields shows there and nowhere else; only what belongs to no field reaches the top.

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** One field's error under its contract rule (the schema the server checks it with): the first message, or undefined. */
export function ruleError(rule: v.GenericSchema, value: unknown): string | undefined {
  const r = v.safeParse(rule, value);
  return r.success ? undefined : r.issues[0].message;
}

/** The top-of-form message for an error, or undefined when its fields say it all. */
export function formFailureText(e: unknown): string | undefined {
  if (e instanceof ApiError) {
    if (e.network)
      return 'You are offline or the server cannot be reached. Nothing was saved; try again when you are back online.';
    if (e.fields && Object.keys(e.fields).length > 0) return undefined;
    if (e.status >= 500 || e.message.startsWith('Unexpected answer'))
      return 'Something went wrong on our side. Nothing was saved; try again.';
    return e.message;
  }
  return 'Something went wrong. Nothing was saved; try again.';
}

/** The server's field messages, for the fields this form has; the rest go to the top message. */
export function serverFieldErrors<K extends string>(
  e: unknown,
  keys: readonly K[],
): { fields: FieldErrors<K>; other: string[] } {
  const fields: FieldErrors<K> = {};
  const other: string[] = [];
  if (e instanceof ApiError && e.fields) {
    for (const [k, msg] of Object.entries(e.fields)) {
      if ((keys as readonly string[]).includes(k)) fields[k as K] = msg;
      else other.push(msg);
    }
  }
  return { fields, other };
}

/**
 * A form's field errors: `show` sets them (from the console's checks or the server's answer) and
 * moves focus to the first field in error; `clear(k)` drops one as its field changes.
 */
export function useFieldErrors<K extends string>(form: RefObject<HTMLFormElement | null>) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus();
  }, [errors, form]);
  const show = (next: FieldErrors<K>) => {
    focusPending.current = Object.keys(next).length > 0;
    setErrors(next);
  };
  const clear = (k: K) => setErrors((e) => (e[k] === undefined ? e : { ...e, [k]: undefined }));
  return { errors, show, clear };
}

/**
 * A form's errors the one way, with the message above it: `check(found)` shows the console's own
 * findings before a try (true when there are none) and clears the top message; `refused(err)` shows a
 * server's refusal, each field's message at its field and the rest above the form, and answers the
 * fields it showed (a form may read a changed list again).
 */
export function useFormErrors<K extends string>(keys: readonly K[]) {
  const form = useRef<HTMLFormElement>(null);
  const { errors, show, clear } = useFieldErrors<K>(form);
  const [formError, setFormError] = useState<string>();
  const check = (found: FieldErrors<K>) => {
    show(found);
    setFormError(undefined);
    return Object.keys(found).length === 0;
  };
  const refused = (err: unknown): FieldErrors<K> => {
    const { fields, other } = serverFieldErrors(err, keys);
    show(fields);
    setFormError([formFailureText(err), ...other].filter(Boolean).join(' ') || undefined);
    return fields;
  };
  return { form, errors, clear, formError, check, refused };
}
