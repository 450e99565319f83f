import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { brokerReferralsQueryOptions } from '../../api/broker-referrals.ts';
import type { BrokerReferral } from '../../contract/broker-referrals.ts';
import { enumLabel } from '../../contract/labels.ts';
import { daysText, formatDateTime, personName } from '../../lib/format.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { useBrokerageScope } from '../../session/brokerage-scope.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { useIsMobile } from '../../ui/media.ts';
import * as styles from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { BrokerageOnly } from '../../widgets/brokerage-only.tsx';
import { NeedsConnection } from '../../widgets/list-freshness.tsx';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';
import { SavedViews } from '../../widgets/saved-views.tsx';
import * as own from './my-referrals.css.ts';
import { cardColumns } from './referral-cards.tsx';
import { REFERRAL_FILTER_KEYS, ReferralFilters, stageFilterText } from './referral-filters.tsx';
import { SelectionBar, SelectReferral, useReferralSelection, type ReferralSelection } from './referral-selection.tsx';

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
  {
    key: 'select',
    header: 'Select',
    cell: (r) => (
      <span className={own.selectCell}>
        <SelectReferral row={r} selection={selection} />
      </span>
    ),
  },
  {
    key: 'prospect',
    header: 'Prospect',
    sortKey: 'prospect',
    cell: (r) => (
      <Link href={pathTo('my-referral-view', { referralId: r.id })}>
        {personName(r.prospect.name.first, r.prospect.name.last, 'Not Available')}
      </Link>
    ),
  },
  { key: 'type', header: 'Type', sortKey: 'type', cell: (r) => enumLabel('referralType', r.type) },
  { key: 'stage', header: 'Stage', sortKey: 'stage', cell: (r) => stageLabel(r.stage) },
  {
    key: 'agent',
    header: 'Agent',
    sortKey: 'agent',
    cell: (r) => <Link href={pathTo('view-my-agent', { id: r.agentId })}>{r.agentName ?? 'Not Available'}</Link>,
  },
  { key: 'updated', header: 'Updated', sortKey: 'updated', cell: (r) => formatDateTime(r.updated) },
  {
    key: 'overdue',
    header: 'Overdue',
    sortKey: 'overdue',
    cell: (r) => (r.overdue ? <Badge tone="danger">{daysText(r.daysOverdue)}</Badge> : '-'),
  },
];

const MY_REFERRALS_LIST = defineList({
  sort: { key: 'updated', desc: true },
  sortKeys: SORT_KEYS,
  search: { key: 'q', label: 'Search referrals', placeholder: 'Prospect name' },
  fields: REFERRAL_FILTER_KEYS,
});

const failureText = (failure: unknown) =>
  (failure instanceof Error && failure.message) || 'Whoops, Something went wrong. Try again.';

/**
 * My Referrals: the brokerage's referrals with every filter the overview links with, in the address;
 * ticked referrals (on the table, or the cards on a phone) are reassigned to one agent at once.
 */
function MyReferralsScreenContent() {
  const list = useUrlListState(MY_REFERRALS_LIST.spec);
  const mobile = useIsMobile();
  const brokerageId = useBrokerageScope();
  const selection = useReferralSelection();
  const query = useQuery({ ...brokerReferralsQueryOptions(list.params), placeholderData: keepPreviousData });
  const rows = query.data?.content ?? [];
  const stageText = stageFilterText(list.filter);
  const filtered = Object.values(list.filter).some(Boolean);
  return (
    <ListScreen
      title="My Referrals"
      definition={MY_REFERRALS_LIST}
      list={list}
      query={query}
      rowKey={(r) => r.id}
      columns={mobile ? cardColumns(selection) : columnsWith(selection)}
      sortChoices={SORT_CHOICES}
      label="Referrals"
      rowsType="referrals"
      empty="No referrals match these filters."
      error={failureText}
      fields={
        <>
          <ReferralFilters filter={list.filter} onChange={list.setFilter} />
          {filtered && (
            <Button variant="text" onClick={() => list.apply('')}>
              Clear filters
            </Button>
          )}
        </>
      }
      views={<SavedViews list="my-referrals" current={list.viewQuery} onApply={list.apply} />}
      beforeTable={
        <>
          {stageText && <p className={styles.meta}>{stageText}.</p>}
          <NeedsConnection>
            <SelectionBar rows={rows} selection={selection} brokerageId={brokerageId} />
          </NeedsConnection>
        </>
      }
    />
  );
}

/** My Referrals, for a brokerage admin or staff impersonating a brokerage. */
export function MyReferralsScreen() {
  return (
    <BrokerageOnly title="My Referrals">
      <MyReferralsScreenContent />
    </BrokerageOnly>
  );
}
