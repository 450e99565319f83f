import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DEFAULT_ROWS_PER_PAGE, ROWS_PER_PAGE_OPTIONS, type PaginationState } from '../lib/pagination.ts';
import type { SortState } from './data-table.tsx';

/**
 * A server-paged list whose filters, sort and page live in the address (`?status=X&sort=name&order=desc&page=2&rows=20`),
 * so a dashboard link, a reload, a shared link, Back and a saved view all restore the same list.
 * Defaults are left out of the address; a new filter or sort starts again at page 1.
 */
export function useUrlListState<F extends Record<string, string>>(defaults: F, defaultSort: SortState, sortKeys: readonly string[]) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);

  const filter = useMemo(() => Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, params.get(k) ?? d])) as F,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults are a literal of the screen
    [params]);
  const rawSort = params.get('sort');
  const sort: SortState = rawSort && sortKeys.includes(rawSort)
    ? { key: rawSort, desc: params.get('order') === 'desc' }
    : defaultSort;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const rows = Number(params.get('rows'));
  const rowsPerPage = (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(rows) ? rows : DEFAULT_ROWS_PER_PAGE;

  const update = useCallback((patch: Record<string, string | undefined>, keepPage = false) => {
    const next = new URLSearchParams(search);
    for (const [k, val] of Object.entries(patch)) {
      if (val === undefined || val === '') next.delete(k);
      else next.set(k, val);
    }
    if (!keepPage) next.delete('page');
    const qs = next.toString();
    navigate(qs ? `${location}?${qs}` : location);
  }, [search, location, navigate]);

  const setFilter = useCallback((patch: Partial<F>) => update(patch as Record<string, string | undefined>), [update]);
  const setSort = useCallback((s: SortState) => update({ sort: s.key, order: s.desc ? 'desc' : 'asc' }), [update]);
  const setPaging = useCallback((p: Pick<PaginationState, 'page' | 'rowsPerPage'>) => update({
    page: p.page > 1 ? String(p.page) : undefined,
    rows: p.rowsPerPage !== DEFAULT_ROWS_PER_PAGE ? String(p.rowsPerPage) : undefined,
  }, true), [update]);
  /** Replaces filters and sort with a saved view's (its query string), from page 1. */
  const apply = useCallback((query: string) => navigate(query ? `${location}?${query}` : location), [location, navigate]);

  /** The filters and sort as a query string (no paging): what a saved view stores. */
  const viewQuery = useMemo(() => {
    const q = new URLSearchParams();
    for (const [k, val] of params) if (k in defaults || k === 'sort' || k === 'order') q.set(k, val);
    q.sort();
    return q.toString();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults are a literal of the screen
  }, [params]);

  return {
    filter, sort, page, rowsPerPage, viewQuery,
    pageIndex: page - 1,
    paging: (totalItems: number): PaginationState => ({ page, rowsPerPage, totalItems }),
    setFilter, setSort, setPaging, apply,
  };
}
