import { useEffect, useState } from 'react';

import { STILL_THERE_COUNTDOWN_S } from '../../session/constants.ts';
import { endStillThere, stayLoggedIn, useSessionClock } from '../../session/session-clock.ts';
import { logout } from '../../session/session.ts';
import { useActivityTracking } from '../../session/use-activity.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

/**
 * Runs the session clock and activity tracking while the shell is shown, and asks
 * "Are you still there?" with the 30 s countdown when the clock says so.
 */
export function StillThereDialog() {
  useActivityTracking();
  const deadline = useSessionClock();
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) void endStillThere(t);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const seconds =
    deadline === null ? 0 : Math.min(STILL_THERE_COUNTDOWN_S, Math.max(0, Math.ceil((deadline - now) / 1000)));
  // The dialog stays open, its button saying so, until the renewal is done; a failure is said here.
  const stay = () => {
    setBusy(true);
    setFailed(false);
    void stayLoggedIn()
      .then(
        (renewed) => setFailed(!renewed),
        () => setFailed(true),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Dialog
      open={deadline !== null}
      onOpenChange={() => {}}
      modalLocked
      title="Are you still there?"
      description={`For your security you will be logged out in ${seconds} seconds.`}
      actions={
        <>
          <Button variant="text" onClick={() => void logout()}>
            Log out
          </Button>
          <Button onClick={stay} disabled={busy} aria-busy={busy}>
            {busy ? 'Renewing…' : 'Stay Logged In'}
          </Button>
        </>
      }
    >
      {failed && (
        <p role="alert">
          The session could not be renewed: the server could not be reached. Check the connection and try again.
        </p>
      )}
    </Dialog>
  );
}
