import { useContext, useState } from 'react';

import { formatDateTime } from '../../lib/format.ts';
import { createWriteLedger } from '../../session/agent-unsynced.ts';
import { OfflineWritesContext, useWaitingOnDevice } from '../../session/offline-writes.ts';
import { describeWrite } from '../../widgets/describe-write.ts';
import * as styles from './login.css.ts';

/**
 * Changes made in the agent app and not yet sent, listed on the login page (its own chunk: only the
 * agent host loads it). They are kept on this device and sent, each once, after the same agent signs in.
 */
export function WaitingOnDevice() {
  // The query layer's ledger; opened on the login page before it has loaded, one that only reads
  // (nothing is sent from this page until someone signs in, and then the query layer's takes over).
  const shared = useContext(OfflineWritesContext)?.ledger;
  const [ledger] = useState(() => shared ?? createWriteLedger());
  const waiting = useWaitingOnDevice(ledger);
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
