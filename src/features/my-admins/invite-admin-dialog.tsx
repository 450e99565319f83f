import { useState, type FormEvent } from 'react';

import { inviteAdminWrite } from '../../api/brokerage-admins.ts';
import { useWrite } from '../../api/write.ts';
import { personNameError } from '../../contract/person-name.ts';
import { forgotEmailError } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useForm, type FieldErrors } from '../../widgets/form.ts';

type Fields = { firstName: string; lastName: string; email: string };
const EMPTY: Fields = { firstName: '', lastName: '', email: '' };
const FIELD_KEYS = ['firstName', 'lastName', 'email'] as const;

function errorsOf(f: Fields): FieldErrors<keyof Fields> {
  const errors: FieldErrors<keyof Fields> = {};
  const first = personNameError('First name', f.firstName);
  if (first) errors.firstName = first;
  const last = personNameError('Last name', f.lastName);
  if (last) errors.lastName = last;
  const email = forgotEmailError(f.email); // spec 1 section 5: required, then the email pattern
  if (email) errors.email = email;
  return errors;
}

/** Invites another administrator of the brokerage: the email with a /register link lands in the outbox. */
export function InviteAdminDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [fields, setFields] = useState(EMPTY);
  const { form, errors, clear, formError: failure, check, refused } = useForm(FIELD_KEYS);
  const snackbar = useSnackbar();
  const invite = useWrite(inviteAdminWrite, {
    onSuccess: (sent) => {
      snackbar(`Invitation sent to ${sent.email}.`);
      setFields(EMPTY);
      onOpenChange(false);
    },
    onError: refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check(errorsOf(fields)))
      invite.mutate({
        firstName: fields.firstName.trim(),
        lastName: fields.lastName.trim(),
        email: fields.email.trim().toLowerCase(),
      });
  };
  const set = (k: keyof Fields) => (e: { target: { value: string } }) => {
    clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) {
          check({});
        }
      }}
      title="Invite Admin"
      description="They receive an email with a link to set their password and become an administrator of this brokerage."
    >
      <form ref={form} onSubmit={submit} noValidate>
        {failure && (
          <p role="alert" className={styles.formError}>
            {failure}
          </p>
        )}
        <TextField
          label="First Name"
          autoComplete="off"
          keyFilter="name"
          value={fields.firstName}
          error={errors.firstName}
          onChange={set('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="off"
          keyFilter="name"
          value={fields.lastName}
          error={errors.lastName}
          onChange={set('lastName')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={fields.email}
          error={errors.email}
          onChange={set('email')}
        />
        <div className={styles.inlineForm}>
          <Button variant="text" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            Send Invite
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
