import { useEffect, useRef, useState, type RefObject } from 'react';
import * as v from 'valibot';

import { ApiError } from '../api/client.ts';
import { fieldMaxLengths } from '../contract/limits.ts';

// Every form of the console, one way: each message next to its field, in the user's words, gone as
// soon as that field changes, with focus moved to the first field in error. The console checks a form
// with the contract's valibot rules (the server checks the same) before anything is sent; a refusal
// the server ties to fields shows there and nowhere else; only what belongs to no field reaches the
// message above the form (decision 0113). tests/unit/one-form-hook.test.ts refuses a second hook or
// a second FieldErrors type.

/** Each field's message, by field name; a field without one has none. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** One field's error under its contract rule (the schema the server checks it with): the first message, or undefined. */
export function ruleError(rule: v.GenericSchema, value: unknown): string | undefined {
  const r = v.safeParse(rule, value);
  return r.success ? undefined : r.issues[0].message;
}

/**
 * The first issue of each field when `value` is checked against `schema` (the server checks the same
 * schema); `message` may word a field's error differently from the schema's message.
 */
export function schemaErrors<K extends string>(
  schema: v.GenericSchema,
  value: unknown,
  message?: (key: K, issue: v.BaseIssue<unknown>) => string,
): FieldErrors<K> {
  const result = v.safeParse(schema, value);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as K | null;
    if (key && !errors[key]) errors[key] = message ? message(key, issue) : issue.message;
  }
  return errors;
}

/** The top-of-form message for an error, or undefined when its fields say it all. */
function formFailureText(e: unknown): string | undefined {
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

/** A refusal split: the server's messages for the form's fields, and the words for above the form. */
export function refusalOf<K extends string>(
  e: unknown,
  keys: readonly K[],
  serverNames: Partial<Record<string, K>> = {},
): { fields: FieldErrors<K>; formError: string | undefined } {
  const fields: FieldErrors<K> = {};
  const other: string[] = [];
  if (e instanceof ApiError && e.fields) {
    for (const [name, msg] of Object.entries(e.fields)) {
      const k = serverNames[name] ?? name;
      if ((keys as readonly string[]).includes(k)) fields[k as K] = msg;
      else other.push(msg);
    }
  }
  return { fields, formError: [formFailureText(e), ...other].filter(Boolean).join(' ') || undefined };
}

const defined = <K extends string>(found: FieldErrors<K>): FieldErrors<K> =>
  Object.fromEntries(Object.entries(found).filter(([, m]) => m !== undefined)) as FieldErrors<K>;

export interface FormOptions<K extends string> {
  /** The fields' first values, when the hook keeps them (`values`, `field(key)`); a field not given starts empty. */
  initial?: Partial<Record<K, string>>;
  /** The contract schema the form is sent under: `field(key)` carries its maxLength. */
  schema?: v.GenericSchema;
  /** A form with no message above it (an inline one-field form): what belongs to no field is said at this one. */
  refusalAt?: K;
  /** The server's names of fields the form shows under another name (`{ zipCodes: 'zip' }`). */
  serverNames?: Partial<Record<string, K>>;
}

export interface Form<K extends string> {
  /** The form element's ref: focus goes to its first field in error. */
  form: RefObject<HTMLFormElement | null>;
  errors: FieldErrors<K>;
  /** Drops one field's message, as that field changes. */
  clear: (key: K) => void;
  /** The message above the form: a refusal's words that belong to no field. */
  formError: string | undefined;
  /** Shows the console's own findings before a try (undefined entries are none) and clears the top message: true when there are none. */
  check: (found: FieldErrors<K>) => boolean;
  /** Shows a server's refusal: each field's message at its field, the rest above the form; answers the fields it showed. */
  refused: (err: unknown) => FieldErrors<K>;
  /** The values the hook keeps (from `initial`), for forms that bind their fields with `field(key)`. */
  values: Record<K, string>;
  /** A text field's props: name, value, error, the schema's maxLength, and an onChange that clears the field's message. */
  field: (key: K) => {
    name: K;
    value: string;
    error: string | undefined;
    maxLength?: number;
    onChange: (e: { target: { value: string } }) => void;
  };
}

/**
 * The one form hook: `fields` are the form's field names (a server message for another name goes
 * above the form). The form keeps its own values, or lets the hook keep them (`initial`, `field`).
 */
export function useForm<K extends string>(fields: readonly K[], options: FormOptions<K> = {}): Form<K> {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [formError, setFormError] = useState<string>();
  const [values, setValues] = useState(
    () => Object.fromEntries(fields.map((k) => [k, options.initial?.[k] ?? ''])) as Record<K, string>,
  );
  const [limits] = useState(() => (options.schema ? fieldMaxLengths(options.schema) : {}));
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus();
  }, [errors]);
  const show = (next: FieldErrors<K>) => {
    focusPending.current = Object.keys(next).length > 0;
    setErrors(next);
  };
  const clear = (k: K) => setErrors((e) => (e[k] === undefined ? e : { ...e, [k]: undefined }));
  const check = (found: FieldErrors<K>) => {
    const shown = defined(found);
    show(shown);
    setFormError(undefined);
    return Object.keys(shown).length === 0;
  };
  const refused = (err: unknown): FieldErrors<K> => {
    const { fields: onFields, formError: above } = refusalOf(err, fields, options.serverNames);
    const at = options.refusalAt;
    const shown = at !== undefined && above && onFields[at] === undefined ? { ...onFields, [at]: above } : onFields;
    show(shown);
    setFormError(at === undefined ? above : undefined);
    return shown;
  };
  const field = (key: K) => ({
    name: key,
    value: values[key],
    error: errors[key],
    ...(limits[key] === undefined ? {} : { maxLength: limits[key] }),
    onChange: (e: { target: { value: string } }) => {
      clear(key);
      setValues((f) => ({ ...f, [key]: e.target.value }));
    },
  });
  return { form, errors, clear, formError, check, refused, values, field };
}
