import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';

import { maxLengthOf } from '../../contract/limits.ts';
import { PasswordResetRequest } from '../../contract/users.ts';
import { useDraft } from '../../session/draft.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, useForm } from '../../widgets/form.ts';
import * as styles from './forgot-password.css.ts';
import { requestPasswordReset } from './request-reset.ts';

// Spec 1 section 8, verbatim, with how long each shows.
export const RESET_SENT = 'An email has been sent to you.';
export const RESET_FAILED = 'Whoops, Something went wrong. Please try again.';
const SENT_MS = 2000;
const FAILED_MS = 5000;
/** The server's rule for the address (PasswordResetRequest). */
const EMAIL_RULE = PasswordResetRequest.entries.emailAddress;

export function ForgotPasswordScreen() {
  const snackbar = useSnackbar();
  // Shown before sign-in, so the draft belongs to no user.
  const [draft, update, clear] = useDraft('forgot-password', { email: '' }, { owner: 'anonymous' });
  const { form, errors, check, clear: clearError } = useForm(['email']);
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!check({ email: ruleError(EMAIL_RULE, draft.email) }) || sending) return;
    setSending(true);
    try {
      await requestPasswordReset(draft.email.trim().toLowerCase());
      snackbar(RESET_SENT, { tone: 'success', durationMs: SENT_MS });
      clear();
    } catch {
      snackbar(RESET_FAILED, { tone: 'error', durationMs: FAILED_MS });
    } finally {
      setSending(false);
    }
  }

  return (
    <main className={styles.screen}>
      <Card className={styles.panel} aria-labelledby="forgot-title">
        <h1 id="forgot-title" className={styles.heading}>
          Forgot Password
        </h1>
        <p className={styles.intro}>
          Enter the email address of your account and we will send you a link to set a new password.
        </p>
        <form ref={form} onSubmit={submit} noValidate aria-busy={sending}>
          <TextField
            label="Email"
            name="emailAddress"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={maxLengthOf(EMAIL_RULE)}
            value={draft.email}
            error={errors.email}
            onChange={(e) => {
              clearError('email');
              update({ email: e.target.value });
            }}
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={sending}>
              Reset Password
            </Button>
          </div>
        </form>
        <div className={styles.links}>
          <Link href="/login" className={styles.link}>
            Back to Login
          </Link>
        </div>
      </Card>
    </main>
  );
}
