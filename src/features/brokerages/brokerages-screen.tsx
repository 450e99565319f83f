import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { brokeragesQueryOptions, exportBrokerages } from '../../api/brokerages.ts';
import { BROKERAGE_STATUSES, PRODUCT_FAMILIES, type BrokerageSummary } from '../../contract/brokerages.ts';
import { formatDate, prettify, productFamilyLabel } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { SelectField } from '../../ui/choice.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { RecentlyViewed } from '../../ui/recent-list.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useListState } from '../../ui/use-list-state.ts';

const COLUMNS: Column<BrokerageSummary>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', cell: (b) => <Link href={pathTo('brokerage-view', { id: b.id })}>{b.name}</Link> },
  { key: 'status', header: 'Status', sortKey: 'status', cell: (b) => prettify(b.status) },
  { key: 'products', header: 'Products', cell: (b) => b.product.map((p) => productFamilyLabel(p.productFamily)).join(', ') },
  { key: 'agents', header: 'Agents', cell: (b) => b.agentCount },
  { key: 'location', header: 'Location', cell: (b) => [b.city, b.state].filter(Boolean).join(', ') || '-' },
  { key: 'email', header: 'Email', cell: (b) => b.email ?? '-' },
  { key: 'phone', header: 'Phone', cell: (b) => formatPhone(b.phone) || '-' },
  { key: 'created', header: 'Created', sortKey: 'created', cell: (b) => formatDate(b.created) },
];

/** Brokers: the brokerages, searched by name and filtered by product family and status on the server. */
export function BrokeragesScreen() {
  const list = useListState({ name: '', productFamily: '', status: '' }, { key: 'name', desc: false });
  const query = useQuery({ ...brokeragesQueryOptions(list.params), placeholderData: keepPreviousData });
  return (
    <Page title="Brokers">
      <div className={styles.stack}>
        <RecentlyViewed list="brokerages" hrefFor={(id) => pathTo('brokerage-view', { id })} />
        <Card>
          <div className={styles.toolbar}>
            <SearchField value={list.filter.name} placeholder="Brokerage name" onSearch={(name) => list.setFilter({ name })} />
            <SelectField label="Product Family" value={list.filter.productFamily} onChange={(e) => list.setFilter({ productFamily: e.target.value })}>
              <option value="">All products</option>
              {PRODUCT_FAMILIES.map((f) => <option key={f} value={f}>{productFamilyLabel(f)}</option>)}
            </SelectField>
            <SelectField label="Status" value={list.filter.status} onChange={(e) => list.setFilter({ status: e.target.value })}>
              <option value="">All statuses</option>
              {BROKERAGE_STATUSES.map((s) => <option key={s} value={s}>{prettify(s)}</option>)}
            </SelectField>
            <span className={styles.toolbarSpacer} />
            <ExportButton name="brokerages" load={() => exportBrokerages(list.filter)} />
          </div>
          {query.isError && <p role="alert" className={styles.formError}>Whoops, Something went wrong. Try again.</p>}
          <DataTable label="Brokerages" columns={COLUMNS} rows={query.data?.content ?? []} rowKey={(b) => b.id}
            sort={list.sort} onSortChange={list.setSort} loading={query.isPending} empty="No brokerages found." />
          <Pagination rowsType="brokerages" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
        </Card>
      </div>
    </Page>
  );
}
