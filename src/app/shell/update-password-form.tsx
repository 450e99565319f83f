// The Update Password form: loaded when its dialog first opens, not with the shell (the shared console
// chunk has its own budget, decision 0054).
import { useState, type FormEvent } from 'react';

import { updatePassword } from '../../api/auth.ts';
import { fieldMaxLengths } from '../../contract/limits.ts';
import { NewPassword, PasswordUpdate } from '../../contract/users.ts';
import { confirmPasswordError, NEW_PASSWORD_HINT } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { actions as actionsClass } from '../../ui/dialog.css.ts';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { formError as formErrorClass } from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, useForm, type FieldErrors } from '../../widgets/form.ts';

export const PASSWORD_UPDATED = 'Your password has been updated.';
const CURRENT_REQUIRED = 'Current password is required';
/** The server's limits (PasswordUpdate). */
const MAX = fieldMaxLengths(PasswordUpdate);

type Field = 'currentPassword' | 'password' | 'confirm';
/** The form's fields; the expired dialog has no Current Password, so a refusal of it is said above the form. */
const FIELDS: Record<'expired' | 'change', readonly Field[]> = {
  expired: ['password', 'confirm'],
  change: ['currentPassword', 'password', 'confirm'],
};

/** 'expired': the password-expired dialog (new password only); 'change': a voluntary change, which needs the current one. */
export type UpdatePasswordMode = 'expired' | 'change';

/**
 * The new password under the contract's rule (the server's), each message beside its field after a
 * try, focus on the first, gone as its field changes; a wrong current password is the server's to say.
 */
export function UpdatePasswordForm({
  mode,
  onDone,
  onCancel,
}: {
  mode: UpdatePasswordMode;
  onDone: () => void;
  onCancel: () => void;
}) {
  const user = useStore(profileStore, (p) => p.user);
  const snackbar = useSnackbar();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const { form, errors, clear, formError, check, refused } = useForm(FIELDS[mode]);
  const needsCurrent = mode === 'change';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors<Field> = {};
    if (needsCurrent && !current) found.currentPassword = CURRENT_REQUIRED;
    const rule = ruleError(NewPassword, password);
    if (rule) found.password = rule;
    const mismatch = confirmPasswordError(password, confirm);
    if (mismatch) found.confirm = mismatch;
    if (!check(found) || !user) return;
    setBusy(true);
    try {
      await updatePassword(user.id, { password, ...(needsCurrent ? { currentPassword: current } : {}) });
      profileStore.set((p) => (p.user ? { ...p, user: { ...p.user, passwordExpired: false } } : p));
      snackbar(PASSWORD_UPDATED, { tone: 'success' });
      onDone();
    } catch (err) {
      setBusy(false);
      refused(err);
    }
  }

  return (
    <form
      ref={form}
      onSubmit={(e) => {
        void submit(e);
      }}
      noValidate
      aria-busy={busy}
    >
      {formError && (
        <p role="alert" className={formErrorClass}>
          {formError}
        </p>
      )}
      {needsCurrent && (
        <TextField
          label="Current Password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          value={current}
          maxLength={MAX.currentPassword}
          onChange={(e) => {
            clear('currentPassword');
            setCurrent(e.target.value);
          }}
          error={errors.currentPassword}
        />
      )}
      <TextField
        label="New Password"
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        maxLength={MAX.password}
        onChange={(e) => {
          clear('password');
          setPassword(e.target.value);
        }}
        hint={NEW_PASSWORD_HINT}
        error={errors.password}
      />
      <TextField
        label="Confirm Password"
        type="password"
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => {
          clear('confirm');
          setConfirm(e.target.value);
        }}
        error={errors.confirm}
      />
      <div className={actionsClass}>
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          Update Password
        </Button>
      </div>
    </form>
  );
}
