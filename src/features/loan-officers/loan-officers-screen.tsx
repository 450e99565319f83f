import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { canAccess } from '../../access/access.ts';
import { userTypeOf } from '../../access/navigation.ts';
import { pathTo, routeById } from '../../access/route-table.ts';
import {
  exportLoanOfficers,
  loanOfficerListQueryOptions,
  toggleLoanOfficerWrite,
  type OfficerFilter,
  type OfficerListParams,
} from '../../api/lender-console.ts';
import { serverMessage } from '../../api/staff.ts';
import { useWrite } from '../../api/write.ts';
import { enumLabel } from '../../contract/labels.ts';
import type { LoanOfficerRow } from '../../contract/loan-officers.ts';
import { personName } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { useRecentlyViewed } from '../../session/recently-viewed.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';
import { NewLoanOfficerDialog } from './new-loan-officer-dialog.tsx';

export const NO_OFFICERS = 'No loan officers found.';
const LIST = defineList({
  sort: { key: 'lastName', desc: false }, // spec 2 section 7: GET /lenders-api/loan-officers sorts lastName,ASC
  sortKeys: ['lastName', 'firstName', 'created', 'status'],
  search: { key: 'name', placeholder: 'Name, email or NMLS ID' },
  filters: [
    {
      key: 'status',
      label: 'Status',
      all: 'All',
      options: [
        { value: 'ACTIVE', label: 'Active' },
        { value: 'INACTIVE', label: 'Inactive' },
      ],
    },
  ],
});

/** The loan office's own admin (or staff impersonating it) adds and deactivates officers. */
export function useLenderWriter(): boolean {
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []);
  const impersonating = useStore(impersonationStore, (i) => i?.target.kind ?? null);
  return userTypeOf({ roles, impersonating }) === 'lender';
}

/** My Loan Officers: search, status filter, sort lastName,ASC, paged, CSV export, recently viewed; add and (de)activate for the office's admin. */
export function LoanOfficersScreen() {
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []);
  const canOpen = canAccess(
    roles.map((r) => r.name),
    routeById('my-loan-officer-view'),
  );
  const writer = useLenderWriter();
  const list = useUrlListState(LIST.spec);
  const params = list.params as OfficerListParams;
  const query = useQuery({ ...loanOfficerListQueryOptions(params), placeholderData: keepPreviousData });
  const recent = useRecentlyViewed('loanOfficers');
  const [adding, setAdding] = useState(false);
  const [toggling, setToggling] = useState<LoanOfficerRow | null>(null);
  const snackbar = useSnackbar();
  const toggle = useWrite(toggleLoanOfficerWrite, {
    onSuccess: (o) => {
      snackbar(`${o.firstName} ${o.lastName} is now ${o.status === 'ACTIVE' ? 'active' : 'inactive'}.`, {
        tone: 'success',
      });
      setToggling(null);
    },
    onError: (err) => {
      snackbar(serverMessage(err), { tone: 'error' });
      setToggling(null);
    },
  });

  const columns: Column<LoanOfficerRow>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'lastName',
      cell: (o) =>
        canOpen ? (
          <Link href={pathTo('my-loan-officer-view', { id: o.id })}>{personName(o.firstName, o.lastName)}</Link>
        ) : (
          personName(o.firstName, o.lastName)
        ),
    },
    ...(writer ? [] : [{ key: 'office', header: 'Loan Office', cell: (o: LoanOfficerRow) => o.loanOfficeName }]),
    { key: 'nmls', header: 'NMLS ID', cell: (o) => o.nmls ?? '-' },
    { key: 'email', header: 'Email', cell: (o) => o.email ?? '-' },
    { key: 'phone', header: 'Phone', cell: (o) => formatPhone(o.phone) || '-' },
    { key: 'status', header: 'Status', sortKey: 'status', cell: (o) => enumLabel('loanOfficerStatus', o.status) },
    { key: 'open', header: 'Open Referrals', cell: (o) => o.figures.open },
    { key: 'closed', header: 'Closed Loans', cell: (o) => o.figures.closed },
    ...(writer
      ? [
          {
            key: 'action',
            header: 'Actions',
            cell: (o: LoanOfficerRow) => (
              <Button
                variant="text"
                aria-label={`${o.status === 'ACTIVE' ? 'Deactivate' : 'Activate'} ${o.firstName} ${o.lastName}`}
                onClick={() => setToggling(o)}
              >
                {o.status === 'ACTIVE' ? 'Deactivate' : 'Activate'}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ListScreen
        title="My Loan Officers"
        definition={LIST}
        list={list}
        query={query}
        columns={columns}
        rowKey={(o) => o.id}
        label="Loan officers"
        rowsType="loan officers"
        empty={NO_OFFICERS}
        exportAs={{ name: 'loan-officers', load: (f) => exportLoanOfficers(f as OfficerFilter) }}
        recent={canOpen ? { items: recent, hrefFor: (id) => pathTo('my-loan-officer-view', { id }) } : undefined}
        actions={writer ? <Button onClick={() => setAdding(true)}>Add Loan Officer</Button> : undefined}
      />
      {writer && <NewLoanOfficerDialog open={adding} onOpenChange={setAdding} />}
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(o) => {
          if (!o) setToggling(null);
        }}
        title={toggling?.status === 'ACTIVE' ? 'Deactivate Loan Officer' : 'Activate Loan Officer'}
        description={
          toggling?.status === 'ACTIVE'
            ? `${toggling.firstName} ${toggling.lastName} will no longer receive referrals; their open referrals go back to Unassigned.`
            : `${toggling?.firstName ?? ''} ${toggling?.lastName ?? ''} can be assigned referrals again.`
        }
        confirmLabel={toggling?.status === 'ACTIVE' ? 'Deactivate' : 'Activate'}
        danger={toggling?.status === 'ACTIVE'}
        busy={toggle.isPending}
        onConfirm={() => {
          if (toggling) toggle.mutate(toggling);
        }}
      />
    </>
  );
}
