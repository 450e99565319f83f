import { useState, type FormEvent } from 'react';

import { NewPassword } from '../../contract/users.ts';
import { confirmPasswordError, NEW_PASSWORD_HINT } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, useForm } from '../../widgets/form.ts';
import * as styles from './register.css.ts';

/** New Password and Confirm Password with the spec's rules; the messages show after a try, each gone as its field changes. */
export function SetPasswordForm({ busy, onSubmit }: { busy: boolean; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { form, errors, check, clear } = useForm(['password', 'confirm']);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!check({ password: ruleError(NewPassword, password), confirm: confirmPasswordError(password, confirm) }))
      return;
    onSubmit(password);
  }

  return (
    <form ref={form} onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        label="New Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
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
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => {
          clear('confirm');
          setConfirm(e.target.value);
        }}
        error={errors.confirm}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Set Password'}
        </Button>
      </div>
    </form>
  );
}
