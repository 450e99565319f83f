import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { canAccess } from '../../access/access.ts';
import { userTypeOf } from '../../access/navigation.ts';
import { pathTo, routeById } from '../../access/route-table.ts';
import {
  activeOfficersQueryOptions,
  exportLenderReferrals,
  lenderReferralListQueryOptions,
  type ReferralFilter,
  type ReferralListParams,
} from '../../api/lender-console.ts';
import type { LenderReferralRow } from '../../contract/lender-referrals.ts';
import { formatDate, personName } from '../../lib/format.ts';
import { LENDER_STEP_LABELS, LENDER_STEPS } from '../../lib/lender-steps.ts';
import { useStore } from '../../session/persisted-store.ts';
import { useRecentlyViewed } from '../../session/recently-viewed.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import { SelectField } from '../../ui/choice.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';

export const NO_REFERRALS = 'No referrals found.';
const LIST = defineList({
  sort: { key: 'received', desc: true },
  sortKeys: ['received', 'updated', 'status', 'buyer'],
  search: { key: 'name', placeholder: 'Buyer name, email or phone' },
  // Open: every step still being worked, what the overview's Open figure counts.
  filters: [
    {
      key: 'status',
      label: 'Status',
      all: 'All',
      options: [
        { value: 'OPEN', label: 'Open' },
        ...LENDER_STEPS.map((s) => ({ value: s, label: LENDER_STEP_LABELS[s] })),
      ],
    },
  ],
  // The officer ('none': unassigned) and, for staff, the office are URL filters too; their values come from the server.
  // Received From: the overview's Loans Closed and Not Proceeding count the last 12 months and link here with it.
  fields: ['officer', 'office', 'receivedFrom'],
});

/** My Referrals of a loan office: the opportunities transferred to it, filtered by step and loan officer. */
export function LenderReferralsScreen() {
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []);
  const impersonating = useStore(impersonationStore, (i) => i?.target.kind ?? null);
  const lender = userTypeOf({ roles, impersonating }) === 'lender';
  const canOpen =
    canAccess(
      roles.map((r) => r.name),
      routeById('lender-referral-view'),
    ) || lender;
  const list = useUrlListState(LIST.spec);
  const query = useQuery({
    ...lenderReferralListQueryOptions(list.params as ReferralListParams),
    placeholderData: keepPreviousData,
  });
  const officers = useQuery(activeOfficersQueryOptions());
  const recent = useRecentlyViewed('lenderReferrals');

  const columns: Column<LenderReferralRow>[] = [
    {
      key: 'buyer',
      header: 'Buyer',
      sortKey: 'buyer',
      cell: (r) => {
        const buyer = personName(r.buyer.first, r.buyer.last, 'Not Available');
        return canOpen ? <Link href={pathTo('lender-referral-view', { id: r.id })}>{buyer}</Link> : buyer;
      },
    },
    { key: 'agent', header: 'Agent', cell: (r) => r.agent?.name ?? '-' },
    { key: 'brokerage', header: 'Brokerage', cell: (r) => r.brokerage.name },
    ...(lender ? [] : [{ key: 'office', header: 'Loan Office', cell: (r: LenderReferralRow) => r.loanOffice.name }]),
    { key: 'status', header: 'Status', sortKey: 'status', cell: (r) => LENDER_STEP_LABELS[r.status] },
    { key: 'officer', header: 'Loan Officer', cell: (r) => r.loanOfficer?.name ?? 'Unassigned' },
    { key: 'received', header: 'Received', sortKey: 'received', cell: (r) => formatDate(r.received) },
  ];
  const officerFilter = (
    <SelectField
      label="Loan Officer"
      value={list.filter.officer}
      onChange={(e) => list.setFilter({ officer: e.target.value })}
    >
      <option value="">All</option>
      <option value="none">Unassigned</option>
      {(officers.data?.content ?? []).map((o) => (
        <option key={o.id} value={String(o.id)}>
          {personName(o.firstName, o.lastName)}
        </option>
      ))}
      {/* A filter from a link to an officer no longer listed (inactive) still names something. */}
      {list.filter.officer &&
        list.filter.officer !== 'none' &&
        !officers.data?.content.some((o) => String(o.id) === list.filter.officer) && (
          <option value={list.filter.officer}>Loan officer {list.filter.officer}</option>
        )}
    </SelectField>
  );
  return (
    <ListScreen
      title="My Referrals"
      definition={LIST}
      list={list}
      query={query}
      columns={columns}
      rowKey={(r) => r.id}
      label="Lender referrals"
      rowsType="referrals"
      empty={NO_REFERRALS}
      actions={officerFilter}
      fields={
        <TextField
          label="Received From"
          type="date"
          value={list.filter.receivedFrom ?? ''}
          onChange={(e) => list.setFilter({ receivedFrom: e.target.value })}
        />
      }
      exportAs={{ name: 'lender-referrals', load: () => exportLenderReferrals(list.filter as ReferralFilter) }}
      recent={canOpen ? { items: recent, hrefFor: (id) => pathTo('lender-referral-view', { id }) } : undefined}
    />
  );
}
