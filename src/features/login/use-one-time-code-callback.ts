import { useEffect, useRef, useState } from 'react';

import { authorizationCodeGrant } from '../../api/auth.ts';
import { OAUTH_CLIENTS } from '../../lib/brand.ts';
import { otpRedirectUri } from '../../session/pkce.ts';
import { completeSignIn } from '../../session/session.ts';
import { preferencesStore } from '../../session/state.ts';

/**
 * The agent host loads /login?code=...&state=... after the one-time-password page: exchange
 * the code with the stored verifier (state must match), then continue as after a sign-in.
 */
export function useOneTimeCodeCallback(
  go: (to: string, opts: { replace: boolean }) => void,
  fail: () => void,
): boolean {
  // Busy from the first render when the page was opened with a code to exchange.
  const [busy, setBusy] = useState(() => new URLSearchParams(location.search).has('code'));
  const started = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const code = params.get('code');
    if (!code || started.current) return;
    started.current = true;
    const { codeVerifier, oauthState } = preferencesStore.get();
    history.replaceState(null, '', location.pathname);
    preferencesStore.set((p) => ({ ...p, codeVerifier: undefined, oauthState: undefined }));
    if (!codeVerifier || !oauthState || params.get('state') !== oauthState) {
      queueMicrotask(() => {
        setBusy(false);
        fail();
      });
      return;
    }
    authorizationCodeGrant({ code, codeVerifier, redirectUri: otpRedirectUri(), clientId: OAUTH_CLIENTS.agent })
      .then((tokens) => completeSignIn(tokens, false))
      .then((landing) => go(landing, { replace: true }))
      .catch(() => {
        setBusy(false);
        fail();
      });
  }, [go, fail]);
  return busy;
}
