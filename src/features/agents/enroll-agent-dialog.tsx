import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import * as v from 'valibot';

import { enrollAgentWrite } from '../../api/agent-lifecycle.ts';
import { brokerageNamesQueryOptions } from '../../api/brokerages.ts';
import { useWrite } from '../../api/write.ts';
import { AgentEnrollment, type Agent } from '../../contract/agents.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { schemaErrors, useForm, type FieldErrors } from '../../widgets/form.ts';

const FIELD_KEYS = ['brokerageId', 'firstName', 'lastName', 'email', 'phone'] as const;
type Form = Record<(typeof FIELD_KEYS)[number], string>;

const bodyOf = (f: Form) => ({ ...f, brokerageId: f.brokerageId ? Number(f.brokerageId) : undefined });

/** The contract's rules on the form, field by field (the server checks the same schema). */
const errorsOf = (f: Form): FieldErrors<keyof Form> =>
  schemaErrors<keyof Form>(AgentEnrollment, bodyOf(f), (key, issue) =>
    key === 'brokerageId'
      ? 'Brokerage is required'
      : key === 'email'
        ? 'Email must be an email address'
        : issue.message,
  );

function EnrollForm({ onDone, onCancel }: { onDone: (a: Agent) => void; onCancel: () => void }) {
  const names = useQuery(brokerageNamesQueryOptions());
  const { form, values, field, formError, check, refused } = useForm(FIELD_KEYS, { schema: AgentEnrollment });
  const enroll = useWrite(enrollAgentWrite, { onSuccess: onDone, onError: refused });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = v.safeParse(AgentEnrollment, bodyOf(values));
    if (check(errorsOf(values)) && body.success) enroll.mutate(body.output);
  };
  return (
    <form ref={form} onSubmit={submit} noValidate>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <SelectField label="Brokerage" {...field('brokerageId')}>
        <option value="">Choose a brokerage</option>
        {(names.data ?? []).map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </SelectField>
      <TextField label="First Name" autoComplete="off" keyFilter="name" {...field('firstName')} />
      <TextField label="Last Name" autoComplete="off" keyFilter="name" {...field('lastName')} />
      <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
      <TextField label="Phone" type="tel" inputMode="tel" autoComplete="off" keyFilter="phone" {...field('phone')} />
      <div className={styles.toolbar}>
        <span className={styles.toolbarSpacer} />
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={enroll.isPending}>
          Enroll
        </Button>
      </div>
    </form>
  );
}

/** Enroll Agent: a new agent in a brokerage (ACTIVE, signing in with their phone), then their page opens. */
export function EnrollAgentDialog({
  open,
  onOpenChange,
  onEnrolled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEnrolled: (a: Agent) => void;
}) {
  const snackbar = useSnackbar();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Enroll Agent">
      {open && (
        <EnrollForm
          onCancel={() => onOpenChange(false)}
          onDone={(a) => {
            snackbar(`Enrolled ${a.name.display ?? 'the agent'}.`, { tone: 'success' });
            onOpenChange(false);
            onEnrolled(a);
          }}
        />
      )}
    </Dialog>
  );
}
