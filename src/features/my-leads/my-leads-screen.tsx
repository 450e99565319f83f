import { BrokerageOnly } from '../../widgets/brokerage-only.tsx';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ListFreshness, listFailure } from '../../widgets/list-freshness.tsx';
import { Link, useLocation, useSearch } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { myLeadsQueryOptions } from '../../api/my-leads.ts';
import { OPPORTUNITY_STATUSES, type BrokerLead } from '../../contract/interviews.ts';
import { statusLabel } from '../../lib/opportunity-status.ts';
import { formatDateTime, personName } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { SavedViews } from '../../widgets/saved-views.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-url-list-state.ts';
import { LeadSideView } from './lead-side-view.tsx';
import { enumLabel } from '../../contract/labels.ts';

const SORT_KEYS = ['created', 'assignedAt'] as const;
const SORT_CHOICES = [
  { key: 'created', desc: true, label: 'Newest first' },
  { key: 'created', desc: false, label: 'Oldest first' },
  { key: 'assignedAt', desc: true, label: 'Recently assigned' },
];
type Filter = { status: string; leadType: string; product: string; q: string };
const NO_FILTER: Filter = { status: '', leadType: '', product: '', q: '' };

/** My Leads: the brokerage's leads across the main area, with the overview's status and lead-type filters; a row opens its lead view over the list. */
function MyLeadsScreenContent({ params }: { params: Record<string, string> }) {
  const list = useUrlListState(NO_FILTER, { key: 'created', desc: true }, SORT_KEYS);
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useQuery({ ...myLeadsQueryOptions({ pageIndex: list.pageIndex, pageSize: list.rowsPerPage, sort: list.sort, ...list.filter }), placeholderData: keepPreviousData });
  const openId = params['id'];
  const withQuery = (path: string) => (search ? `${path}?${search}` : path);
  const several = list.filter.status.includes(',');
  const columns: Column<BrokerLead>[] = [
    { key: 'name', header: 'Name', cell: (l) => (
      <Link href={withQuery(pathTo('my-lead-view', { id: l.opportunity.id }))} aria-current={String(l.opportunity.id) === openId ? 'true' : undefined}>
        {personName(l.contact.nameFirst, l.contact.nameLast)}
      </Link>
    ) },
    { key: 'status', header: 'Status', cell: (l) => statusLabel(l.opportunity.status) },
    { key: 'type', header: 'Type', cell: (l) => enumLabel('referralType', l.opportunity.type) },
    { key: 'agent', header: 'Agent', cell: (l) => l.opportunity.agentName ?? '-' },
    { key: 'assigned', header: 'Assigned', sortKey: 'assignedAt', cell: (l) => formatDateTime(l.opportunity.assignedAt) },
    { key: 'created', header: 'Created', sortKey: 'created', cell: (l) => formatDateTime(l.created) },
    { key: 'contacts', header: 'Calls / Texts', cell: (l) => `${l.opportunity.phoneCount} / ${l.opportunity.smsCount}` },
  ];
  return (
    <Page title="My Leads">
      <Card>
        <ListToolbar searchLabel="Search leads" placeholder="Name, email or phone" search={list.filter.q} onSearch={(q) => list.setFilter({ q })}
          sortChoices={SORT_CHOICES} sort={list.sort} onSort={list.setSort} filtersSet={[list.filter.status, list.filter.leadType, list.filter.product].filter(Boolean).length}>
          <SelectField label="Status" value={list.filter.status} onChange={(e) => list.setFilter({ status: e.target.value })}>
            <option value="">All statuses</option>
            {several && <option value={list.filter.status}>{list.filter.status.split(',').map(statusLabel).join(' + ')}</option>}
            {OPPORTUNITY_STATUSES.map((s) => <option key={s} value={s}>{statusLabel(s)}</option>)}
          </SelectField>
          <SelectField label="Lead Type" value={list.filter.leadType} onChange={(e) => list.setFilter({ leadType: e.target.value })}>
            <option value="">Overall Leads</option>
            <option value="NEW">New Leads</option>
            <option value="AGED">Database Leads</option>
          </SelectField>
          <SelectField label="Product" value={list.filter.product} onChange={(e) => list.setFilter({ product: e.target.value })}>
            <option value="">All products</option>
            <option value="PORCHLIGHT">Porchlight Referrals</option>
            <option value="LEAD_GENIUS">IRIS</option>
          </SelectField>
          {Object.values(list.filter).some(Boolean) && <Button variant="text" onClick={() => list.apply('')}>Clear filters</Button>}
          <span className={styles.toolbarSpacer} />
          <SavedViews list="my-leads" current={list.viewQuery} onApply={list.apply} />
        </ListToolbar>
        <ListFreshness updatedAt={query.dataUpdatedAt} failure={query.failureReason} />
        {query.isError && listFailure(query.error) && <p role="alert" className={styles.formError}>{listFailure(query.error)}</p>}
        <DataTable label="Leads" columns={columns} rows={query.data?.content ?? []} rowKey={(l) => l.opportunity.id}
          sort={list.sort} onSortChange={list.setSort} loading={query.isPending} empty="No leads match these filters." />
        <Pagination rowsType="leads" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
      </Card>
      {openId && <LeadSideView id={openId} onClose={() => navigate(withQuery(pathTo('my-leads')))} />}
    </Page>
  );
}

/** My Leads, for a brokerage admin or staff impersonating a brokerage. */
export function MyLeadsScreen(props: { params: Record<string, string> }) {
  return <BrokerageOnly title="My Leads"><MyLeadsScreenContent {...props} /></BrokerageOnly>;
}
