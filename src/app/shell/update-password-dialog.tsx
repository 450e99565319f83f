import { useState, type FormEvent } from 'react';
import { updatePassword } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { confirmPasswordError, NEW_PASSWORD_HINT, newPasswordError } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { actions as actionsClass } from '../../ui/dialog.css.ts';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { TextField } from '../../ui/text-field.tsx';

export const PASSWORD_UPDATED = 'Your password has been updated.';
const CURRENT_REQUIRED = 'Current password is required';

/** 'expired': the password-expired dialog (new password only); 'change': a voluntary change, which needs the current one. */
export type UpdatePasswordMode = 'expired' | 'change';

function UpdatePasswordForm({ mode, onDone, onCancel }: { mode: UpdatePasswordMode; onDone: () => void; onCancel: () => void }) {
  const user = useStore(profileStore, (p) => p.user);
  const snackbar = useSnackbar();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<{ message?: string; fields?: Record<string, string> }>({});
  const needsCurrent = mode === 'change';
  const errors = {
    current: (touched && needsCurrent && !current ? CURRENT_REQUIRED : undefined) ?? server.fields?.['currentPassword'],
    password: (touched ? newPasswordError(password) : undefined) ?? server.fields?.['password'],
    confirm: touched ? confirmPasswordError(password, confirm) : undefined,
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setServer({});
    if (!user || (needsCurrent && !current) || newPasswordError(password) || confirmPasswordError(password, confirm)) return;
    setBusy(true);
    try {
      await updatePassword(user.id, { password, ...(needsCurrent ? { currentPassword: current } : {}) });
      profileStore.set((p) => (p.user ? { ...p, user: { ...p.user, passwordExpired: false } } : p));
      snackbar(PASSWORD_UPDATED, { tone: 'success' });
      onDone();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.fields) setServer({ fields: err.fields });
      else setServer({ message: err instanceof Error ? err.message : String(err) });
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      {server.message && <p role="alert">{server.message}</p>}
      {needsCurrent && (
        <TextField label="Current Password" type="password" autoComplete="current-password" value={current}
          onChange={(e) => setCurrent(e.target.value)} error={errors.current} />
      )}
      <TextField label="New Password" type="password" autoComplete="new-password" value={password}
        onChange={(e) => setPassword(e.target.value)} hint={NEW_PASSWORD_HINT} error={errors.password} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" value={confirm}
        onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
      <div className={actionsClass}>
        <Button variant="text" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={busy}>Update Password</Button>
      </div>
    </form>
  );
}

/** The update-password dialog; its fields start empty each time it opens (nothing secret is kept). */
export function UpdatePasswordDialog({ open, onOpenChange, mode }: { open: boolean; onOpenChange: (o: boolean) => void; mode: UpdatePasswordMode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Update Password">
      <UpdatePasswordForm mode={mode} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}
