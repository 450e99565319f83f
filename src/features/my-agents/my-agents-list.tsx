import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { myAgentsQueryOptions } from '../../api/my-agents.ts';
import { AGENT_STATUSES, NOT_JOINED_STATUSES } from '../../contract/agents.ts';
import type { MyAgent } from '../../contract/my-agents.ts';
import { daysText, formatFraction, formatResponseTime } from '../../lib/format.ts';

import { Badge } from '../../ui/badge.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { ListFreshness, listFailure } from '../../widgets/list-freshness.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { SavedViews } from '../../widgets/saved-views.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-url-list-state.ts';
import { enumLabel } from '../../contract/labels.ts';

/** Figures of an agent who has not joined yet. */
const NOT_JOINED = 'Not joined yet';
const SORT_KEYS = ['name', 'score', 'overdue', 'closings', 'status'] as const;
const SORT_CHOICES = [
  { key: 'name', desc: false, label: 'Name (A–Z)' },
  { key: 'overdue', desc: true, label: 'Most overdue first' },
  { key: 'score', desc: true, label: 'Highest score first' },
  { key: 'closings', desc: true, label: 'Most closings first' },
];
type Filter = { name: string; status: string };
const NO_FILTER: Filter = { name: '', status: '' };

const columns: Column<MyAgent>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', cell: (a) => <Link href={pathTo('view-my-agent', { id: a.id })}>{a.name.display ?? 'Not Available'}</Link> },
  { key: 'status', header: 'Status', sortKey: 'status', cell: (a) => enumLabel('agentStatus', a.status) },
  // An agent who has not joined has no figures of their own yet: they are said so rather than shown as 0.
  { key: 'score', header: 'Score', sortKey: 'score', cell: (a) => (NOT_JOINED_STATUSES.includes(a.status) ? NOT_JOINED
    : a.agentDisplayScore === null ? '-' : formatFraction(a.agentDisplayScore)) },
  { key: 'overdue', header: 'Overdue', sortKey: 'overdue', cell: (a) => {
    const n = a.funnelStatus.stages.overdueForFollowup.count;
    return n > 0 ? <Badge tone="danger">{n} · up to {daysText(a.funnelStatus.stages.maxDaysOverdue.count)}</Badge> : '0';
  } },
  { key: 'closings', header: 'Closings', sortKey: 'closings', cell: (a) => (NOT_JOINED_STATUSES.includes(a.status) ? NOT_JOINED : a.closings) },
  { key: 'response', header: '7/30 Day Response', cell: (a) => (NOT_JOINED_STATUSES.includes(a.status) ? NOT_JOINED
    : `${formatResponseTime(a.last7ResponseTime)} / ${formatResponseTime(a.last30ResponseTime)}`) },
];

/** The brokerage's agents: search by name, filter by status, sort (the overview's View All opens it by overdue). */
export function MyAgentsList() {
  const list = useUrlListState(NO_FILTER, { key: 'name', desc: false }, SORT_KEYS);
  const query = useQuery({
    ...myAgentsQueryOptions({ pageIndex: list.pageIndex, pageSize: list.rowsPerPage, sort: list.sort, name: list.filter.name, status: list.filter.status }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <ListToolbar searchLabel="Search agents" placeholder="Agent name" search={list.filter.name} onSearch={(name) => list.setFilter({ name })}
        sortChoices={SORT_CHOICES} sort={list.sort} onSort={list.setSort} filtersSet={list.filter.status ? 1 : 0}>
        <SelectField label="Status" value={list.filter.status} onChange={(e) => list.setFilter({ status: e.target.value })}>
          <option value="">All statuses</option>
          {/* Deleted too: the roster leaves them out only while no status is chosen (a name search finds them as well). */}
          {AGENT_STATUSES.map((s) => <option key={s} value={s}>{enumLabel('agentStatus', s)}</option>)}
        </SelectField>
        <span className={styles.toolbarSpacer} />
        <SavedViews list="my-agents" current={list.viewQuery} onApply={list.apply} />
      </ListToolbar>
      <ListFreshness updatedAt={query.dataUpdatedAt} failure={query.failureReason} />
      {query.isError && listFailure(query.error) && <p role="alert" className={styles.formError}>{listFailure(query.error)}</p>}
      <DataTable label="Agents" columns={columns} rows={query.data?.content ?? []} rowKey={(a) => a.id}
        sort={list.sort} onSortChange={list.setSort} loading={query.isPending} empty="No agents found." />
      <Pagination rowsType="agents" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
    </>
  );
}
