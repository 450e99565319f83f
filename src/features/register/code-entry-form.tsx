import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import * as styles from './register.css.ts';

/** The invite code (prefilled from the link); Verify needs a non-empty code. */
export function CodeEntryForm({ initialCode, busy, onVerify }: { initialCode: string; busy: boolean; onVerify: (code: string) => void }) {
  const [code, setCode] = useState(initialCode);
  const empty = code.trim() === '';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!empty && !busy) onVerify(code.trim());
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <TextField label="Invite Code" name="invite-code" value={code} onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code" autoCapitalize="characters" spellCheck={false} readOnly={busy} />
      <div className={styles.actions}>
        <Button type="submit" disabled={empty || busy}>{busy ? 'Verifying…' : 'Verify'}</Button>
      </div>
    </form>
  );
}
