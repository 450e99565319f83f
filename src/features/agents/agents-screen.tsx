import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { brokerageNamesQueryOptions } from '../../api/brokerages.ts';
import type { Agent } from '../../contract/agents.ts';
import { AGENT_STATUSES } from '../../contract/agents.ts';
import { agentsQueryOptions, exportAgents } from '../../api/staff-agents.ts';
import { personName, prettify } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { SelectField } from '../../ui/choice.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { RecentlyViewed } from '../../ui/recent-list.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useListState } from '../../ui/use-list-state.ts';

/** Agents: every brokerage's agents, searched by name and filtered by status on the server. */
export function AgentsScreen() {
  const list = useListState({ name: '', status: '' }, { key: 'name.last', desc: false });
  const query = useQuery({ ...agentsQueryOptions(list.params), placeholderData: keepPreviousData });
  const names = useQuery(brokerageNamesQueryOptions());
  const brokerageName = (id: number) => names.data?.find((b) => b.id === id)?.name ?? '-';
  const columns: Column<Agent>[] = [
    { key: 'name', header: 'Name', sortKey: 'name.last', cell: (a) => (
      <Link href={pathTo('agent-view', { id: a.id })}>{personName(a.name.first, a.name.last, `Agent ${a.id}`)}</Link>
    ) },
    { key: 'brokerage', header: 'Brokerage', cell: (a) => brokerageName(a.brokerageId) },
    { key: 'status', header: 'Status', sortKey: 'status', cell: (a) => prettify(a.status) },
    { key: 'score', header: 'Score', sortKey: 'agentDisplayScore', cell: (a) => a.agentDisplayScore ?? '-' },
    { key: 'overdue', header: 'Overdue', sortKey: 'funnelStatus.overdueForFollowupCount', cell: (a) => a.funnelStatus.stages.overdueForFollowup.count },
    { key: 'email', header: 'Email', cell: (a) => a.email ?? '-' },
    { key: 'phone', header: 'Phone', cell: (a) => formatPhone(a.phone) || '-' },
  ];
  return (
    <Page title="Agents">
      <div className={styles.stack}>
        <RecentlyViewed list="agents" hrefFor={(id) => pathTo('agent-view', { id })} />
        <Card>
          <div className={styles.toolbar}>
            <SearchField value={list.filter.name} placeholder="Agent name" onSearch={(name) => list.setFilter({ name })} />
            <SelectField label="Status" value={list.filter.status} onChange={(e) => list.setFilter({ status: e.target.value })}>
              <option value="">All statuses</option>
              {AGENT_STATUSES.map((s) => <option key={s} value={s}>{prettify(s)}</option>)}
            </SelectField>
            <span className={styles.toolbarSpacer} />
            <ExportButton name="agents" load={() => exportAgents(list.filter)} />
          </div>
          {query.isError && <p role="alert" className={styles.formError}>Whoops, Something went wrong. Try again.</p>}
          <DataTable label="Agents" columns={columns} rows={query.data?.content ?? []} rowKey={(a) => a.id}
            sort={list.sort} onSortChange={list.setSort} loading={query.isPending} empty="No agents found." />
          <Pagination rowsType="agents" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
        </Card>
      </div>
    </Page>
  );
}
