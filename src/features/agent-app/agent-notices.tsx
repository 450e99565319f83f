import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { dismissRefused, useUnsyncedLedger } from '../../session/agent-unsynced.ts';
import { Button } from '../../ui/button.tsx';
import { describeWrite } from './describe-write.ts';
import { useOnline } from './use-agent.ts';
import { retryWrite, useQueuedWrites, useRequeueForgottenWrites } from './use-agent-writes.ts';
import * as styles from './agent-app.css.ts';

export const SYNC_PATH = '/console/agent-followups/sync';
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Refused changes with the server's reason (each dismissible), and what waits to sync. */
export function RefusedChanges({ limit }: { limit?: number }) {
  const client = useQueryClient();
  const { refused } = useUnsyncedLedger();
  if (refused.length === 0) return null;
  const shown = limit === undefined ? refused : refused.slice(-limit);
  return (
    <section className={styles.refused} aria-label="Changes not saved" role="alert">
      <strong>{plural(refused.length, 'change was', 'changes were')} not saved</strong>
      <ul className={styles.list}>
        {shown.map((r) => (
          <li key={r.write.idempotencyKey} className={styles.refusedItem}>
            <span>{r.write.referralName}: {describeWrite(r.write)}. {r.message}</span>
            <span className={styles.actions}>
              {r.retryable && <Button variant="secondary" onClick={() => retryWrite(client, r.write)}>Try again</Button>}
              <Button variant="secondary" onClick={() => dismissRefused(r.write.idempotencyKey)}
                aria-label={`Dismiss: ${r.write.referralName}, ${describeWrite(r.write)}`}>Dismiss</Button>
            </span>
          </li>
        ))}
      </ul>
      {limit !== undefined && refused.length > limit && <Link href={SYNC_PATH} className={styles.link}>See all unsynced changes</Link>}
    </section>
  );
}

/** The top of every agent screen: offline state, changes waiting to sync, refused changes. */
export function AgentNotices() {
  useRequeueForgottenWrites();
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
          {queued.length > 0 && <Link href={SYNC_PATH} className={styles.link}>View unsynced changes</Link>}
        </div>
      )}
      <RefusedChanges limit={2} />
    </>
  );
}
