import { Link } from 'wouter';

import { withFollowUp, withStage } from '../../api/agent-app-writes.ts';
import type { AgentReferral } from '../../contract/referrals.ts';
import { formatDateTime, personName } from '../../lib/format.ts';
import { daysText } from '../../lib/overdue.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { Badge } from '../../ui/badge.tsx';
import * as styles from './agent-app.css.ts';
import type { QueuedWrite } from './use-agent-writes.ts';

const TYPE_LABELS = { BUYER: 'Buyer', SELLER: 'Seller', RENTAL: 'Rental' } as const;

/** A referral as it will be once its queued writes apply (cached data may predate them). */
export function withQueued<R extends AgentReferral>(ref: R, queued: QueuedWrite[], apply = withStage<R>): R {
  return queued.reduce((r, { write }) => {
    if (write.referralId !== ref.id) return r;
    const at = new Date(write.queuedAt);
    return write.kind === 'stage' ? apply(r, write.change, at) : withFollowUp(r, at);
  }, ref);
}

/** One follow-up: prospect, stage, last update, overdue days and sync state; opens the referral. */
export function FollowupRow({ referral, queued }: { referral: AgentReferral; queued: QueuedWrite[] }) {
  const r = withQueued(referral, queued);
  const waiting = queued.some((q) => q.write.referralId === r.id);
  return (
    <li className={styles.item}>
      <Link href={`/console/agent-followups/view/${r.id}`} className={styles.rowLink}>
        <span className={styles.rowName}>
          {personName(r.prospect.name.first, r.prospect.name.last, 'Not Available')}
        </span>
        <span className={styles.badges}>
          {r.overdue && <Badge tone="danger">{daysText(r.daysOverdue)} overdue</Badge>}
          {waiting && <Badge tone="warning">Waiting to sync</Badge>}
        </span>
        <span className={`${styles.rowMeta} ${styles.fullRow}`}>
          {stageLabel(r.stage)} · {TYPE_LABELS[r.type]} · Updated {formatDateTime(r.updated)}
        </span>
      </Link>
    </li>
  );
}
