import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { canAccess } from '../../access/access.ts';
import { userTypeOf } from '../../access/navigation.ts';
import { pathTo, routeById } from '../../access/route-table.ts';
import { activeOfficersQueryOptions, lenderReferralListQueryOptions, type ReferralListParams } from '../../api/lender-console.ts';
import type { LenderReferralRow } from '../../contract/lender-referrals.ts';
import { LENDER_STEP_LABELS, LENDER_STEPS } from '../../lib/lender-steps.ts';
import { formatDate, personName } from '../../lib/format.ts';
import { useStore } from '../../session/persisted-store.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import { SelectField } from '../../ui/choice.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-url-list-state.ts';

export const NO_REFERRALS = 'No referrals found.';
const SORT_KEYS = ['received', 'updated', 'status', 'buyer'] as const;

/** My Referrals of a loan office: the opportunities transferred to it, filtered by step and loan officer. */
export function LenderReferralsScreen() {
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []);
  const impersonating = useStore(impersonationStore, (i) => i?.target.kind ?? null);
  const lender = userTypeOf({ roles, impersonating }) === 'lender';
  const canOpen = canAccess(roles.map((r) => r.name), routeById('lender-referral-view')) || lender;
  const list = useUrlListState({ name: '', status: '', officer: '', office: '' }, SORT_KEYS, { key: 'received', desc: true });
  const query = useQuery({ ...lenderReferralListQueryOptions(list.params as ReferralListParams), placeholderData: keepPreviousData });
  const officers = useQuery(activeOfficersQueryOptions());

  const columns: Column<LenderReferralRow>[] = [
    {
      key: 'buyer', header: 'Buyer', sortKey: 'buyer', cell: (r) => {
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
  return (
    <Page title="My Referrals">
      <Card>
        <div className={styles.toolbar}>
          <SearchField value={list.filter.name} placeholder="Buyer name, email or phone" onSearch={(name) => list.setFilter({ name })} />
          <SelectField label="Status" value={list.filter.status} onChange={(e) => list.setFilter({ status: e.target.value })}>
            <option value="">All</option>
            {LENDER_STEPS.map((s) => <option key={s} value={s}>{LENDER_STEP_LABELS[s]}</option>)}
          </SelectField>
          <SelectField label="Loan Officer" value={list.filter.officer} onChange={(e) => list.setFilter({ officer: e.target.value })}>
            <option value="">All</option>
            <option value="none">Unassigned</option>
            {(officers.data?.content ?? []).map((o) => <option key={o.id} value={String(o.id)}>{personName(o.firstName, o.lastName)}</option>)}
            {/* A filter from a link to an officer no longer listed (inactive) still names something. */}
            {list.filter.officer && list.filter.officer !== 'none' && !officers.data?.content.some((o) => String(o.id) === list.filter.officer)
              && <option value={list.filter.officer}>Loan officer {list.filter.officer}</option>}
          </SelectField>
        </div>
        {query.isError && <p role="alert" className={styles.formError}>Whoops, Something went wrong. Try again.</p>}
        <DataTable label="Lender referrals" columns={columns} rows={query.data?.content ?? []} rowKey={(r) => r.id}
          sort={list.sort} onSortChange={list.setSort} loading={query.isPending} empty={NO_REFERRALS} />
        <Pagination rowsType="referrals" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
      </Card>
    </Page>
  );
}
