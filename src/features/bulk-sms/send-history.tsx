import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { smsHistoryQueryOptions } from '../../api/bulk-sms.ts';
import { SMS_SUPPRESSIONS, type SmsJob } from '../../contract/bulk-sms.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { Badge } from '../../ui/badge.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList } from '../../widgets/list-screen.tsx';

// The history of past sends under the composer (every reader; the server scopes a brokerage admin to their brokerage): newest first, paged
// with the spec's control, the page in the URL (?page=2&rows=20). A send opens its report (?job=).
const LIST = defineList({ sort: { key: 'created', desc: true }, sortKeys: ['created'] });

const REASON_WORDS: Record<(typeof SMS_SUPPRESSIONS)[number], string> = {
  DNC: 'DNC',
  DO_NOT_CONTACT: 'do not contact',
  INVALID: 'invalid',
  DUPLICATE: 'duplicate',
  QUIET_HOURS: 'quiet hours',
};

/** "12: DNC 5, invalid 3, duplicate 4" (the reasons with a count). */
export function suppressedText(job: SmsJob): string {
  const parts = SMS_SUPPRESSIONS.filter((r) => job.byReason[r] > 0).map(
    (r) => `${REASON_WORDS[r]} ${formatCount(job.byReason[r])}`,
  );
  return parts.length > 0 ? `${formatCount(job.suppressed)}: ${parts.join(', ')}` : '0';
}

const preview = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

const COLUMNS: readonly Column<SmsJob>[] = [
  {
    key: 'created',
    header: 'Sent on',
    cell: (j) => (
      <Link
        href={`/console/bulk-sms-send?job=${j.id}`}
        aria-label={`Report of the send of ${formatDateTime(j.created)}`}
      >
        {formatDateTime(j.created)}
      </Link>
    ),
  },
  { key: 'by', header: 'Sent by', cell: (j) => j.createdBy ?? '-' },
  { key: 'message', header: 'Message', cell: (j) => <span title={j.message}>{preview(j.message)}</span> },
  { key: 'total', header: 'Recipients', cell: (j) => formatCount(j.total) },
  { key: 'sent', header: 'Sent', cell: (j) => formatCount(j.sent) },
  { key: 'suppressed', header: 'Suppressed', cell: suppressedText },
  {
    key: 'status',
    header: 'Status',
    cell: (j) =>
      j.status === 'DONE' ? (
        <Badge tone="success">Complete</Badge>
      ) : (
        <Badge tone="info">{`Sending (${formatCount(j.pending)} waiting)`}</Badge>
      ),
  },
];

export function SendHistory() {
  const list = useUrlListState(LIST.spec);
  const query = useQuery({
    ...smsHistoryQueryOptions({ pageIndex: list.params.pageIndex, pageSize: list.params.pageSize }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card aria-labelledby="sms-history-heading">
      <h2 id="sms-history-heading" className={styles.subheading}>
        Past Sends
      </h2>
      {query.isError && !query.data ? (
        <QueryFailure thing="The send history" retry={query.refetch} />
      ) : (
        <DataTable
          label="Past sends"
          columns={COLUMNS}
          rows={query.data?.content ?? []}
          rowKey={(j) => j.id}
          loading={query.isPending}
          empty="No sends yet."
        />
      )}
      <Pagination rowsType="sends" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
    </Card>
  );
}
