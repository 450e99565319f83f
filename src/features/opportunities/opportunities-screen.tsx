import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { exportOpportunities, opportunitiesQueryOptions } from '../../api/opportunities.ts';
import { OPPORTUNITY_STATUSES, type Opportunity } from '../../contract/interviews.ts';
import { formatDate, prettify, productFamilyLabel } from '../../lib/format.ts';
import { SelectField } from '../../ui/choice.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { RecentlyViewed } from '../../ui/recent-list.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useListState } from '../../ui/use-list-state.ts';
import { opportunityName } from './opportunity-format.ts';

const COLUMNS: Column<Opportunity>[] = [
  { key: 'name', header: 'Client', sortKey: 'name', cell: (o) => <Link href={pathTo('opportunity-view', { id: o.id })}>{opportunityName(o)}</Link> },
  { key: 'status', header: 'Status', sortKey: 'status', cell: (o) => prettify(o.status) },
  { key: 'type', header: 'Type', cell: (o) => prettify(o.type) },
  { key: 'product', header: 'Product', cell: (o) => productFamilyLabel(o.product) },
  { key: 'brokerage', header: 'Brokerage', cell: (o) => o.brokerageName },
  { key: 'agent', header: 'Agent', cell: (o) => o.agentName ?? '-' },
  { key: 'created', header: 'Created', sortKey: 'created', cell: (o) => formatDate(o.created) },
];

/** Opportunities: wildcard search (`*` for any text) and status filter on the server, newest first. */
export function OpportunitiesScreen() {
  const list = useListState({ q: '', status: '' }, { key: 'created', desc: true });
  const query = useQuery({ ...opportunitiesQueryOptions(list.params), placeholderData: keepPreviousData });
  return (
    <Page title="Opportunities">
      <div className={styles.stack}>
        <RecentlyViewed list="opportunities" hrefFor={(id) => pathTo('opportunity-view', { id })} />
        <Card>
          <div className={styles.toolbar}>
            <SearchField value={list.filter.q} placeholder="Name, email, phone or id" hint="Use * as a wildcard"
              onSearch={(q) => list.setFilter({ q })} />
            <SelectField label="Status" value={list.filter.status} onChange={(e) => list.setFilter({ status: e.target.value })}>
              <option value="">All statuses</option>
              {OPPORTUNITY_STATUSES.map((s) => <option key={s} value={s}>{prettify(s)}</option>)}
            </SelectField>
            <span className={styles.toolbarSpacer} />
            <ExportButton name="opportunities" load={() => exportOpportunities(list.filter)} />
          </div>
          {query.isError && <p role="alert" className={styles.formError}>Whoops, Something went wrong. Try again.</p>}
          <DataTable label="Opportunities" columns={COLUMNS} rows={query.data?.content ?? []} rowKey={(o) => o.id}
            sort={list.sort} onSortChange={list.setSort} loading={query.isPending} empty="No opportunities found." />
          <Pagination rowsType="opportunities" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
        </Card>
      </div>
    </Page>
  );
}
