import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { supportCasesQueryOptions } from '../../api/agent-lifecycle.ts';
import type { SupportCase } from '../../contract/agent-support.ts';
import { codeLabel, enumLabel } from '../../contract/labels.ts';
import { formatDateTime } from '../../lib/format.ts';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useListState } from '../../ui/use-list-state.ts';

const COLUMNS: Column<SupportCase>[] = [
  { key: 'subject', header: 'Subject', cell: (s) => s.subject },
  { key: 'category', header: 'Category', cell: (s) => codeLabel(s.category) },
  { key: 'status', header: 'Status', cell: (s) => enumLabel('supportCaseStatus', s.status) },
  { key: 'priority', header: 'Priority', cell: (s) => codeLabel(s.priority) },
  { key: 'opened', header: 'Opened', cell: (s) => formatDateTime(s.created) },
  { key: 'updated', header: 'Updated', cell: (s) => formatDateTime(s.updated) },
  { key: 'by', header: 'Opened By', cell: (s) => s.openedBy.name ?? '-' },
];

/** The agent's support cases, newest first, with how many are still open. */
export function SupportCases({ id }: { id: number }) {
  const list = useListState({}, { key: 'created', desc: true });
  const page = { pageIndex: list.params.pageIndex, pageSize: list.params.pageSize };
  const query = useQuery({ ...supportCasesQueryOptions(id, page), placeholderData: keepPreviousData });
  return (
    <div className={styles.stack}>
      {query.isError && <QueryFailure thing="Support cases" />}
      {query.data && (
        <p className={styles.meta}>
          {query.data.openCount} open of {query.data.totalElements}
        </p>
      )}
      <DataTable
        label="Support cases"
        columns={COLUMNS}
        rows={query.data?.content ?? []}
        rowKey={(s) => s.id}
        loading={query.isPending}
        empty="This agent has no support cases."
      />
      <Pagination rowsType="cases" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
    </div>
  );
}
