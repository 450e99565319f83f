import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';

import { PASSWORD_SET_REDIRECT_MS } from '../../session/constants.ts';
import { Card } from '../../ui/layout.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { CodeEntryForm } from './code-entry-form.tsx';
import {
  REGISTER_MESSAGES,
  RegisterError,
  setInvitePassword,
  verifyInviteCode,
  type VerifiedInvite,
} from './register-flow.ts';
import * as styles from './register.css.ts';
import { SetPasswordForm } from './set-password-form.tsx';

// Spec 1 section 4: code entry, verifying, verified (set-password form), success; any failure
// returns to code entry with its message.
type Step =
  | { name: 'entry'; error?: string }
  | { name: 'verifying' }
  | { name: 'verified'; invite: VerifiedInvite; saving: boolean }
  | { name: 'done' };

const messageOf = (err: unknown, fallback: string) => (err instanceof RegisterError ? err.message : fallback);

export function RegisterScreen({ params }: { params: Record<string, string> }) {
  const search = useSearch();
  const [, setLocation] = useLocation();
  const snackbar = useSnackbar();
  const [code, setCode] = useState(() => params['code'] ?? new URLSearchParams(search).get('code') ?? '');
  const [step, setStep] = useState<Step>({ name: 'entry' });

  useEffect(() => {
    if (step.name !== 'done') return;
    const timer = setTimeout(() => setLocation('/login', { replace: true }), PASSWORD_SET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step.name, setLocation]);

  /** Answers the server's refusal of the code itself, which the form shows at Invite Code; any other failure shows above it. */
  async function verify(typed: string): Promise<string | undefined> {
    setCode(typed);
    setStep({ name: 'verifying' });
    try {
      setStep({ name: 'verified', invite: await verifyInviteCode(typed), saving: false });
    } catch (err) {
      if (err instanceof RegisterError && err.onCode) {
        setStep({ name: 'entry' });
        return err.message;
      }
      setStep({ name: 'entry', error: messageOf(err, REGISTER_MESSAGES.code) });
    }
    return undefined;
  }

  async function save(invite: VerifiedInvite, password: string) {
    setStep({ name: 'verified', invite, saving: true });
    try {
      await setInvitePassword(invite, password);
      snackbar(REGISTER_MESSAGES.success, { tone: 'success' });
      setStep({ name: 'done' });
    } catch (err) {
      setStep({ name: 'entry', error: messageOf(err, REGISTER_MESSAGES.password) });
    }
  }

  return (
    <main className={styles.screen}>
      <Card className={styles.panel} aria-labelledby="register-title">
        <h1 id="register-title" className={styles.heading}>
          Register
        </h1>
        {(step.name === 'entry' || step.name === 'verifying') && (
          <>
            <p className={styles.intro}>Enter the invite code from your email.</p>
            {step.name === 'entry' && step.error && (
              <p role="alert" className={styles.error}>
                {step.error}
              </p>
            )}
            <CodeEntryForm initialCode={code} busy={step.name === 'verifying'} onVerify={verify} />
          </>
        )}
        {step.name === 'verified' && (
          <>
            <p className={styles.intro}>
              Choose a password{step.invite.user.email ? ` for ${step.invite.user.email}` : ''}.
            </p>
            <SetPasswordForm busy={step.saving} onSubmit={(password) => void save(step.invite, password)} />
          </>
        )}
        {step.name === 'done' && <p className={styles.intro}>Taking you to login…</p>}
        <div className={styles.links}>
          <Link href="/login" className={styles.link}>
            Back to Login
          </Link>
        </div>
      </Card>
    </main>
  );
}
