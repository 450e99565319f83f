import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';

import { BRAND } from '../../lib/brand.ts';
import { isAgentHost } from '../../lib/hosts.ts';
import { preloadLanding } from '../../lib/landing-preload.ts';
import { identifierError, identifierForPost, loginPasswordError, type LoginMode } from '../../lib/validation.ts';
import { startOneTimePasswordLogin } from '../../session/pkce.ts';
import { signIn } from '../../session/session.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { Switch } from '../../ui/switch.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useForm } from '../../widgets/form.ts';
import * as styles from './login.css.ts';
import { useOneTimeCodeCallback } from './use-one-time-code-callback.ts';

export const LOGIN_FAILED = 'Whoops, Something went wrong. Try again.';

// The agent app's changes still waiting on this device: a chunk of its own, loaded on the agent host only.
const WaitingOnDevice = lazy(() => import('./waiting-on-device.tsx').then((m) => ({ default: m.WaitingOnDevice })));

export function LoginScreen() {
  const agentHost = isAgentHost();
  const mode: LoginMode = agentHost ? 'phone' : 'email';
  const [, setLocation] = useLocation();
  const snackbar = useSnackbar();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [stayLoggedIn, setStayLoggedIn] = useState(false);
  const [touched, setTouched] = useState(false);
  const [loading, setLoading] = useState(false);
  // A refused try moves focus to the first field in error, as every form does; after the first try the
  // fields' messages follow what is typed (idError, pwError below).
  const { form, check } = useForm(['username', 'password']);
  const exchanging = useOneTimeCodeCallback(setLocation, () =>
    snackbar(LOGIN_FAILED, { tone: 'error', pageOnly: true }),
  );

  const idError = touched ? identifierError(identifier, mode) : undefined;
  const pwError = touched ? loginPasswordError(password) : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!check({ username: identifierError(identifier, mode), password: loginPasswordError(password) })) {
      // The spec's words for missing input too (spec 1, messages): kept, the fields say what each needs.
      snackbar(LOGIN_FAILED, { tone: 'error', pageOnly: true });
      return;
    }
    setLoading(true);
    try {
      void preloadLanding(null); // the signed-in shell's code, while the sign-in is under way
      const landing = await signIn({
        username: identifierForPost(identifier, mode),
        password: password.trim(),
        stayLoggedIn,
        // The landing's code loads while the profile does (its calls cannot start before the profile).
        onLanding: (path) => {
          void preloadLanding(path);
        },
      });
      // The landing renders at once, not level after level, and its first calls are already on their way.
      await preloadLanding(landing);
      setLocation(landing, { replace: true });
    } catch {
      snackbar(LOGIN_FAILED, { tone: 'error', pageOnly: true });
      setLoading(false);
    }
  }

  return (
    <main className={styles.screen}>
      <Card className={styles.panel} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.brand}>
          {BRAND.name}
        </h1>
        <p className={styles.subtitle}>{agentHost ? 'Sign in to work your follow-ups.' : 'Sign in to your console.'}</p>
        <form ref={form} onSubmit={submit} noValidate aria-busy={loading || exchanging}>
          <TextField
            label={agentHost ? 'Phone Number' : 'Email'}
            name="username"
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            error={idError}
            keyFilter={agentHost ? 'phone' : undefined}
            type={agentHost ? 'tel' : 'email'}
            inputMode={agentHost ? 'tel' : 'email'}
            autoComplete={agentHost ? 'tel' : 'username'}
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={pwError}
            autoComplete="current-password"
          />
          <Switch label="Stay Logged In" checked={stayLoggedIn} onCheckedChange={setStayLoggedIn} />
          <div className={styles.actions}>
            <Button type="submit" disabled={loading || exchanging}>
              {loading ? 'Logging in…' : 'Login'}
            </Button>
            {agentHost && (
              <Button
                variant="secondary"
                onClick={() => void startOneTimePasswordLogin()}
                disabled={loading || exchanging}
              >
                Login with One-Time Password
              </Button>
            )}
          </div>
        </form>
        {agentHost && (
          <Suspense fallback={null}>
            <WaitingOnDevice />
          </Suspense>
        )}
        <div className={styles.links}>
          <Link href="/register" className={styles.link}>
            Register
          </Link>
          <Link href="/forgot-password" className={styles.link}>
            Forgot Password
          </Link>
        </div>
        <div className={styles.legal}>
          <a href={BRAND.termsUrl} target="_blank" rel="noreferrer" className={styles.link}>
            Terms
          </a>
          <a href={BRAND.privacyUrl} target="_blank" rel="noreferrer" className={styles.link}>
            Privacy
          </a>
        </div>
      </Card>
    </main>
  );
}
