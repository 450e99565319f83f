import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { exportOpportunities, opportunitiesQueryOptions } from '../../api/opportunities.ts';
import { OPPORTUNITY_STATUSES, type Opportunity } from '../../contract/interviews.ts';
import { enumLabel, enumOptions } from '../../contract/labels.ts';
import { formatDate, productFamilyLabel } from '../../lib/format.ts';
import { useRecentlyViewed } from '../../session/recently-viewed.ts';
import type { Column } from '../../ui/data-table.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';
import { opportunityName } from './opportunity-format.ts';

const COLUMNS: Column<Opportunity>[] = [
  {
    key: 'name',
    header: 'Client',
    sortKey: 'name',
    cell: (o) => <Link href={pathTo('opportunity-view', { id: o.id })}>{opportunityName(o)}</Link>,
  },
  { key: 'status', header: 'Status', sortKey: 'status', cell: (o) => enumLabel('opportunityStatus', o.status) },
  { key: 'type', header: 'Type', cell: (o) => enumLabel('referralType', o.type) },
  { key: 'product', header: 'Product', cell: (o) => productFamilyLabel(o.product) },
  { key: 'brokerage', header: 'Brokerage', cell: (o) => o.brokerageName },
  { key: 'agent', header: 'Agent', cell: (o) => o.agentName ?? '-' },
  { key: 'created', header: 'Created', sortKey: 'created', cell: (o) => formatDate(o.created) },
];

const LIST = defineList({
  sort: { key: 'created', desc: true },
  sortKeys: ['name', 'status', 'created'],
  search: { key: 'q', placeholder: 'Name, email, phone or id', hint: 'Use * as a wildcard' },
  filters: [
    {
      key: 'status',
      label: 'Status',
      all: 'All statuses',
      options: enumOptions('opportunityStatus', OPPORTUNITY_STATUSES),
    },
  ],
});

/** Opportunities: wildcard search (`*` for any text) and status filter on the server, newest first. */
export function OpportunitiesScreen() {
  const list = useUrlListState(LIST.spec);
  const query = useQuery({ ...opportunitiesQueryOptions(list.params), placeholderData: keepPreviousData });
  const recent = useRecentlyViewed('opportunities');
  return (
    <ListScreen
      title="Opportunities"
      definition={LIST}
      list={list}
      query={query}
      columns={COLUMNS}
      rowKey={(o) => o.id}
      label="Opportunities"
      rowsType="opportunities"
      empty="No opportunities found."
      exportAs={{ name: 'opportunities', load: exportOpportunities }}
      recent={{ items: recent, hrefFor: (id) => pathTo('opportunity-view', { id }) }}
    />
  );
}
