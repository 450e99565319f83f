import { codeLabel } from '../contract/labels.ts';
import type { ReferralEvent } from '../contract/referrals.ts';
import { formatDateTime } from '../lib/format.ts';
import { stageLabel } from '../lib/referral-stages.ts';
import * as styles from './staff.css.ts';

const eventText = (e: ReferralEvent) => {
  const move = e.toStage ? `${e.fromStage ? `${stageLabel(e.fromStage)} → ` : ''}${stageLabel(e.toStage)}` : '';
  return [codeLabel(e.type), move, e.detail].filter(Boolean).join(' · ');
};

/** A referral's events, newest first: creation, stage changes, reassignments. */
export function ReferralTimeline({ events }: { events: readonly ReferralEvent[] }) {
  if (events.length === 0) return <p className={styles.meta}>No events yet.</p>;
  return (
    <ol className={styles.list} aria-label="Timeline">
      {events.map((e) => (
        <li key={e.id} className={styles.listItem}>
          <p>{eventText(e)}</p>
          <span className={styles.meta}>{[e.actorName, formatDateTime(e.created)].filter(Boolean).join(' · ')}</span>
        </li>
      ))}
    </ol>
  );
}
