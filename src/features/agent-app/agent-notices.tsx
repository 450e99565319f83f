import { Link } from 'wouter';

import { useOfflineWrites, useUnsyncedLedger } from '../../session/offline-writes.ts';
import { Button } from '../../ui/button.tsx';
import { describeWrite } from '../../widgets/describe-write.ts';
import * as styles from './agent-app.css.ts';
import { useQueuedWrites } from './use-agent-writes.ts';
import { useOnline } from './use-agent.ts';

export const SYNC_PATH = '/console/agent-followups/sync';
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Changes the server refused (4xx), with its reason, each dismissible. A server failure or a lost
 * answer is never listed here: such a write waits and is sent again until the server answers it.
 */
export function RefusedChanges({ limit }: { limit?: number }) {
  const { refused } = useUnsyncedLedger();
  const { ledger } = useOfflineWrites();
  if (refused.length === 0) return null;
  const shown = limit === undefined ? refused : refused.slice(-limit);
  return (
    <section className={styles.refused} aria-label="Changes not saved" role="alert">
      <strong>{plural(refused.length, 'change was', 'changes were')} not saved</strong>
      <ul className={styles.list}>
        {shown.map((r) => (
          <li key={r.write.idempotencyKey} className={styles.refusedItem}>
            <span>
              {r.write.referralName}: {describeWrite(r.write)}. {r.message}
            </span>
            <span className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => {
                  void ledger.dismissRefused(r.write.idempotencyKey);
                }}
                aria-label={`Dismiss: ${r.write.referralName}, ${describeWrite(r.write)}`}
              >
                Dismiss
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {limit !== undefined && refused.length > limit && (
        <Link href={SYNC_PATH} className={styles.link}>
          See all unsynced changes
        </Link>
      )}
    </section>
  );
}

/** The top of every agent screen: offline state, changes waiting to sync, refused changes. */
export function AgentNotices() {
  const online = useOnline();
  const queued = useQueuedWrites();
  return (
    <>
      {(!online || queued.length > 0) && (
        <div className={styles.notice} role="status">
          <span>
            {!online && 'You are offline. '}
            {queued.length > 0 && `${plural(queued.length, 'change is', 'changes are')} waiting to sync.`}
            {queued.length === 0 && 'Changes you make are kept on this device and sent when you are back online.'}
          </span>
          {queued.length > 0 && (
            <Link href={SYNC_PATH} className={styles.link}>
              View unsynced changes
            </Link>
          )}
        </div>
      )}
      <RefusedChanges limit={2} />
    </>
  );
}
