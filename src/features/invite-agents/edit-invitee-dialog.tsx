import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';

import { editPotentialAgentWrite, potentialAgentQueryOptions } from '../../api/invitation-details.ts';
import { useWrite } from '../../api/write.ts';
import { PotentialAgentEdit, type PotentialAgent } from '../../contract/potential-agents.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { schemaErrors, useForm } from '../../widgets/form.ts';

const FIELD_KEYS = ['firstName', 'lastName', 'phone'] as const;
type Fields = Record<(typeof FIELD_KEYS)[number], string>;

/** Only what changed is sent (PATCH takes any of the three); nothing changed sends nothing. */
function changes(before: PotentialAgent, f: Fields): PotentialAgentEdit {
  return {
    ...(f.firstName.trim() !== before.name.first ? { firstName: f.firstName } : {}),
    ...(f.lastName.trim() !== before.name.last ? { lastName: f.lastName } : {}),
    ...(formatPhone(f.phone) !== formatPhone(before.phone) ? { phone: f.phone } : {}),
  };
}

function EditForm({ invitee, onDone }: { invitee: PotentialAgent; onDone: () => void }) {
  const snackbar = useSnackbar();
  const { form, values, field, formError, check, refused } = useForm(FIELD_KEYS, {
    initial: { firstName: invitee.name.first, lastName: invitee.name.last, phone: formatPhone(invitee.phone) },
    schema: PotentialAgentEdit,
  });
  const edit = useWrite(editPotentialAgentWrite(invitee.id), {
    onSuccess: (saved: PotentialAgent) => {
      snackbar(`Saved the invitation of ${saved.email}.`, { tone: 'success' });
      onDone();
    },
    onError: refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check(schemaErrors<keyof Fields>(PotentialAgentEdit, values))) return;
    const patch = changes(invitee, values);
    if (Object.keys(patch).length > 0) edit.mutate(patch);
    else onDone();
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
      <TextField label="Phone Number" type="tel" autoComplete="off" keyFilter="phone" {...field('phone')} />
      <div className={styles.inlineForm}>
        <Button variant="text" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={edit.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

/**
 * Corrects an invitee's name or phone: the record is read fresh (GET .../potentialAgents/{id})
 * so the form starts from what the server holds, then PATCHed. The email is the invitation's address.
 */
export function EditInviteeDialog({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const invitee = useQuery({ ...potentialAgentQueryOptions(id ?? 0), enabled: id !== undefined });
  return (
    <Dialog
      open={id !== undefined}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title="Edit Invitation"
      description={
        invitee.data
          ? `The invitation goes to ${invitee.data.email}; to use another address, withdraw it and invite again.`
          : undefined
      }
    >
      {invitee.isError && (
        <p role="alert" className={styles.formError}>
          {invitee.error.message}
        </p>
      )}
      {invitee.isPending && id !== undefined && <Skeleton label="Loading the invitation" shape="record" />}
      {invitee.data && invitee.data.id === id && (
        <EditForm key={invitee.dataUpdatedAt} invitee={invitee.data} onDone={onClose} />
      )}
    </Dialog>
  );
}
