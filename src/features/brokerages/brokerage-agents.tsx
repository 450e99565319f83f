import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { agentsQueryOptions } from '../../api/staff-agents.ts';
import type { Agent } from '../../contract/agents.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatScore, personName } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { useListState } from '../../ui/use-list-state.ts';

/** The brokerage's agents; each opens the agent inside the brokerage (view/:id/agent/:agentId). */
export function BrokerageAgents({ id }: { id: number }) {
  const list = useListState({ name: '', status: '', brokerageId: id }, { key: 'name.last', desc: false });
  const query = useQuery({ ...agentsQueryOptions(list.params), placeholderData: keepPreviousData });
  const columns: Column<Agent>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name.last',
      cell: (a) => (
        <Link href={pathTo('brokerage-agent', { id, agentId: a.id })}>{personName(a.name.first, a.name.last)}</Link>
      ),
    },
    { key: 'status', header: 'Status', sortKey: 'status', cell: (a) => enumLabel('agentStatus', a.status) },
    { key: 'score', header: 'Score', sortKey: 'agentDisplayScore', cell: (a) => formatScore(a.agentDisplayScore) },
    {
      key: 'overdue',
      header: 'Overdue',
      sortKey: 'funnelStatus.overdueForFollowupCount',
      cell: (a) => a.funnelStatus.stages.overdueForFollowup.count,
    },
    { key: 'email', header: 'Email', cell: (a) => a.email ?? '-' },
    { key: 'phone', header: 'Phone', cell: (a) => formatPhone(a.phone) || '-' },
  ];
  return (
    <>
      <DataTable
        label="Brokerage agents"
        columns={columns}
        rows={query.data?.content ?? []}
        rowKey={(a) => a.id}
        sort={list.sort}
        onSortChange={list.setSort}
        loading={query.isPending}
        empty="This brokerage has no agents."
      />
      <Pagination rowsType="agents" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
    </>
  );
}
