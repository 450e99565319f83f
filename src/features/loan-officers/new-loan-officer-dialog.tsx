import { useState, type FormEvent } from 'react';

import { createLoanOfficerWrite, editLoanOfficerWrite } from '../../api/lender-console.ts';
import { useWrite, type Write } from '../../api/write.ts';
import { LoanOfficerEdit, type LoanOfficerDetail } from '../../contract/loan-officers.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { schemaErrors, useForm } from '../../widgets/form.ts';

const FIELD_KEYS = ['firstName', 'lastName', 'email', 'phone', 'nmls'] as const;
type Form = Record<(typeof FIELD_KEYS)[number], string>;

const formOf = (o: LoanOfficerDetail): Form => ({
  firstName: o.firstName,
  lastName: o.lastName,
  email: o.email ?? '',
  phone: formatPhone(o.phone),
  nmls: o.nmls ?? '',
});

/** The officer form of both dialogs: name, email, phone and NMLS ID, checked before it is sent. */
function LoanOfficerForm({
  initial,
  submitLabel,
  write,
  onSaved,
  onCancel,
}: {
  initial?: Form;
  submitLabel: string;
  write: Write<LoanOfficerDetail, Form, unknown>;
  onSaved: (o: LoanOfficerDetail) => void;
  onCancel: () => void;
}) {
  const { form, values, field, formError, check, refused } = useForm(FIELD_KEYS, { initial, schema: LoanOfficerEdit });
  const save = useWrite(write, { onSuccess: onSaved, onError: refused });
  // The contract's rules (the server checks the same schema, adding and editing alike).
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check(schemaErrors(LoanOfficerEdit, values))) save.mutate(values);
  };
  return (
    <form ref={form} onSubmit={submit} noValidate>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <TextField label="First Name" autoComplete="off" keyFilter="name" {...field('firstName')} />
      <TextField label="Last Name" autoComplete="off" keyFilter="name" {...field('lastName')} />
      <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
      <TextField label="Phone" type="tel" inputMode="tel" autoComplete="off" keyFilter="phone" {...field('phone')} />
      <TextField label="NMLS ID" inputMode="numeric" autoComplete="off" keyFilter="digits" {...field('nmls')} />
      <div className={styles.toolbar}>
        <span className={styles.toolbarSpacer} />
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Add Loan Officer: name, email, phone and NMLS ID, for the signed-in loan office. */
export function NewLoanOfficerDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (o: LoanOfficerDetail) => void;
}) {
  const snackbar = useSnackbar();
  // A new form (empty fields, no errors) each time the dialog opens.
  const [round, setRound] = useState(0);
  const close = () => {
    setRound((n) => n + 1);
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setRound((n) => n + 1);
        onOpenChange(o);
      }}
      title="Add Loan Officer"
    >
      <LoanOfficerForm
        key={round}
        submitLabel="Add"
        write={createLoanOfficerWrite}
        onCancel={close}
        onSaved={(o) => {
          snackbar(`Added ${o.firstName} ${o.lastName}.`, { tone: 'success' });
          close();
          onCreated?.(o);
        }}
      />
    </Dialog>
  );
}

/** Edit Loan Officer: the same fields and rules as adding, filled with the officer's details. */
export function EditLoanOfficerDialog({
  officer,
  open,
  onOpenChange,
}: {
  officer: LoanOfficerDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const snackbar = useSnackbar();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Loan Officer">
      {open && (
        <LoanOfficerForm
          initial={formOf(officer)}
          submitLabel="Save"
          write={editLoanOfficerWrite(officer.id)}
          onCancel={() => onOpenChange(false)}
          onSaved={(o) => {
            snackbar(`Saved ${o.firstName} ${o.lastName}.`, { tone: 'success' });
            onOpenChange(false);
          }}
        />
      )}
    </Dialog>
  );
}
