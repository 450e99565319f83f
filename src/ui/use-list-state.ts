import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';

import { listViewQuery, readListView, writeListView, type ListSpec, type ListView } from '../lib/list-view.ts';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf, type PaginationState } from '../lib/pagination.ts';
import type { SortState } from './data-table.tsx';

/** A server-paged list's page, page size, sort and filters, and what its API call takes. */
export interface ListState<F extends object> {
  page: number;
  rowsPerPage: number;
  sort: SortState;
  filter: F;
  /** What the API module's list call takes. */
  params: { pageIndex: number; pageSize: number; sort: SortState } & F;
  paging: (totalItems: number) => PaginationState;
  /** A new filter starts at page 1. */
  setFilter: (patch: Partial<F>) => void;
  /** A new sort starts at page 1. */
  setSort: (sort: SortState) => void;
  setPaging: (p: Pick<PaginationState, 'page' | 'rowsPerPage'>) => void;
}

type View<F extends object> = Omit<ListView<Record<string, string>>, 'filter'> & { filter: F };

/** The view with its API parameters and the setters that change it through `update`. */
function useListApi<F extends object>(view: View<F>, update: (change: (v: View<F>) => View<F>) => void): ListState<F> {
  const setFilter = useCallback(
    (patch: Partial<F>) => update((s) => ({ ...s, page: 1, filter: { ...s.filter, ...patch } })),
    [update],
  );
  const setSort = useCallback((sort: SortState) => update((s) => ({ ...s, page: 1, sort })), [update]);
  const setPaging = useCallback(
    (p: Pick<PaginationState, 'page' | 'rowsPerPage'>) =>
      update((s) => ({ ...s, page: p.page, rowsPerPage: p.rowsPerPage })),
    [update],
  );
  return {
    ...view,
    params: { pageIndex: pageIndexOf(view), pageSize: view.rowsPerPage, sort: view.sort, ...view.filter },
    paging: (totalItems: number): PaginationState => ({ page: view.page, rowsPerPage: view.rowsPerPage, totalItems }),
    setFilter,
    setSort,
    setPaging,
  };
}

/** List state kept in the component: for a list inside another screen (a tab), whose URL is not its own. */
export function useListState<F extends object>(
  initialFilter: F,
  initialSort: SortState,
  rowsPerPage: number = DEFAULT_ROWS_PER_PAGE,
): ListState<F> {
  const [view, setView] = useState<View<F>>({ page: 1, rowsPerPage, sort: initialSort, filter: initialFilter });
  return useListApi(view, setView);
}

/** A list whose view is the URL's: also what a saved view keeps, and the way to put one in force. */
export interface UrlListState<F extends object> extends ListState<F> {
  /** The filters and sort as a query string (no paging, defaults left out, names in order). */
  viewQuery: string;
  /** Puts a saved view's filters and sort (its query string; '' clears them) in force, from page 1. */
  apply: (query: string) => void;
}

/**
 * List state kept in the URL query (filters by name, `sort=key,ASC|DESC`, `page`, `rows`; defaults left
 * out), so a link reproduces the view. For a screen that is a list; `spec` should be a module constant.
 */
export function useUrlListState<F extends Record<string, string>>(spec: ListSpec<F>): UrlListState<F> {
  const [query, setQuery] = useSearchParams();
  const search = query.toString();
  const view = useMemo(() => readListView(new URLSearchParams(search), spec), [search, spec]);
  const update = useCallback(
    (change: (v: View<F>) => View<F>) => {
      setQuery((prev) => writeListView(change(readListView(prev, spec)), spec, prev), { replace: true });
    },
    [setQuery, spec],
  );
  const apply = useCallback(
    (saved: string) => {
      const next = readListView(new URLSearchParams(saved), spec);
      setQuery(
        (prev) => writeListView({ ...next, page: 1, rowsPerPage: readListView(prev, spec).rowsPerPage }, spec, prev),
        { replace: true },
      );
    },
    [setQuery, spec],
  );
  const viewQuery = useMemo(() => listViewQuery(view, spec), [view, spec]);
  return { ...useListApi(view, update), viewQuery, apply };
}
