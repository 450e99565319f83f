import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import type { ListSort, ListSpec } from '../lib/list-view.ts';
import { SelectField } from '../ui/choice.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { ExportButton } from '../ui/export-button.tsx';
import { Card, Page } from '../ui/layout.tsx';
import { ListFilters } from '../ui/list-filters.tsx';
import { sortChoicesOf, SortDialog, type SortChoice } from '../ui/list-sort-dialog.tsx';
import { useIsMobile } from '../ui/media.ts';
import { Pagination } from '../ui/pagination.tsx';
import { RecentlyViewed, type RecentLink } from '../ui/recent-list.tsx';
import { SearchField } from '../ui/search-field.tsx';
import * as styles from '../ui/staff.css.ts';
import { useTopBarActions } from '../ui/top-bar-actions.tsx';
import type { ListState } from '../ui/use-list-state.ts';
import { ListFreshness, NeedsConnection } from './list-freshness.tsx';

// The scaffold every list screen starts from (docs/CONTRIBUTING.md): recently viewed, a toolbar with
// search, filters and export, the table, the spec's pagination control, and the view in the URL.
//
//   const LIST = defineList({ sort: { key: 'name', desc: false }, sortKeys: ['name', 'created'],
//     search: { key: 'name', placeholder: 'Agent name' },
//     filters: [{ key: 'status', label: 'Status', all: 'All statuses', options: [...] }] });
//   export function ThingsScreen() {
//     const list = useUrlListState(LIST.spec);
//     const query = useQuery({ ...thingsQueryOptions(list.params), placeholderData: keepPreviousData });
//     return <ListScreen title="Things" definition={LIST} list={list} query={query} columns={COLUMNS} ... />;
//   }

export interface ListOption {
  value: string;
  label: string;
}

/** A select of the toolbar: `all` is the first option, the empty value ("no filter"). */
export interface ListFilter<K extends string = string> {
  key: K;
  label: string;
  all: string;
  options: readonly ListOption[];
}

export interface ListSearch<K extends string = string> {
  key: K;
  /** The field's visible label and accessible name: "Search" unless told. */
  label?: string;
  placeholder?: string;
  hint?: string;
}

export interface ListDefinition<F extends Record<string, string>> {
  /** What `useUrlListState` reads and writes. */
  spec: ListSpec<F>;
  search: ListSearch<keyof F & string> | undefined;
  filters: readonly ListFilter<keyof F & string>[];
}

/**
 * A list's search, filters, default sort and sortable keys, as a module constant. Filters are URL
 * parameters named by their keys; a filter value not among its options falls back to "all".
 */
export function defineList<S extends string = never, K extends string = never, E extends string = never>(d: {
  sort: ListSort;
  /** The columns' `sortKey`s: another sort in the URL falls back to `sort`. */
  sortKeys: readonly string[];
  search?: ListSearch<S>;
  filters?: readonly ListFilter<K>[];
  /** Filters the screen draws itself (`ListScreen`'s `fields`): URL parameters taken as they come. */
  fields?: readonly E[];
  rowsPerPage?: number;
}): ListDefinition<Record<S | K | E, string>> {
  const filters = d.filters ?? [];
  const filter = {} as Record<S | K | E, string>;
  if (d.search) filter[d.search.key] = '';
  for (const key of d.fields ?? []) filter[key] = '';
  const options: Partial<Record<S | K | E, readonly string[]>> = {};
  for (const f of filters) {
    filter[f.key] = '';
    options[f.key] = f.options.map((o) => o.value);
  }
  return {
    spec: {
      filter,
      sort: d.sort,
      sortKeys: d.sortKeys,
      options,
      ...(d.rowsPerPage ? { rowsPerPage: d.rowsPerPage } : {}),
    },
    search: d.search,
    filters,
  };
}

/** The part of a query result the scaffold reads (a TanStack `useQuery` result fits). */
export interface ListQuery<T> {
  data?: { content: readonly T[]; totalElements: number } | undefined;
  isPending: boolean;
  isError: boolean;
  error?: unknown;
  /** When the answer shown was fetched, and why the latest attempt failed (a TanStack result has both). */
  dataUpdatedAt?: number;
  failureReason?: unknown;
}

export interface ListScreenProps<T, F extends Record<string, string>> {
  /** The page title (the top bar shows it). */
  title: string;
  definition: ListDefinition<F>;
  list: ListState<F>;
  query: ListQuery<T>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** The table's accessible name. */
  label: string;
  /** The pagination control's row type, plural and lower case. */
  rowsType: string;
  /** The spec's empty-state text. */
  empty: string;
  /** The CSV export of the filtered list: the file name and the API module's export call. */
  exportAs?: { name: string; load: (filter: F) => Promise<string> } | undefined;
  /** Recently viewed records (`useRecentlyViewed` of `src/session/recently-viewed.ts`). */
  recent?: { items: readonly RecentLink[]; hrefFor: (id: RecentLink['id']) => string; title?: string } | undefined;
  /** The card's first row, above the toolbar (a heading with links and buttons). */
  header?: ReactNode;
  /** More toolbar controls (an "Invite" button ...), after the filters; they need a connection. */
  actions?: ReactNode;
  /** Controls at the toolbar's end that work offline too (saved views). */
  views?: ReactNode;
  /** What the phone's Sort dialog offers, when the columns' ascending/descending pairs are not the words. */
  sortChoices?: readonly SortChoice[];
  /** Between the toolbar and the table: a line saying what the filters mean, a bar acting on ticked rows. */
  beforeTable?: ReactNode;
  /** After the list's card: a side view or a dialog the screen opens. */
  children?: ReactNode;
  /**
   * Filter inputs the definition's selects cannot express (a date range, a select whose options are
   * loaded), right after them; their values are filter keys of the list's spec, like the others.
   */
  fields?: ReactNode;
  /**
   * The spec's load-failure message of this list, if it has its own; or the message for a failure
   * (null: none, the offline line says it).
   */
  error?: string | ((failure: unknown) => string | null) | undefined;
}

