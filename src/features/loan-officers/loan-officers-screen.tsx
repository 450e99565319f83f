import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { canAccess } from '../../access/access.ts';
import { userTypeOf } from '../../access/navigation.ts';
import { pathTo, routeById } from '../../access/route-table.ts';
import { loanOfficerListQueryOptions, refreshLenderData, setLoanOfficerStatus, type OfficerListParams } from '../../api/lender-console.ts';
import { serverMessage } from '../../api/staff.ts';
import type { LoanOfficerRow } from '../../contract/loan-officers.ts';
import { prettify, personName } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-url-list-state.ts';
import { NewLoanOfficerDialog } from './new-loan-officer-dialog.tsx';

export const NO_OFFICERS = 'No loan officers found.';
const SORT_KEYS = ['lastName', 'firstName', 'created', 'status'] as const;

/** The loan office's own admin (or staff impersonating it) adds and deactivates officers. */
export function useLenderWriter(): boolean {
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []);
  const impersonating = useStore(impersonationStore, (i) => i?.target.kind ?? null);
  return userTypeOf({ roles, impersonating }) === 'lender';
}

/** My Loan Officers: search, status filter, sort lastName,ASC, paged; add and (de)activate for the office's admin. */
export function LoanOfficersScreen() {
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []);
  const canOpen = canAccess(roles.map((r) => r.name), routeById('my-loan-officer-view'));
  const writer = useLenderWriter();
  const list = useUrlListState({ name: '', status: '' }, SORT_KEYS, { key: 'lastName', desc: false });
  const params = list.params as OfficerListParams;
  const query = useQuery({ ...loanOfficerListQueryOptions(params), placeholderData: keepPreviousData });
  const [adding, setAdding] = useState(false);
  const [toggling, setToggling] = useState<LoanOfficerRow | null>(null);
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const toggle = useMutation({
    mutationFn: (o: LoanOfficerRow) => setLoanOfficerStatus(o.id, o.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE'),
    onSuccess: (o) => {
      snackbar(`${o.firstName} ${o.lastName} is now ${o.status === 'ACTIVE' ? 'active' : 'inactive'}.`, { tone: 'success' });
      void refreshLenderData(client);
      setToggling(null);
    },
    onError: (err) => { snackbar(serverMessage(err), { tone: 'error' }); setToggling(null); },
  });

  const columns: Column<LoanOfficerRow>[] = [
    {
      key: 'name', header: 'Name', sortKey: 'lastName',
      cell: (o) => (canOpen ? <Link href={pathTo('my-loan-officer-view', { id: o.id })}>{personName(o.firstName, o.lastName)}</Link> : personName(o.firstName, o.lastName)),
    },
    ...(writer ? [] : [{ key: 'office', header: 'Loan Office', cell: (o: LoanOfficerRow) => o.loanOfficeName }]),
    { key: 'nmls', header: 'NMLS ID', cell: (o) => o.nmls ?? '-' },
    { key: 'email', header: 'Email', cell: (o) => o.email ?? '-' },
    { key: 'phone', header: 'Phone', cell: (o) => formatPhone(o.phone) || '-' },
    { key: 'status', header: 'Status', sortKey: 'status', cell: (o) => prettify(o.status) },
    { key: 'open', header: 'Open Referrals', cell: (o) => o.figures.open },
    { key: 'closed', header: 'Closed Loans', cell: (o) => o.figures.closed },
    ...(writer ? [{
      key: 'action', header: 'Actions', cell: (o: LoanOfficerRow) => (
        <Button variant="text" aria-label={`${o.status === 'ACTIVE' ? 'Deactivate' : 'Activate'} ${o.firstName} ${o.lastName}`}
          onClick={() => setToggling(o)}>{o.status === 'ACTIVE' ? 'Deactivate' : 'Activate'}</Button>
      ),
    }] : []),
  ];
  return (
    <Page title="My Loan Officers">
      <Card>
        <div className={styles.toolbar}>
          <SearchField value={list.filter.name} placeholder="Name, email or NMLS ID" onSearch={(name) => list.setFilter({ name })} />
          <SelectField label="Status" value={list.filter.status} onChange={(e) => list.setFilter({ status: e.target.value })}>
            <option value="">All</option>
            <option value="ACTIVE">Active</option>
            <option value="INACTIVE">Inactive</option>
          </SelectField>
          <span className={styles.toolbarSpacer} />
          {writer && <Button onClick={() => setAdding(true)}>Add Loan Officer</Button>}
        </div>
        {query.isError && <p role="alert" className={styles.formError}>Whoops, Something went wrong. Try again.</p>}
        <DataTable label="Loan officers" columns={columns} rows={query.data?.content ?? []} rowKey={(o) => o.id}
          sort={list.sort} onSortChange={list.setSort} loading={query.isPending} empty={NO_OFFICERS} />
        <Pagination rowsType="loan officers" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
      </Card>
      {writer && <NewLoanOfficerDialog open={adding} onOpenChange={setAdding} />}
      <ConfirmDialog open={toggling !== null} onOpenChange={(o) => { if (!o) setToggling(null); }}
        title={toggling?.status === 'ACTIVE' ? 'Deactivate Loan Officer' : 'Activate Loan Officer'}
        description={toggling?.status === 'ACTIVE'
          ? `${toggling.firstName} ${toggling.lastName} will no longer receive referrals; their open referrals go back to Unassigned.`
          : `${toggling?.firstName ?? ''} ${toggling?.lastName ?? ''} can be assigned referrals again.`}
        confirmLabel={toggling?.status === 'ACTIVE' ? 'Deactivate' : 'Activate'} danger={toggling?.status === 'ACTIVE'}
        busy={toggle.isPending} onConfirm={() => { if (toggling) toggle.mutate(toggling); }} />
    </Page>
  );
}
