import type { ReferralEvent, ReferralNote } from '../../contract/referrals.ts';
import { formatDateTime } from '../../lib/format.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { Badge } from '../../ui/badge.tsx';
import * as styles from './agent-app.css.ts';
import type { QueuedWrite } from './use-agent-writes.ts';

function eventText(e: ReferralEvent): string {
  if (e.type === 'CREATED') return 'Referral received';
  if (e.type === 'STAGE_CHANGED')
    return `${e.fromStage ? `${stageLabel(e.fromStage)} → ` : ''}${e.toStage ? stageLabel(e.toStage) : ''}`;
  return e.detail ?? e.type;
}

/** Notes, newest first: those waiting to sync on top, then the saved ones. */
export function NotesList({ notes, queued }: { notes: ReferralNote[]; queued: QueuedWrite[] }) {
  const waiting = queued.flatMap((q) => (q.write.kind === 'note' ? [q.write] : [])).reverse();
  if (notes.length === 0 && waiting.length === 0) return <p className={styles.muted}>No notes yet.</p>;
  return (
    <ul className={styles.list} aria-label="Notes">
      {waiting.map((w) => (
        <li key={w.idempotencyKey} className={styles.historyItem}>
          <span className={styles.rowMeta}>
            {formatDateTime(w.queuedAt)} <Badge tone="warning">Waiting to sync</Badge>
          </span>
          <p className={styles.noteText}>{w.text}</p>
        </li>
      ))}
      {notes.map((n) => (
        <li key={n.id} className={styles.historyItem}>
          <span className={styles.rowMeta}>
            {formatDateTime(n.created)}
            {n.authorName ? ` · ${n.authorName}` : ''}
          </span>
          <p className={styles.noteText}>{n.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The referral's history, newest first. */
export function EventsTimeline({ events }: { events: ReferralEvent[] }) {
  if (events.length === 0) return <p className={styles.muted}>No history yet.</p>;
  return (
    <ol className={styles.list} aria-label="History">
      {events.map((e) => (
        <li key={e.id} className={styles.historyItem}>
          <span className={styles.rowMeta}>
            {formatDateTime(e.created)}
            {e.actorName ? ` · ${e.actorName}` : ''}
          </span>
          <span>{eventText(e)}</span>
          {e.type === 'STAGE_CHANGED' && e.detail && <span className={styles.rowMeta}>{e.detail}</span>}
        </li>
      ))}
    </ol>
  );
}
