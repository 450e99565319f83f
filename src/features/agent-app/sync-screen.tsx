import { onlineManager } from '@tanstack/react-query';
import { Link } from 'wouter';

import { formatDateTime } from '../../lib/format.ts';
import { useOfflineWrites, useUnsyncedLedger } from '../../session/offline-writes.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { describeWrite } from '../../widgets/describe-write.ts';
import * as styles from './agent-app.css.ts';
import { RefusedChanges } from './agent-notices.tsx';
import { useQueuedWrites } from './use-agent-writes.ts';
import { useOnline } from './use-agent.ts';

/** Unsynced Changes: writes waiting for a connection (or being sent), and those the server refused. */
export function SyncScreen() {
  const queued = useQueuedWrites();
  const { refused, loaded } = useUnsyncedLedger();
  const { queue } = useOfflineWrites();
  const online = useOnline();
  // Try to sync now is offered only when nothing is being sent: while the queue sends, it would only repeat that.
  const paused = queued.some((q) => q.paused) && !queued.some((q) => !q.paused);

  function tryNow() {
    onlineManager.setOnline(true);
    void queue.drain();
  }

  return (
    <div className={styles.page}>
      <Link href="/console/agent-followups" className={styles.link}>
        Back to follow-ups
      </Link>
      <RefusedChanges />
      <section className={styles.section} aria-labelledby="waiting-to-sync">
        <h2 id="waiting-to-sync" className={styles.sectionTitle}>
          Waiting to sync
        </h2>
        {!online && (
          <p className={styles.muted}>
            You are offline. These changes are kept on this device and sent when you are back online.
          </p>
        )}
        {loaded && queued.length === 0 && (
          <p className={styles.muted}>
            {refused.length === 0 ? 'All changes are synced.' : 'Nothing is waiting to sync.'}
          </p>
        )}
        {queued.length > 0 && (
          <ul className={styles.list} aria-label="Unsynced changes">
            {queued.map(({ write, paused: p }) => (
              <li key={write.idempotencyKey} className={styles.item}>
                <Link href={`/console/agent-followups/view/${write.referralId}`} className={styles.rowLink}>
                  <span className={styles.rowName}>{write.referralName}</span>
                  <span className={styles.badges}>
                    <Badge tone="warning">{p ? 'Waiting to sync' : 'Syncing'}</Badge>
                  </span>
                  <span className={`${styles.rowMeta} ${styles.fullRow}`}>
                    {describeWrite(write)} · {formatDateTime(write.queuedAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {paused && typeof navigator !== 'undefined' && navigator.onLine && (
          <div className={styles.sectionActions}>
            <Button variant="secondary" onClick={tryNow}>
              Try to sync now
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
