import { useState, type FormEvent } from 'react';
import type { EmailSetting } from '../../contract/email-settings.ts';
import { forgotEmailError } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import * as staff from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import * as styles from './email-settings.css.ts';
import type { EmailSettingWrites } from './use-email-settings.ts';

/** One address receiving one email: change it in place, or delete it (asks first). */
export function AddressRow({ setting, templateName, writes }: { setting: EmailSetting; templateName: string; writes: EmailSettingWrites }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(setting.email);
  const [error, setError] = useState<string>();
  const [confirm, setConfirm] = useState(false);
  const save = (e: FormEvent) => {
    e.preventDefault();
    const invalid = forgotEmailError(value);
    setError(invalid);
    if (invalid) return;
    writes.save.mutate({ id: setting.id, template: setting.template as never, email: value.trim() }, {
      onSuccess: () => setEditing(false), onError: (err) => setError(err.message),
    });
  };
  if (editing) {
    return (
      <li>
        <form className={staff.inlineForm} onSubmit={save} noValidate>
          <TextField label={`Address for ${templateName}`} type="email" value={value} error={error} onChange={(e) => setValue(e.target.value)} />
          <Button type="submit" disabled={writes.save.isPending}>Save</Button>
          <Button variant="text" onClick={() => { setEditing(false); setValue(setting.email); setError(undefined); }}>Cancel</Button>
        </form>
      </li>
    );
  }
  return (
    <li className={styles.address}>
      <span className={styles.addressText}>{setting.email}</span>
      <Button variant="text" aria-label={`Change ${setting.email} for ${templateName}`} onClick={() => setEditing(true)}>Change</Button>
      <Button variant="text" aria-label={`Delete ${setting.email} for ${templateName}`} onClick={() => setConfirm(true)}>Delete</Button>
      <ConfirmDialog open={confirm} onOpenChange={setConfirm} danger busy={writes.remove.isPending} confirmLabel="Delete"
        title="Delete address" description={`${setting.email} will no longer receive “${templateName}”.`}
        onConfirm={() => writes.remove.mutate(setting.id, { onSettled: () => setConfirm(false) })} />
    </li>
  );
}
