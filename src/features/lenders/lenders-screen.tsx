import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { canAccess } from '../../access/access.ts';
import { pathTo, routeById } from '../../access/route-table.ts';
import { loanOfficesQueryOptions } from '../../api/lenders.ts';
import { codeLabel } from '../../contract/labels.ts';
import type { LoanOfficeSummary } from '../../contract/lenders.ts';
import { formatDate } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import type { Column } from '../../ui/data-table.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';

const LIST = defineList({
  sort: { key: 'name', desc: false },
  sortKeys: ['name', 'created'],
  search: { key: 'name', placeholder: 'Loan office name' },
});

/** Lenders: the loan offices (a loan-office admin sees their own; only staff open the lender view). */
export function LendersScreen() {
  const roles = useStore(profileStore, (p) => p.user?.roles);
  const canOpen = canAccess(
    (roles ?? []).map((r) => r.name),
    routeById('lender-view'),
  );
  const list = useUrlListState(LIST.spec);
  const query = useQuery({ ...loanOfficesQueryOptions(list.params), placeholderData: keepPreviousData });
  const columns: Column<LoanOfficeSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (o) => (canOpen ? <Link href={pathTo('lender-view', { id: o.id })}>{o.name}</Link> : o.name),
    },
    { key: 'status', header: 'Status', cell: (o) => codeLabel(o.status) },
    { key: 'officers', header: 'Loan Officers', cell: (o) => o.loanOfficerCount },
    { key: 'email', header: 'Email', cell: (o) => o.email ?? '-' },
    { key: 'phone', header: 'Phone', cell: (o) => formatPhone(o.phone) || '-' },
    { key: 'created', header: 'Created', sortKey: 'created', cell: (o) => formatDate(o.created) },
  ];
  return (
    <ListScreen
      title="Lenders"
      definition={LIST}
      list={list}
      query={query}
      columns={columns}
      rowKey={(o) => o.id}
      label="Loan offices"
      rowsType="lenders"
      empty="No loan offices found."
    />
  );
}
