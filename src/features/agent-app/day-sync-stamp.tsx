import { formatDateTime } from '../../lib/format.ts';
import { useCopyEvicted } from '../../session/saved-data.ts';
import * as styles from './agent-app.css.ts';
import { useDaySync } from './day-sync.ts';

/** The browser threw the saved copy away (storage pressure): said once, while the sync fetches it again. */
export const EVICTED = 'The browser removed the data saved on this device to free space. Saving your follow-ups again…';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Keeps the agent's day on this device (day-sync.ts) and says how much is kept and when it was last
 * synced, so an agent about to lose the connection knows what they can still open.
 */
export function DaySyncStamp({ agentId }: { agentId: number | null }) {
  const sync = useDaySync(agentId);
  const evicted = useCopyEvicted();
  if (agentId === null) return null;
  if (evicted && !sync.data)
    return (
      <p className={styles.muted} role="status">
        {EVICTED}
      </p>
    );
  if (!sync.data) {
    return (
      <p className={styles.muted} role="status">
        {sync.isError
          ? 'Follow-ups are not saved on this device yet: they will be at the next connection.'
          : 'Saving your follow-ups on this device…'}
      </p>
    );
  }
  const { kept, totalOpen, syncedAt } = sync.data;
  const what =
    kept.length < totalOpen
      ? `the ${kept.length} most urgent of ${totalOpen} open follow-ups`
      : plural(kept.length, 'open follow-up', 'open follow-ups');
  return (
    <p className={styles.muted} role="status">
      Saved on this device for offline use: {what}. Last synced {formatDateTime(new Date(syncedAt).toISOString())}.
    </p>
  );
}
