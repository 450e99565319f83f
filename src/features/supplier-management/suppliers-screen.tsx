import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { canAccess } from '../../access/access.ts';
import { pathTo, routeById } from '../../access/route-table.ts';
import { suppliersQueryOptions } from '../../api/lead-suppliers.ts';
import type { LeadSupplier } from '../../contract/lead-suppliers.ts';
import { formatCount, formatDate } from '../../lib/format.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { buttonClass } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';

const COLUMNS: Column<LeadSupplier>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (s) => <Link href={pathTo('supplier-view', { id: s.id })}>{s.name}</Link>,
  },
  { key: 'zips', header: 'ZIP Codes', cell: (s) => formatCount(s.zipCount) },
  { key: 'limits', header: 'Brokerage Limits', cell: (s) => formatCount(s.limitCount) },
  { key: 'leads', header: 'Leads This Quarter', cell: (s) => formatCount(s.leadsThisQuarter) },
  { key: 'created', header: 'Created', sortKey: 'created', cell: (s) => formatDate(s.created) },
];

const LIST = defineList({
  sort: { key: 'name', desc: false },
  sortKeys: ['name', 'created'],
  search: { key: 'name', placeholder: 'Supplier name' },
  filters: [],
});

/** Supplier Management: the lead suppliers with their ZIP coverage, limits and this quarter's leads. */
export function SuppliersScreen() {
  const list = useUrlListState(LIST.spec);
  const query = useQuery({ ...suppliersQueryOptions(list.params), placeholderData: keepPreviousData });
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []).map((r) => r.name);
  return (
    <ListScreen
      title="Supplier Management"
      definition={LIST}
      list={list}
      query={query}
      columns={COLUMNS}
      rowKey={(s) => s.id}
      label="Lead suppliers"
      rowsType="suppliers"
      empty="No lead suppliers found."
      actions={
        canAccess(roles, routeById('supplier-create')) ? (
          <Link className={buttonClass('primary')} href={pathTo('supplier-create')}>
            New Supplier
          </Link>
        ) : undefined
      }
    />
  );
}
