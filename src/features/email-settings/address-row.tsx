import { useState, type FormEvent } from 'react';

import type { EmailSetting } from '../../contract/email-settings.ts';
import { withBreakPoints } from '../../ui/break-points.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import * as staff from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, useForm } from '../../widgets/form.ts';
import { ADDRESS_MAX, ADDRESS_RULE } from './address-rule.ts';
import * as styles from './email-settings.css.ts';
import type { EmailSettingWrites } from './use-email-settings.ts';

/** One address receiving one email: change it in place, or delete it (asks first). */
export function AddressRow({
  setting,
  templateName,
  writes,
}: {
  setting: EmailSetting;
  templateName: string;
  writes: EmailSettingWrites;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(setting.email);
  // A one-field form: a refusal is said beside the address, whatever it is about.
  const { form, errors, clear, check, refused } = useForm(['email'], { refusalAt: 'email' });
  const [confirm, setConfirm] = useState(false);
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!check({ email: ruleError(ADDRESS_RULE, value) })) return;
    writes.save.mutate(
      { id: setting.id, template: setting.template as never, email: value.trim() },
      {
        onSuccess: () => setEditing(false),
        onError: refused,
      },
    );
  };
  if (editing) {
    return (
      <li>
        <form ref={form} className={staff.inlineForm} onSubmit={save} noValidate>
          <TextField
            label={`Address for ${templateName}`}
            name="email"
            type="email"
            maxLength={ADDRESS_MAX}
            value={value}
            error={errors.email}
            onChange={(e) => {
              clear('email');
              setValue(e.target.value);
            }}
          />
          <Button type="submit" disabled={writes.save.isPending}>
            Save
          </Button>
          <Button
            variant="text"
            onClick={() => {
              setEditing(false);
              setValue(setting.email);
              check({});
            }}
          >
            Cancel
          </Button>
        </form>
      </li>
    );
  }
  return (
    <li className={styles.address}>
      <span className={styles.addressText}>{withBreakPoints(setting.email)}</span>
      <Button
        variant="text"
        aria-label={`Change ${setting.email} for ${templateName}`}
        onClick={() => setEditing(true)}
      >
        Change
      </Button>
      <Button
        variant="text"
        aria-label={`Delete ${setting.email} for ${templateName}`}
        onClick={() => setConfirm(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        danger
        busy={writes.remove.isPending}
        confirmLabel="Delete"
        title="Delete address"
        description={`${setting.email} will no longer receive “${templateName}”.`}
        onConfirm={() => writes.remove.mutate(setting.id, { onSettled: () => setConfirm(false) })}
      />
    </li>
  );
}
