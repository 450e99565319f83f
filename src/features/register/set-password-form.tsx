import { useState, type FormEvent } from 'react';
import { confirmPasswordError, NEW_PASSWORD_HINT, newPasswordError } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import * as styles from './register.css.ts';

/** New Password and Confirm Password with the spec's rules; the messages show after a first try. */
export function SetPasswordForm({ busy, onSubmit }: { busy: boolean; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const passwordError = touched ? newPasswordError(password) : undefined;
  const confirmError = touched ? confirmPasswordError(password, confirm) : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (newPasswordError(password) || confirmPasswordError(password, confirm)) return;
    onSubmit(password);
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <TextField label="New Password" type="password" name="new-password" autoComplete="new-password" value={password}
        onChange={(e) => setPassword(e.target.value)} hint={NEW_PASSWORD_HINT} error={passwordError} />
      <TextField label="Confirm Password" type="password" name="confirm-password" autoComplete="new-password" value={confirm}
        onChange={(e) => setConfirm(e.target.value)} error={confirmError} />
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>{busy ? 'Saving…' : 'Set Password'}</Button>
      </div>
    </form>
  );
}
