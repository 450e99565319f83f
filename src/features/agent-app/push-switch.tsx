import { useEffect, useState } from 'react';

import { ApiError } from '../../api/client.ts';
import {
  currentPushSubscription,
  PUSH_BLOCKED,
  PUSH_UNSUPPORTED,
  PushRefused,
  pushSupport,
  turnOffPush,
  turnOnPush,
} from '../../api/push.ts';
import { Switch } from '../../ui/switch.tsx';
import * as styles from './agent-app.css.ts';

type Shown = { on: boolean; note: string | null; refused: boolean };

/**
 * The profile's Notifications switch: on, this phone shows a notification when a referral
 * is assigned or moved to the agent, a reminder or a sample is sent. The browser's permission is asked
 * only when the agent turns it on, never as the page loads; a refusal by the browser or the phone
 * is said in words, with what to do.
 */
export function PushSwitch() {
  const supported = pushSupport() === 'supported';
  const [shown, setShown] = useState<Shown>(() => ({
    on: false,
    refused: !supported || Notification.permission === 'denied',
    note: !supported ? PUSH_UNSUPPORTED : Notification.permission === 'denied' ? PUSH_BLOCKED : null,
  }));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported || Notification.permission !== 'granted') return;
    let live = true;
    // Reads what the browser already has; asks nothing.
    void currentPushSubscription().then(
      (sub) => {
        if (live && sub) setShown({ on: true, note: null, refused: false });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [supported]);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        await turnOnPush();
        setShown({ on: true, note: 'Notifications are on for this phone.', refused: false });
      } else {
        await turnOffPush();
        setShown({ on: false, note: 'Notifications are off for this phone.', refused: false });
      }
    } catch (err) {
      const note =
        err instanceof PushRefused || err instanceof ApiError
          ? err.message
          : 'Notifications could not be changed. Try again.';
      setShown((s) => ({ on: s.on, note, refused: true }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="push-notifications">
      <h2 id="push-notifications" className={styles.sectionTitle}>
        Notifications
      </h2>
      <p className={styles.muted}>
        Hear of a new referral on this phone as soon as it is yours, even with the app closed.
      </p>
      <Switch
        label="Notifications"
        checked={shown.on}
        disabled={!supported || busy}
        onCheckedChange={(on) => void change(on)}
      />
      {shown.note && (
        <p role={shown.refused ? 'alert' : 'status'} className={shown.refused ? styles.refused : styles.muted}>
          {shown.note}
        </p>
      )}
    </section>
  );
}
