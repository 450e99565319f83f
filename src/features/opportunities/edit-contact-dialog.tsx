import type { FormEvent } from 'react';

import { editOpportunityWrite } from '../../api/opportunities.ts';
import { useWrite } from '../../api/write.ts';
import { normalisePhone, OpportunityPatch, type Opportunity } from '../../contract/interviews.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { schemaErrors, useForm } from '../../widgets/form.ts';
import { sheetBody } from '../../widgets/referral-actions.css.ts';

const FIELD_KEYS = ['nameFirst', 'nameLast', 'phoneNumber', 'emailAddress'] as const;
type Form = Record<(typeof FIELD_KEYS)[number], string>;

const formOf = (o: Opportunity): Form => ({
  nameFirst: o.contact.nameFirst ?? '',
  nameLast: o.contact.nameLast ?? '',
  phoneNumber: formatPhone(o.contact.phoneNumber),
  emailAddress: o.contact.emailAddress ?? '',
});

/**
 * The PATCH body: only what changed. A cleared phone or email is sent as null (removed); a cleared name
 * is sent as it is, so the contract refuses it (a name can be corrected, not removed).
 */
export function contactPatchOf(o: Opportunity, f: Form): OpportunityPatch {
  const patch: OpportunityPatch = {};
  if (f.nameFirst.trim() !== (o.contact.nameFirst ?? '')) patch.nameFirst = f.nameFirst;
  if (f.nameLast.trim() !== (o.contact.nameLast ?? '')) patch.nameLast = f.nameLast;
  const phone = f.phoneNumber.trim();
  if (!phone ? o.contact.phoneNumber !== null : normalisePhone(phone) !== o.contact.phoneNumber)
    patch.phoneNumber = phone || null;
  const email = f.emailAddress.trim();
  if (!email ? o.contact.emailAddress !== null : email.toLowerCase() !== o.contact.emailAddress)
    patch.emailAddress = email || null;
  return patch;
}

/** Edit Contact: the client's name, phone and email, checked against the server's own schema before they are sent. */
export function EditContactDialog({
  opportunity,
  open,
  onOpenChange,
  onSaved,
}: {
  opportunity: Opportunity;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (o: Opportunity | null) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Contact"
      description="A cleared phone or email is removed from the opportunity."
    >
      {open && <ContactForm opportunity={opportunity} onCancel={() => onOpenChange(false)} onSaved={onSaved} />}
    </Dialog>
  );
}

function ContactForm({
  opportunity: o,
  onCancel,
  onSaved,
}: {
  opportunity: Opportunity;
  onCancel: () => void;
  onSaved: (o: Opportunity | null) => void;
}) {
  const { form, values, field, formError, check, refused } = useForm(FIELD_KEYS, {
    initial: formOf(o),
    schema: OpportunityPatch,
  });
  const edit = useWrite(editOpportunityWrite(o.id), { onSuccess: onSaved, onError: refused });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const patch = contactPatchOf(o, values);
    if (!check(schemaErrors<keyof Form>(OpportunityPatch, patch))) return;
    // Nothing changed: nothing to send, and the dialog closes as after a save.
    if (Object.keys(patch).length === 0) onSaved(null);
    else edit.mutate(patch);
  };
  return (
    <form ref={form} onSubmit={submit} noValidate className={sheetBody}>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <TextField label="First Name" autoComplete="off" keyFilter="name" {...field('nameFirst')} />
      <TextField label="Last Name" autoComplete="off" keyFilter="name" {...field('nameLast')} />
      <TextField
        label="Phone Number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        keyFilter="phone"
        {...field('phoneNumber')}
      />
      <TextField label="Email Address" type="email" autoComplete="off" {...field('emailAddress')} />
      <div className={styles.toolbar}>
        <span className={styles.toolbarSpacer} />
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={edit.isPending}>
          Save Contact
        </Button>
      </div>
    </form>
  );
}
