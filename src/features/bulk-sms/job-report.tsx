import { useQuery } from '@tanstack/react-query';

import { smsJobQueryOptions } from '../../api/bulk-sms.ts';
import { SMS_SUPPRESSIONS, SUPPRESSION_LABELS } from '../../contract/bulk-sms.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';
import { RecipientReport } from './recipient-report.tsx';

/**
 * One send (?job=): its progress and counts, then every recipient's outcome. A sender is offered a
 * new send; a reader (CSR_VIEW_OPPORTUNITIES) goes back to the list of past sends.
 */
export function JobReport({ id, canSend, onBack }: { id: number; canSend: boolean; onBack: () => void }) {
  const job = useQuery(smsJobQueryOptions(id));
  if (job.isError)
    return (
      <Card>
        <QueryFailure thing="This send" />
      </Card>
    );
  const j = job.data;
  if (!j) return <Skeleton label="Loading the send" shape="record" />;
  const done = j.total - j.pending;
  return (
    <Card>
      <div className={styles.stack}>
        <section aria-label="Send report" className={styles.stack}>
          <h2 className={styles.subheading}>{j.status === 'DONE' ? 'Send complete' : 'Sending…'}</h2>
          <progress max={j.total} value={done} aria-label="Send progress">{`${done} of ${j.total}`}</progress>
          <DetailList
            items={[
              ['Recipients', formatCount(j.total)],
              ['Sent', formatCount(j.sent)],
              ['Suppressed', formatCount(j.suppressed)],
              ['Waiting', formatCount(j.pending)],
              ...SMS_SUPPRESSIONS.map((r) => [SUPPRESSION_LABELS[r], formatCount(j.byReason[r])] as const),
              ['Message', j.message],
              ['Sent by', j.createdBy ?? '-'],
              ['Sent on', formatDateTime(j.created)],
            ]}
          />
          <div>
            <Button variant="secondary" onClick={onBack}>
              {canSend ? 'New Send' : 'All Sends'}
            </Button>
          </div>
        </section>
        <RecipientReport jobId={id} running={j.status === 'RUNNING'} />
      </div>
    </Card>
  );
}
