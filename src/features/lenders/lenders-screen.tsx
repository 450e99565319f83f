import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { canAccess } from '../../access/access.ts';
import { pathTo, routeById } from '../../access/route-table.ts';
import { loanOfficesQueryOptions } from '../../api/lenders.ts';
import type { LoanOfficeSummary } from '../../contract/lenders.ts';
import { formatDate, prettify } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useListState } from '../../ui/use-list-state.ts';

/** Lenders: the loan offices (a loan-office admin sees their own; only staff open the lender view). */
export function LendersScreen() {
  const roles = useStore(profileStore, (p) => p.user?.roles);
  const canOpen = canAccess((roles ?? []).map((r) => r.name), routeById('lender-view'));
  const list = useListState({ name: '' }, { key: 'name', desc: false });
  const query = useQuery({ ...loanOfficesQueryOptions(list.params), placeholderData: keepPreviousData });
  const columns: Column<LoanOfficeSummary>[] = [
    { key: 'name', header: 'Name', sortKey: 'name', cell: (o) => (canOpen ? <Link href={pathTo('lender-view', { id: o.id })}>{o.name}</Link> : o.name) },
    { key: 'status', header: 'Status', cell: (o) => prettify(o.status) },
    { key: 'officers', header: 'Loan Officers', cell: (o) => o.loanOfficerCount },
    { key: 'email', header: 'Email', cell: (o) => o.email ?? '-' },
    { key: 'phone', header: 'Phone', cell: (o) => formatPhone(o.phone) || '-' },
    { key: 'created', header: 'Created', sortKey: 'created', cell: (o) => formatDate(o.created) },
  ];
  return (
    <Page title="Lenders">
      <Card>
        <div className={styles.toolbar}>
          <SearchField value={list.filter.name} placeholder="Loan office name" onSearch={(name) => list.setFilter({ name })} />
        </div>
        {query.isError && <p role="alert" className={styles.formError}>Whoops, Something went wrong. Try again.</p>}
        <DataTable label="Loan offices" columns={columns} rows={query.data?.content ?? []} rowKey={(o) => o.id}
          sort={list.sort} onSortChange={list.setSort} loading={query.isPending} empty="No loan offices found." />
        <Pagination rowsType="lenders" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
      </Card>
    </Page>
  );
}
