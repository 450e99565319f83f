import { formatDateTime } from '../../lib/format.ts';
import { useWaitingOnDevice } from '../../session/agent-unsynced.ts';
import { describeWrite } from '../../widgets/describe-write.ts';
import * as styles from './login.css.ts';

/**
 * Changes made in the agent app and not yet sent, listed on the login page (its own chunk: only the
 * agent host loads it). They are kept on this device and sent, each once, after the same agent signs in.
 */
export function WaitingOnDevice() {
  const waiting = useWaitingOnDevice();
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="waiting-on-device" className={styles.waiting}>
      <h2 id="waiting-on-device" className={styles.waitingTitle}>
        {waiting.length === 1 ? '1 change waits on this device' : `${waiting.length} changes wait on this device`}
      </h2>
      <p>They are kept here and sent once you sign in again with the same phone number.</p>
      <ul aria-label="Changes waiting on this device">
        {waiting.map((w) => (
          <li key={w.idempotencyKey}>
            {w.referralName}: {describeWrite(w)} · {formatDateTime(w.queuedAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}
