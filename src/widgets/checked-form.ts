import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';

import { fieldMaxLengths } from '../contract/limits.ts';
import { formFailureText, serverFieldErrors, useFieldErrors } from './form-errors.ts';

// A form of text fields checked against the contract's valibot schema before it is sent (the server
// checks the same schema), each field limited to the schema's length, its errors shown as
// form-errors.ts shows them: beside the field, focus on the first, gone as the field changes, the
// server's refusal of a field at that field and only what belongs to no field above the form.

export type FieldErrors<F> = Partial<Record<keyof F, string>>;

/**
 * The first issue of each field when `value` is checked against `schema` (the server checks the same
 * schema); `message` may word a field's error differently from the schema's message.
 */
export function schemaErrors<F>(
  schema: v.GenericSchema,
  value: unknown,
  message?: (key: keyof F, issue: v.BaseIssue<unknown>) => string,
): FieldErrors<F> {
  const result = v.safeParse(schema, value);
  if (result.success) return {};
  const errors: FieldErrors<F> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as keyof F | null;
    if (key && !errors[key]) errors[key] = message ? message(key, issue) : issue.message;
  }
  return errors;
}

/**
 * Form state, field props (name, value, error, onChange and the schema's maxLength), the form's ref
 * and a submit that checks first and sends only a form without errors.
 */
export function useCheckedForm<F extends Record<string, string>, R>({
  initial,
  schema,
  check,
  save,
  onSaved,
}: {
  initial: F;
  schema?: v.GenericSchema;
  check: (form: F) => FieldErrors<F>;
  save: (form: F) => Promise<R>;
  onSaved: (result: R) => void;
}) {
  const [form, setForm] = useState<F>(initial);
  const ref = useRef<HTMLFormElement>(null);
  const { errors, show, clear } = useFieldErrors<keyof F & string>(ref);
  const [formError, setFormError] = useState<string>();
  const [limits] = useState(() => (schema ? fieldMaxLengths(schema) : {}));
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: onSaved,
    onError: (err) => {
      const { fields, other } = serverFieldErrors(err, Object.keys(initial) as (keyof F & string)[]);
      show(fields);
      setFormError([formFailureText(err), ...other].filter(Boolean).join(' ') || undefined);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(form);
    show(found as Partial<Record<keyof F & string, string>>);
    setFormError(undefined);
    if (Object.keys(found).length === 0) mutation.mutate(form);
  };
  const field = (key: keyof F & string) => ({
    name: key,
    value: form[key],
    error: errors[key],
    ...(limits[key] === undefined ? {} : { maxLength: limits[key] }),
    onChange: (e: { target: { value: string } }) => {
      clear(key);
      setForm((f) => ({ ...f, [key]: e.target.value }));
    },
  });
  return { ref, submit, field, formError, pending: mutation.isPending };
}
