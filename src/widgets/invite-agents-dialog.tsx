import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useSearch } from 'wouter';

import { inviteAgentWrite } from '../api/potential-agents.ts';
import { useWrite } from '../api/write.ts';
import { fieldMaxLengths } from '../contract/limits.ts';
import { EMAIL_RULE, NAME_RULE, NewPotentialAgent, PHONE_RULE } from '../contract/potential-agents.ts';
import { useDraft } from '../session/draft.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useForm } from './form.ts';

type Fields = { firstName: string; lastName: string; email: string; phone: string };
const EMPTY: Fields = { firstName: '', lastName: '', email: '', phone: '' };
const RULES = { firstName: NAME_RULE, lastName: NAME_RULE, email: EMAIL_RULE, phone: PHONE_RULE };
const FIELD_KEYS = ['firstName', 'lastName', 'email', 'phone'] as const;
/** The server's limits (NewPotentialAgent), one per field. */
const MAX = fieldMaxLengths(NewPotentialAgent);

/** Spec 2 section 5's messages, field by field. */
function errorsOf(f: Fields): Partial<Fields> {
  const out: Partial<Fields> = {};
  for (const key of FIELD_KEYS) {
    const r = v.safeParse(RULES[key], f[key]);
    if (!r.success) out[key] = r.issues[0].message;
  }
  return out;
}

/**
 * Invite Agents: name, email and phone; the invitation goes out by email with its onboarding link.
 * What is typed is a draft until it is sent or cancelled: Back, Escape or a reload keep it.
 */
export function InviteAgentsDialog({
  open,
  onOpenChange,
  onSent,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSent: (email: string) => void;
}) {
  const invite = useWrite(inviteAgentWrite);
  // Opened by ?invite=true (the top bar's button), the address is its history entry already.
  const openedByAddress = new URLSearchParams(useSearch()).get('invite') === 'true';
  const [fields, updateFields, clearFields] = useDraft('invite-agents', EMPTY);
  const { form, errors, clear, formError: failure, check, refused } = useForm(FIELD_KEYS);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => {
    clear(key);
    updateFields({ [key]: e.target.value });
  };
  const cancel = () => {
    clearFields();
    check({});
    onOpenChange(false);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check(errorsOf(fields))) return;
    setBusy(true);
    try {
      const sent = await invite.mutateAsync(fields);
      clearFields();
      onSent(sent.email);
      onOpenChange(false);
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      openedByAddress={openedByAddress}
      title="Invite Agents"
      description="We email the agent a link to join your brokerage. They confirm their details and set a password."
    >
      <form
        ref={form}
        onSubmit={(e) => {
          void submit(e);
        }}
        noValidate
      >
        {failure && <p role="alert">{failure}</p>}
        <TextField
          label="First Name"
          name="firstName"
          value={fields.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
          keyFilter="name"
          autoComplete="off"
          maxLength={MAX.firstName}
        />
        <TextField
          label="Last Name"
          name="lastName"
          value={fields.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
          keyFilter="name"
          autoComplete="off"
          maxLength={MAX.lastName}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          value={fields.email}
          onChange={set('email')}
          error={errors.email}
          autoComplete="off"
          maxLength={MAX.email}
        />
        <TextField
          label="Phone Number"
          name="phone"
          type="tel"
          value={fields.phone}
          onChange={set('phone')}
          error={errors.phone}
          keyFilter="phone"
          autoComplete="off"
          maxLength={MAX.phone}
        />
        <Button type="submit" disabled={busy}>
          Send Invitation
        </Button>
        <Button variant="text" onClick={cancel}>
          Cancel
        </Button>
      </form>
    </Dialog>
  );
}
