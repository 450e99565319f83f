import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

import { REFRESH_THRESHOLD_MS } from '../../session/constants.ts';
import { refreshSession } from '../../session/session.ts';
import { sessionStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { Card, Spinner } from '../../ui/layout.tsx';
import { completeClozeConnection } from './cloze-callback.ts';
import * as styles from './cloze.css.ts';

// Spec 1 section 8, verbatim.
export const CLOZE_CONNECTED = 'You have successfully logged into Cloze.';
export const CLOZE_FAILED =
  'There was an error logging into Cloze. Please try again. If the problem persists please contact support.';

async function connect(code: string | null, state: string | null): Promise<boolean> {
  if (!code || !state || !sessionStore.get()) return false;
  // The user may have spent a while on Cloze's page: renew a session about to end first
  // (this public route has no session clock).
  const session = sessionStore.get();
  if (session && session.expiresAt - Date.now() < REFRESH_THRESHOLD_MS && !(await refreshSession())) return false;
  await completeClozeConnection(code, state);
  return true;
}

/** The connector's callback: /cloze?code=...&state=... */
export function ClozeScreen() {
  const [, setLocation] = useLocation();
  const [result, setResult] = useState<'pending' | 'connected' | 'failed'>('pending');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(location.search);
    // The code works once: drop it from the address bar and history.
    history.replaceState(null, '', location.pathname);
    connect(params.get('code'), params.get('state')).then(
      (ok) => setResult(ok ? 'connected' : 'failed'),
      () => setResult('failed'),
    );
  }, []);

  return (
    <main className={styles.screen}>
      <Card className={styles.panel} aria-labelledby="cloze-title" aria-busy={result === 'pending'}>
        <h1 id="cloze-title" className={styles.heading}>
          Cloze
        </h1>
        {result === 'pending' && <Spinner label="Connecting to Cloze" />}
        {result !== 'pending' && (
          <p role="status" className={styles.message}>
            {result === 'connected' ? CLOZE_CONNECTED : CLOZE_FAILED}
          </p>
        )}
        <Button onClick={() => setLocation('/console?settings=true')}>Return</Button>
      </Card>
    </main>
  );
}
