import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/staff.ts';

// A form of text fields checked against the contract's valibot schema before it is sent, and showing
// the server's answer when it refuses: the field errors it names, and its message above the form.

export type FieldErrors<F> = Partial<Record<keyof F, string>>;

/**
 * The first issue of each field when `value` is checked against `schema` (the server checks the same
 * schema); `message` may word a field's error differently from the schema's message.
 */
export function schemaErrors<F>(
  schema: v.GenericSchema, value: unknown, message?: (key: keyof F, issue: v.BaseIssue<unknown>) => string,
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

/** Form state, field props, and a submit that checks first and sends only a form without errors. */
export function useCheckedForm<F extends Record<string, string>, R>({ initial, check, save, onSaved }: {
  initial: F; check: (form: F) => FieldErrors<F>; save: (form: F) => Promise<R>; onSaved: (result: R) => void;
}) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string>();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: onSaved,
    onError: (err) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as FieldErrors<F>);
      setFormError(serverMessage(err));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(form);
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length === 0) mutation.mutate(form);
  };
  const field = (key: keyof F) => ({
    value: form[key], error: errors[key], onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  return { submit, field, formError, pending: mutation.isPending };
}
