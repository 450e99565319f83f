import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { brokerageNamesQueryOptions } from '../../api/brokerages.ts';
import { agentsQueryOptions, exportAgents } from '../../api/staff-agents.ts';
import { AGENT_STATUSES, type Agent } from '../../contract/agents.ts';
import { enumLabel, enumOptions } from '../../contract/labels.ts';
import { formatScore, personName } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useRecentlyViewed } from '../../session/recently-viewed.ts';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';
import { EnrollAgentDialog } from './enroll-agent-dialog.tsx';

const LIST = defineList({
  sort: { key: 'name.last', desc: false },
  sortKeys: ['name.last', 'status', 'agentDisplayScore', 'funnelStatus.overdueForFollowupCount'],
  search: { key: 'name', placeholder: 'Agent name' },
  filters: [
    { key: 'status', label: 'Status', all: 'All statuses', options: enumOptions('agentStatus', AGENT_STATUSES) },
  ],
});

/** Agents: every brokerage's agents, searched by name and filtered by status on the server. */
export function AgentsScreen() {
  const list = useUrlListState(LIST.spec);
  const query = useQuery({ ...agentsQueryOptions(list.params), placeholderData: keepPreviousData });
  const names = useQuery(brokerageNamesQueryOptions());
  const recent = useRecentlyViewed('agents');
  const [enrolling, setEnrolling] = useState(false);
  const [, navigate] = useLocation();
  const brokerageName = (id: number) => names.data?.find((b) => b.id === id)?.name ?? '-';
  const columns: Column<Agent>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name.last',
      cell: (a) => <Link href={pathTo('agent-view', { id: a.id })}>{personName(a.name.first, a.name.last)}</Link>,
    },
    { key: 'brokerage', header: 'Brokerage', cell: (a) => brokerageName(a.brokerageId) },
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
      <ListScreen
        title="Agents"
        definition={LIST}
        list={list}
        query={query}
        columns={columns}
        rowKey={(a) => a.id}
        label="Agents"
        rowsType="agents"
        empty="No agents found."
        exportAs={{ name: 'agents', load: exportAgents }}
        recent={{ items: recent, hrefFor: (id) => pathTo('agent-view', { id }) }}
        actions={<Button onClick={() => setEnrolling(true)}>Enroll Agent</Button>}
      />
      <EnrollAgentDialog
        open={enrolling}
        onOpenChange={setEnrolling}
        onEnrolled={(a) => navigate(pathTo('agent-view', { id: a.id }))}
      />
    </>
  );
}
