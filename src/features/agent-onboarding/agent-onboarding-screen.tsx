import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';

import { acceptInvitation, invitationQueryOptions } from '../../api/potential-agents.ts';
import { fieldMaxLengths } from '../../contract/limits.ts';
import { AcceptInvitation, type InvitationAccepted } from '../../contract/potential-agents.ts';
import { confirmPasswordError, NEW_PASSWORD_HINT } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, useForm } from '../../widgets/form.ts';
import * as css from './onboarding.css.ts';

type Fields = { firstName: string; lastName: string; phone: string; password: string; confirm: string };
const FIELD_KEYS = [
  'firstName',
  'lastName',
  'phone',
  'password',
  'confirm',
] as const satisfies readonly (keyof Fields)[];
/** The server's rules and limits for the answer (AcceptInvitation). */
const RULES = AcceptInvitation.entries;
const MAX = fieldMaxLengths(AcceptInvitation);

/** The invitee's page: the brokerage's name, their name and phone to confirm, a new password; or a link to decline. */
export function AgentOnboardingScreen({ params }: { params: Record<string, string> }) {
  const code = params['inviteCode'] ?? '';
  const invitation = useQuery({ ...invitationQueryOptions(code), enabled: code !== '' });
  const [fields, setFields] = useState<Fields>();
  const { form, errors, clear, formError: failure, check, refused } = useForm(FIELD_KEYS);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<InvitationAccepted>();
  const inv = invitation.data;
  const f: Fields = fields ?? {
    firstName: inv?.firstName ?? '',
    lastName: inv?.lastName ?? '',
    phone: inv?.phone.replace(/^\+1/, '') ?? '',
    password: '',
    confirm: '',
  };
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => {
    clear(key);
    setFields({ ...f, [key]: e.target.value });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      firstName: ruleError(RULES.firstName, f.firstName),
      lastName: ruleError(RULES.lastName, f.lastName),
      phone: ruleError(RULES.phone, f.phone),
      password: ruleError(RULES.password, f.password),
      confirm: confirmPasswordError(f.password, f.confirm),
    };
    if (!check(found)) return;
    setBusy(true);
    try {
      setDone(
        await acceptInvitation(code, {
          firstName: f.firstName,
          lastName: f.lastName,
          phone: f.phone,
          password: f.password,
        }),
      );
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={css.page}>
      <Card className={css.card}>
        <h1 className={css.title}>Agent Onboarding</h1>
        {done ? (
          <div role="status">
            <p>Welcome to {done.brokerageName}! Your agent account is ready.</p>
            <p>Sign in on the agent site with your phone number and the password you just set.</p>
            <a href="/login">Go to sign in</a>
          </div>
        ) : !code || invitation.isError ? (
          <p role="alert">
            {invitation.error?.message ||
              'This invitation link is not valid. Check the link in your email, or ask your brokerage for a new invitation.'}
          </p>
        ) : !inv ? (
          <Skeleton label="Loading invitation" shape="record" />
        ) : (
          <>
            <p>
              <strong>{inv.brokerageName}</strong> invites you to join their team as an agent. Confirm your details and
              choose a password.
            </p>
            <form
              ref={form}
              onSubmit={(e) => {
                void submit(e);
              }}
              noValidate
            >
              {failure && <p role="alert">{failure}</p>}
              <TextField
                label="First Name"
                name="firstName"
                maxLength={MAX.firstName}
                value={f.firstName}
                onChange={set('firstName')}
                error={errors.firstName}
                keyFilter="name"
                autoComplete="given-name"
              />
              <TextField
                label="Last Name"
                name="lastName"
                maxLength={MAX.lastName}
                value={f.lastName}
                onChange={set('lastName')}
                error={errors.lastName}
                keyFilter="name"
                autoComplete="family-name"
              />
              <TextField
                label="Phone Number"
                name="phone"
                maxLength={MAX.phone}
                type="tel"
                value={f.phone}
                onChange={set('phone')}
                error={errors.phone}
                keyFilter="phone"
                autoComplete="tel"
                hint="You sign in on the agent site with this number."
              />
              <TextField
                label="New Password"
                name="password"
                maxLength={MAX.password}
                type="password"
                value={f.password}
                onChange={set('password')}
                error={errors.password}
                hint={NEW_PASSWORD_HINT}
                autoComplete="new-password"
              />
              <TextField
                label="Confirm Password"
                type="password"
                value={f.confirm}
                onChange={set('confirm')}
                error={errors.confirm}
                autoComplete="new-password"
              />
              <Button type="submit" disabled={busy}>
                Accept Invitation
              </Button>
            </form>
            <p>
              <Link href={`/agent-onboarding/${encodeURIComponent(code)}/decline`}>Decline this invitation</Link>
            </p>
          </>
        )}
      </Card>
    </main>
  );
}
