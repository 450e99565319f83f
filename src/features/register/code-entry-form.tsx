import { useState, type FormEvent } from 'react';

import { maxLengthOf } from '../../contract/limits.ts';
import { InviteCode } from '../../contract/users.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, useForm } from '../../widgets/form.ts';
import * as styles from './register.css.ts';

/**
 * The invite code (prefilled from the link); Verify needs a non-empty code. A code the contract's rule
 * refuses, or one the server refuses (unknown, used, expired: `onVerify` answers its words), shows
 * beside the field, focused, gone as the code changes.
 */
export function CodeEntryForm({
  initialCode,
  busy,
  onVerify,
}: {
  initialCode: string;
  busy: boolean;
  onVerify: (code: string) => Promise<string | undefined>;
}) {
  const [code, setCode] = useState(initialCode);
  const { form, errors, check, clear } = useForm(['code']);
  const empty = code.trim() === '';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (empty || busy) return;
    if (!check({ code: ruleError(InviteCode, code.trim()) })) return;
    void onVerify(code.trim()).then((refusal) => {
      if (refusal) check({ code: refusal });
    });
  }

  return (
    <form ref={form} onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        label="Invite Code"
        name="invite-code"
        value={code}
        error={errors.code}
        maxLength={maxLengthOf(InviteCode)}
        onChange={(e) => {
          clear('code');
          setCode(e.target.value);
        }}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        readOnly={busy}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={empty || busy}>
          {busy ? 'Verifying…' : 'Verify'}
        </Button>
      </div>
    </form>
  );
}
