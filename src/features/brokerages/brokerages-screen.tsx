import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { brokeragesQueryOptions, exportBrokerages } from '../../api/brokerages.ts';
import { BROKERAGE_STATUSES, PRODUCT_FAMILIES, type BrokerageSummary } from '../../contract/brokerages.ts';
import { enumLabel, enumOptions } from '../../contract/labels.ts';
import { formatDate, productFamilyLabel } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useRecentlyViewed } from '../../session/recently-viewed.ts';
import type { Column } from '../../ui/data-table.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';

const COLUMNS: Column<BrokerageSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (b) => <Link href={pathTo('brokerage-view', { id: b.id })}>{b.name}</Link>,
  },
  { key: 'status', header: 'Status', sortKey: 'status', cell: (b) => enumLabel('brokerageStatus', b.status) },
  {
    key: 'products',
    header: 'Products',
    cell: (b) => b.product.map((p) => productFamilyLabel(p.productFamily)).join(', '),
  },
  { key: 'agents', header: 'Agents', cell: (b) => b.agentCount },
  { key: 'location', header: 'Location', cell: (b) => [b.city, b.state].filter(Boolean).join(', ') || '-' },
  { key: 'email', header: 'Email', cell: (b) => b.email ?? '-' },
  { key: 'phone', header: 'Phone', cell: (b) => formatPhone(b.phone) || '-' },
  { key: 'created', header: 'Created', sortKey: 'created', cell: (b) => formatDate(b.created) },
];

const LIST = defineList({
  sort: { key: 'name', desc: false },
  sortKeys: ['name', 'status', 'created'],
  search: { key: 'name', placeholder: 'Brokerage name' },
  filters: [
    {
      key: 'productFamily',
      label: 'Product Family',
      all: 'All products',
      options: PRODUCT_FAMILIES.map((f) => ({ value: f, label: productFamilyLabel(f) })),
    },
    {
      key: 'status',
      label: 'Status',
      all: 'All statuses',
      options: enumOptions('brokerageStatus', BROKERAGE_STATUSES),
    },
  ],
});

/** Brokers: the brokerages, searched by name and filtered by product family and status on the server. */
export function BrokeragesScreen() {
  const list = useUrlListState(LIST.spec);
  const query = useQuery({ ...brokeragesQueryOptions(list.params), placeholderData: keepPreviousData });
  const recent = useRecentlyViewed('brokerages');
  return (
    <ListScreen
      title="Brokers"
      definition={LIST}
      list={list}
      query={query}
      columns={COLUMNS}
      rowKey={(b) => b.id}
      label="Brokerages"
      rowsType="brokerages"
      empty="No brokerages found."
      exportAs={{ name: 'brokerages', load: exportBrokerages }}
      recent={{ items: recent, hrefFor: (id) => pathTo('brokerage-view', { id }) }}
    />
  );
}