/**
 * A list screen: recently viewed, toolbar (search, filters, export), table, pagination. Below 768 px
 * the top bar's Search goes to the search box and its Sort opens a dialog of the sortable columns,
 * the filters wait behind one "Filters (n)" button, and the table's rows become cards (data-table.tsx).
 */
export function ListScreen<T, F extends Record<string, string>>({
  title,
  definition,
  list,
  query,
  columns,
  rowKey,
  label,
  rowsType,
  empty,
  exportAs,
  recent,
  header,
  actions,
  views,
  sortChoices: ownChoices,
  beforeTable,
  children,
  fields,
  error,
}: ListScreenProps<T, F>) {
  const { search, filters } = definition;
  const setFilter = (key: keyof F & string, value: string) => list.setFilter({ [key]: value } as Partial<F>);
  const toolbar = useRef<HTMLDivElement>(null);
  const [sortOpen, setSortOpen] = useState(false);
  const sortChoices = useMemo(() => ownChoices ?? sortChoicesOf(columns), [ownChoices, columns]);
  // Below 768 px the top bar's Search is the one way in: the box shows when it is asked for (or holds a
  // search), not beside the top bar's button as a second search.
  const mobile = useIsMobile();
  const [searchOpen, setSearchOpen] = useState(false);
  const [focusSearch, setFocusSearch] = useState(0);
  const goToSearch = useCallback(() => {
    setSearchOpen(true);
    setFocusSearch((n) => n + 1);
  }, []);
  useEffect(() => {
    if (focusSearch === 0) return;
    toolbar.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus(); // focusing scrolls it into view
  }, [focusSearch]);
  const openSort = useCallback(() => setSortOpen(true), []);
  useTopBarActions({
    ...(search ? { onSearch: goToSearch } : {}),
    ...(sortChoices.length > 0 ? { onSort: openSort } : {}),
  });
  // Every filter of the spec but the search box: the definition's selects and the screen's own fields.
  const filtersSet = Object.entries(list.filter).filter(([key, value]) => key !== search?.key && value !== '').length;
  const failure =
    typeof error === 'function' ? error(query.error) : (error ?? 'Whoops, Something went wrong. Try again.');
  return (
    <Page title={title}>
      <div className={styles.stack}>
        {recent && (
          <RecentlyViewed
            items={recent.items}
            hrefFor={recent.hrefFor}
            {...(recent.title ? { title: recent.title } : {})}
          />
        )}
        <Card>
          {header}
          <div className={styles.toolbar} ref={toolbar}>
            {search && (!mobile || searchOpen || (list.filter[search.key] ?? '') !== '') && (
              <SearchField
                label={search.label}
                value={list.filter[search.key] ?? ''}
                placeholder={search.placeholder}
                hint={search.hint}
                onSearch={(value) => setFilter(search.key, value)}
              />
            )}
            {(filters.length > 0 || fields) && (
              <ListFilters count={filtersSet}>
                {filters.map((f) => (
                  <SelectField
                    key={f.key}
                    label={f.label}
                    value={list.filter[f.key] ?? ''}
                    onChange={(e) => setFilter(f.key, e.target.value)}
                  >
                    <option value="">{f.all}</option>
                    {f.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </SelectField>
                ))}
                {fields}
              </ListFilters>
            )}
            {(actions || exportAs || views) && <span className={styles.toolbarSpacer} />}
            {(actions || exportAs) && (
              <NeedsConnection>
                {actions}
                {exportAs && <ExportButton name={exportAs.name} load={() => exportAs.load(list.filter)} />}
              </NeedsConnection>
            )}
            {views}
          </div>
          <ListFreshness updatedAt={query.dataUpdatedAt ?? 0} failure={query.failureReason} />
          {query.isError && failure && (
            <p role="alert" className={styles.formError}>
              {failure}
            </p>
          )}
          {beforeTable}
          <DataTable
            label={label}
            columns={columns}
            rows={query.data?.content ?? []}
            rowKey={rowKey}
            sort={list.sort}
            onSortChange={list.setSort}
            loading={query.isPending}
            empty={empty}
          />
          <Pagination
            rowsType={rowsType}
            state={list.paging(query.data?.totalElements ?? 0)}
            onChange={list.setPaging}
          />
          {sortChoices.length > 0 && (
            <SortDialog
              open={sortOpen}
              onOpenChange={setSortOpen}
              choices={sortChoices}
              sort={list.sort}
              onSort={list.setSort}
            />
          )}
        </Card>
      </div>
      {children}
    </Page>
  );
}
