import { BrokerageOnly } from '../../widgets/brokerage-only.tsx';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { brokerReferralsQueryOptions } from '../../api/broker-referrals.ts';
import type { BrokerReferral } from '../../contract/broker-referrals.ts';
import { daysText } from '../../lib/format.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { formatDateTime, personName } from '../../lib/format.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { ListFreshness, NeedsConnection } from '../../widgets/list-freshness.tsx';
import { SavedViews } from '../../widgets/saved-views.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useIsMobile } from '../../ui/media.ts';
import { useUrlListState } from '../../ui/use-url-list-state.ts';
import { useBrokerageScope } from '../../session/brokerage-scope.ts';
import * as own from './my-referrals.css.ts';
import { cardColumns } from './referral-cards.tsx';
import { NO_FILTER, ReferralFilters, stageFilterText } from './referral-filters.tsx';
import { SelectionBar, SelectReferral, useReferralSelection, type ReferralSelection } from './referral-selection.tsx';
import { enumLabel } from '../../contract/labels.ts';

const SORT_KEYS = ['updated', 'prospect', 'type', 'stage', 'agent', 'overdue'] as const;
const SORT_CHOICES = [
  { key: 'updated', desc: true, label: 'Recently updated' },
  { key: 'overdue', desc: true, label: 'Most overdue first' },
  { key: 'prospect', desc: false, label: 'Prospect (A–Z)' },
  { key: 'agent', desc: false, label: 'Agent (A–Z)' },
  { key: 'stage', desc: false, label: 'Stage' },
  { key: 'type', desc: false, label: 'Type' },
];

const columnsWith = (selection: ReferralSelection): Column<BrokerReferral>[] => [
  { key: 'select', header: 'Select', cell: (r) => <span className={own.selectCell}><SelectReferral row={r} selection={selection} /></span> },
  { key: 'prospect', header: 'Prospect', sortKey: 'prospect', cell: (r) => (
    <Link href={pathTo('my-referral-view', { referralId: r.id })}>{personName(r.prospect.name.first, r.prospect.name.last, 'Not Available')}</Link>
  ) },
  { key: 'type', header: 'Type', sortKey: 'type', cell: (r) => enumLabel('referralType', r.type) },
  { key: 'stage', header: 'Stage', sortKey: 'stage', cell: (r) => stageLabel(r.stage) },
  { key: 'agent', header: 'Agent', sortKey: 'agent', cell: (r) => (
    <Link href={pathTo('view-my-agent', { id: r.agentId })}>{r.agentName ?? 'Not Available'}</Link>
  ) },
  { key: 'updated', header: 'Updated', sortKey: 'updated', cell: (r) => formatDateTime(r.updated) },
  { key: 'overdue', header: 'Overdue', sortKey: 'overdue', cell: (r) => (r.overdue ? <Badge tone="danger">{daysText(r.daysOverdue)}</Badge> : '-') },
];

/**
 * My Referrals: the brokerage's referrals with every filter the overview links with, in the address;
 * ticked referrals (on the table, or the cards on a phone) are reassigned to one agent at once.
 */
function MyReferralsScreenContent() {
  const list = useUrlListState(NO_FILTER, { key: 'updated', desc: true }, SORT_KEYS);
  const mobile = useIsMobile();
  const brokerageId = useBrokerageScope();
  const selection = useReferralSelection();
  const query = useQuery({
    ...brokerReferralsQueryOptions({ pageIndex: list.pageIndex, pageSize: list.rowsPerPage, sort: list.sort, ...list.filter }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.content ?? [];
  const stageText = stageFilterText(list.filter);
  const filtered = Object.values(list.filter).some(Boolean);
  return (
    <Page title="My Referrals">
      <Card>
        <ListToolbar searchLabel="Search referrals" placeholder="Prospect name" search={list.filter.q}
          onSearch={(q) => list.setFilter({ q })} sortChoices={SORT_CHOICES} sort={list.sort} onSort={list.setSort} filtersSet={Object.entries(list.filter).filter(([k, v]) => k !== 'q' && v).length}>
          <ReferralFilters filter={list.filter} onChange={list.setFilter} />
          {filtered && <Button variant="text" onClick={() => list.apply('')}>Clear filters</Button>}
          <span className={styles.toolbarSpacer} />
          <SavedViews list="my-referrals" current={list.viewQuery} onApply={list.apply} />
        </ListToolbar>
        {stageText && <p className={styles.meta}>{stageText}.</p>}
        <ListFreshness updatedAt={query.dataUpdatedAt} failure={query.failureReason} />
        {query.isError && <p role="alert" className={styles.formError}>{query.error.message || 'Whoops, Something went wrong. Try again.'}</p>}
        <NeedsConnection><SelectionBar rows={rows} selection={selection} brokerageId={brokerageId} /></NeedsConnection>
        <DataTable label="Referrals" columns={mobile ? cardColumns(selection) : columnsWith(selection)} rows={rows} rowKey={(r) => r.id}
          sort={list.sort} onSortChange={list.setSort} loading={query.isPending} empty="No referrals match these filters." />
        <Pagination rowsType="referrals" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
      </Card>
    </Page>
  );
}

/** My Referrals, for a brokerage admin or staff impersonating a brokerage. */
export function MyReferralsScreen() {
  return <BrokerageOnly title="My Referrals"><MyReferralsScreenContent /></BrokerageOnly>;
}
