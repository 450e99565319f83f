import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { workflowTasksQueryOptions } from '../../api/opportunity-timeline.ts';
import { enumLabel } from '../../contract/labels.ts';
import type { WorkflowTask } from '../../contract/workflow.ts';
import { formatDateTime } from '../../lib/format.ts';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useListState } from '../../ui/use-list-state.ts';

const COLUMNS: Column<WorkflowTask>[] = [
  { key: 'name', header: 'Task', cell: (t) => t.name },
  {
    key: 'status',
    header: 'Status',
    cell: (t) =>
      t.overdue ? `${enumLabel('workflowTaskStatus', t.status)} (overdue)` : enumLabel('workflowTaskStatus', t.status),
  },
  { key: 'due', header: 'Due', cell: (t) => formatDateTime(t.due) || '-' },
  { key: 'assignee', header: 'Assignee', cell: (t) => t.assignee.name ?? '-' },
  { key: 'completed', header: 'Completed', cell: (t) => formatDateTime(t.completed) || '-' },
];

/** The workflow tasks the opportunity waits on: open ones first by due time, then the finished ones. */
export function OpportunityTasks({ id }: { id: number }) {
  const list = useListState({}, { key: 'due', desc: false });
  const page = { pageIndex: list.params.pageIndex, pageSize: list.params.pageSize };
  const query = useQuery({ ...workflowTasksQueryOptions(id, page), placeholderData: keepPreviousData });
  return (
    <Card aria-labelledby="opportunity-tasks">
      <h2 id="opportunity-tasks" className={styles.subheading}>
        Workflow Tasks
      </h2>
      {query.isError && <QueryFailure thing="Workflow tasks" />}
      <DataTable
        label="Workflow tasks"
        columns={COLUMNS}
        rows={query.data?.content ?? []}
        rowKey={(t) => t.id}
        loading={query.isPending}
        empty="No workflow tasks for this opportunity."
      />
      <Pagination rowsType="tasks" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
    </Card>
  );
}
