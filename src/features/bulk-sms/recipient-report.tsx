import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { smsJobRecipientsQueryOptions } from '../../api/bulk-sms.ts';
import {
  SMS_RECIPIENT_STATUSES,
  SUPPRESSION_LABELS,
  type SmsJobRecipient,
  type SmsRecipientStatus,
} from '../../contract/bulk-sms.ts';
import { LABEL_TABLES } from '../../contract/labels.ts';
import { formatDateTime } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Badge } from '../../ui/badge.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { useIsMobile } from '../../ui/media.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList } from '../../widgets/list-screen.tsx';

// A send's per-recipient report: every recipient in list order with its outcome, and for one not
// texted the reason. Filtered by status and paged with the spec's control, the view in the URL
// (?job=7&status=SUPPRESSED&page=2), so Back and a shared link show the same rows. Below 768 px
// each recipient is a card: six columns squeezed into a phone's width read as nothing.

// The status words are the project's one table for the enum; the reasons are worded as the send's
// counts above the report word them (SUPPRESSION_LABELS), so a row and its count read alike.
const STATUS_LABELS = LABEL_TABLES.smsRecipientStatus;

const LIST = defineList({
  sort: { key: 'position', desc: false },
  sortKeys: ['position'],
  filters: [
    {
      key: 'status',
      label: 'Status',
      all: 'All recipients',
      options: SMS_RECIPIENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
    },
  ],
});
const STATUS_FILTER = LIST.filters[0]!;

const TONES: Record<SmsRecipientStatus, 'success' | 'warning' | 'info'> = {
  SENT: 'success',
  SUPPRESSED: 'warning',
  PENDING: 'info',
};

export const recipientStatus = (r: SmsJobRecipient) => <Badge tone={TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>;
/** Why a recipient was not texted; '-' for the others. */
export const recipientReason = (r: SmsJobRecipient) => (r.reason ? SUPPRESSION_LABELS[r.reason] : '-');
/** The number as the project writes phones; an unreadable one (the INVALID rows) as it was given. */
const phoneOf = (r: SmsJobRecipient) => formatPhone(r.phone) || '-';

const COLUMNS: readonly Column<SmsJobRecipient>[] = [
  { key: 'position', header: 'Line', cell: (r) => r.position },
  { key: 'name', header: 'Recipient', cell: (r) => r.name ?? 'Pasted number' },
  { key: 'phone', header: 'Phone', cell: phoneOf },
  { key: 'status', header: 'Status', cell: recipientStatus },
  { key: 'reason', header: 'Reason', cell: recipientReason },
  { key: 'sentAt', header: 'Sent at', cell: (r) => (r.sentAt ? formatDateTime(r.sentAt) : '-') },
];

function RecipientCards({ rows, empty }: { rows: readonly SmsJobRecipient[]; empty: string }) {
  if (rows.length === 0) return <p className={styles.meta}>{empty}</p>;
  return (
    <ul className={styles.list} aria-label="Recipients">
      {rows.map((r) => (
        <li key={r.position} className={styles.listItem} aria-label={`Line ${r.position}: ${r.name ?? phoneOf(r)}`}>
          <DetailList
            items={[
              ['Recipient', `${r.position}. ${r.name ?? 'Pasted number'}`],
              ['Phone', phoneOf(r)],
              ['Status', recipientStatus(r)],
              ...(r.reason ? [['Reason', recipientReason(r)] as const] : []),
              ...(r.sentAt ? [['Sent at', formatDateTime(r.sentAt)] as const] : []),
            ]}
          />
        </li>
      ))}
    </ul>
  );
}

export function RecipientReport({ jobId, running }: { jobId: number; running: boolean }) {
  const list = useUrlListState(LIST.spec);
  const mobile = useIsMobile();
  const status = (list.filter.status ?? '') as SmsRecipientStatus | '';
  const query = useQuery({
    ...smsJobRecipientsQueryOptions(
      jobId,
      status,
      { pageIndex: list.params.pageIndex, pageSize: list.params.pageSize },
      running,
    ),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.content ?? [];
  const empty = status ? `No recipients with the status ${STATUS_LABELS[status]}.` : 'No recipients.';
  return (
    <section aria-labelledby="sms-recipients-heading" className={styles.stack}>
      <h2 id="sms-recipients-heading" className={styles.subheading}>
        Recipients
      </h2>
      <div className={styles.toolbar}>
        <SelectField
          label={STATUS_FILTER.label}
          value={status}
          onChange={(e) => list.setFilter({ status: e.target.value })}
        >
          <option value="">{STATUS_FILTER.all}</option>
          {STATUS_FILTER.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      </div>
      {query.isError && !query.data ? (
        <QueryFailure thing="The recipients" retry={query.refetch} />
      ) : mobile ? (
        <RecipientCards rows={rows} empty={query.isPending ? 'Loading recipients…' : empty} />
      ) : (
        <DataTable
          label="Recipients"
          columns={COLUMNS}
          rows={rows}
          rowKey={(r) => r.position}
          loading={query.isPending}
          empty={empty}
        />
      )}
      <Pagination rowsType="recipients" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
    </section>
  );
}
