import { useRef, useState, type FormEvent } from 'react';

import { maxLengthOf } from '../../contract/limits.ts';
import { InviteCode } from '../../contract/users.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, useFieldErrors } from '../../widgets/form-errors.ts';
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
  const form = useRef<HTMLFormElement>(null);
  const { errors, show, clear } = useFieldErrors<'code'>(form);
  const empty = code.trim() === '';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (empty || busy) return;
    const error = ruleError(InviteCode, code.trim());
    show(error ? { code: error } : {});
    if (error) return;
    void onVerify(code.trim()).then((refusal) => {
      if (refusal) show({ code: refusal });
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
