import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { myLeadsQueryOptions } from '../../api/my-leads.ts';
import { OPPORTUNITY_STATUSES, type BrokerLead } from '../../contract/interviews.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatDateTime, personName } from '../../lib/format.ts';
import { statusLabel } from '../../lib/opportunity-status.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { BrokerageOnly } from '../../widgets/brokerage-only.tsx';
import { listFailure } from '../../widgets/list-freshness.tsx';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';
import { SavedViews } from '../../widgets/saved-views.tsx';
import { LeadSideView } from './lead-side-view.tsx';

const SORT_KEYS = ['created', 'assignedAt'] as const;
const SORT_CHOICES = [
  { key: 'created', desc: true, label: 'Newest first' },
  { key: 'created', desc: false, label: 'Oldest first' },
  { key: 'assignedAt', desc: true, label: 'Recently assigned' },
];
const MY_LEADS_LIST = defineList({
  sort: { key: 'created', desc: true },
  sortKeys: SORT_KEYS,
  search: { key: 'q', label: 'Search leads', placeholder: 'Name, email or phone' },
  // Drawn here: Status takes the overview's pairs ("A,B") as they come.
  fields: ['status', 'leadType', 'product'],
});

/** My Leads: the brokerage's leads across the main area, with the overview's status and lead-type filters; a row opens its lead view over the list. */
function MyLeadsScreenContent({ params }: { params: Record<string, string> }) {
  const list = useUrlListState(MY_LEADS_LIST.spec);
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useQuery({ ...myLeadsQueryOptions(list.params), placeholderData: keepPreviousData });
  const openId = params['id'];
  const withQuery = (path: string) => (search ? `${path}?${search}` : path);
  const several = list.filter.status.includes(',');
  const columns: Column<BrokerLead>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (l) => (
        <Link
          href={withQuery(pathTo('my-lead-view', { id: l.opportunity.id }))}
          aria-current={String(l.opportunity.id) === openId ? 'true' : undefined}
        >
          {personName(l.contact.nameFirst, l.contact.nameLast)}
        </Link>
      ),
    },
    { key: 'status', header: 'Status', cell: (l) => statusLabel(l.opportunity.status) },
    { key: 'type', header: 'Type', cell: (l) => enumLabel('referralType', l.opportunity.type) },
    { key: 'agent', header: 'Agent', cell: (l) => l.opportunity.agentName ?? '-' },
    {
      key: 'assigned',
      header: 'Assigned',
      sortKey: 'assignedAt',
      cell: (l) => formatDateTime(l.opportunity.assignedAt),
    },
    { key: 'created', header: 'Created', sortKey: 'created', cell: (l) => formatDateTime(l.created) },
    {
      key: 'contacts',
      header: 'Calls / Texts',
      cell: (l) => `${l.opportunity.phoneCount} / ${l.opportunity.smsCount}`,
    },
  ];
  return (
    <ListScreen
      title="My Leads"
      definition={MY_LEADS_LIST}
      list={list}
      query={query}
      columns={columns}
      rowKey={(l) => l.opportunity.id}
      label="Leads"
      rowsType="leads"
      empty="No leads match these filters."
      error={listFailure}
      sortChoices={SORT_CHOICES}
      fields={
        <>
          <SelectField
            label="Status"
            value={list.filter.status}
            onChange={(e) => list.setFilter({ status: e.target.value })}
          >
            <option value="">All statuses</option>
            {several && (
              <option value={list.filter.status}>{list.filter.status.split(',').map(statusLabel).join(' + ')}</option>
            )}
            {OPPORTUNITY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Lead Type"
            value={list.filter.leadType}
            onChange={(e) => list.setFilter({ leadType: e.target.value })}
          >
            <option value="">Overall Leads</option>
            <option value="NEW">New Leads</option>
            <option value="AGED">Database Leads</option>
          </SelectField>
          <SelectField
            label="Product"
            value={list.filter.product}
            onChange={(e) => list.setFilter({ product: e.target.value })}
          >
            <option value="">All products</option>
            <option value="PORCHLIGHT">Porchlight Referrals</option>
            <option value="LEAD_GENIUS">IRIS</option>
          </SelectField>
          {Object.values(list.filter).some(Boolean) && (
            <Button variant="text" onClick={() => list.apply('')}>
              Clear filters
            </Button>
          )}
        </>
      }
      views={<SavedViews list="my-leads" current={list.viewQuery} onApply={list.apply} />}
    >
      {openId && <LeadSideView id={openId} onClose={() => navigate(withQuery(pathTo('my-leads')))} />}
    </ListScreen>
  );
}

/** My Leads, for a brokerage admin or staff impersonating a brokerage. */
export function MyLeadsScreen(props: { params: Record<string, string> }) {
  return (
    <BrokerageOnly title="My Leads">
      <MyLeadsScreenContent {...props} />
    </BrokerageOnly>
  );
}
