import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { ApiError } from '../../api/client.ts';
import { createLoanOfficer, refreshLenderData } from '../../api/lender-console.ts';
import { serverMessage } from '../../api/staff.ts';
import { NewLoanOfficer, type LoanOfficerDetail } from '../../contract/loan-officers.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';

type Form = { firstName: string; lastName: string; email: string; phone: string; nmls: string };
const EMPTY: Form = { firstName: '', lastName: '', email: '', phone: '', nmls: '' };

/** Field errors under the contract's rules (the server checks the same schema). */
export function loanOfficerErrors(form: Form): Partial<Record<keyof Form, string>> {
  const result = v.safeParse(NewLoanOfficer, form);
  if (result.success) return {};
  const errors: Partial<Record<keyof Form, string>> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as keyof Form | null;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** Add Loan Officer: name, email, phone and NMLS ID, for the signed-in loan office. */
export function NewLoanOfficerDialog({ open, onOpenChange, onCreated }: {
  open: boolean; onOpenChange: (open: boolean) => void; onCreated?: (o: LoanOfficerDetail) => void;
}) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [formError, setFormError] = useState<string>();
  const reset = () => { setForm(EMPTY); setErrors({}); setFormError(undefined); };
  const create = useMutation({
    mutationFn: createLoanOfficer,
    onSuccess: (o) => {
      snackbar(`Added ${o.firstName} ${o.lastName}.`, { tone: 'success' });
      void refreshLenderData(client);
      reset();
      onOpenChange(false);
      onCreated?.(o);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as typeof errors);
      setFormError(serverMessage(err));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = loanOfficerErrors(form);
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length === 0) create.mutate(form);
  };
  const field = (key: keyof Form) => ({
    value: form[key], error: errors[key], onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  return (
    <Dialog open={open} onOpenChange={(o) => { if (!o) reset(); onOpenChange(o); }} title="Add Loan Officer">
      <form onSubmit={submit} noValidate>
        {formError && <p role="alert" className={styles.formError}>{formError}</p>}
        <TextField label="First Name" autoComplete="off" keyFilter="name" maxLength={60} {...field('firstName')} />
        <TextField label="Last Name" autoComplete="off" keyFilter="name" maxLength={60} {...field('lastName')} />
        <TextField label="Email" type="email" autoComplete="off" maxLength={254} {...field('email')} />
        <TextField label="Phone" type="tel" inputMode="tel" autoComplete="off" keyFilter="phone" maxLength={20} {...field('phone')} />
        <TextField label="NMLS ID" inputMode="numeric" autoComplete="off" keyFilter="digits" maxLength={12} {...field('nmls')} />
        <div className={styles.toolbar}>
          <span className={styles.toolbarSpacer} />
          <Button variant="text" onClick={() => { reset(); onOpenChange(false); }}>Cancel</Button>
          <Button type="submit" disabled={create.isPending}>Add</Button>
        </div>
      </form>
    </Dialog>
  );
}
