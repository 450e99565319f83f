import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf, ROWS_PER_PAGE_OPTIONS, type PaginationState } from '../lib/pagination.ts';
import type { SortState } from './data-table.tsx';

// A server-paged list whose page, page size, sort and filters live in the URL's query string,
// so a link or a reload reproduces the view (page=2&rows=20&sort=lastName,ASC&status=ACTIVE).
// Defaults are left out of the URL. A new filter or sort starts at page 1.

type Filters = Record<string, string>;

const parseSort = (raw: string | null, keys: readonly string[], fallback: SortState): SortState => {
  const [key, dir] = (raw ?? '').split(',');
  return key && keys.includes(key) && (dir === 'ASC' || dir === 'DESC') ? { key, desc: dir === 'DESC' } : fallback;
};

export function useUrlListState<F extends Filters>(defaults: F, sortKeys: readonly string[], defaultSort: SortState) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => {
    const q = new URLSearchParams(search);
    const page = Math.max(1, Number.parseInt(q.get('page') ?? '1', 10) || 1);
    const rows = Number(q.get('rows'));
    const rowsPerPage = (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(rows) ? rows : DEFAULT_ROWS_PER_PAGE;
    const filter = Object.fromEntries(Object.keys(defaults).map((k) => [k, q.get(k) ?? defaults[k]])) as F;
    return { page, rowsPerPage, sort: parseSort(q.get('sort'), sortKeys, defaultSort), filter };
    // defaults, sortKeys and defaultSort are constants of the screen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const write = useCallback((next: typeof state) => {
    const q = new URLSearchParams();
    for (const [k, val] of Object.entries(next.filter)) if (val !== defaults[k]) q.set(k, val);
    if (next.sort.key !== defaultSort.key || next.sort.desc !== defaultSort.desc) q.set('sort', `${next.sort.key},${next.sort.desc ? 'DESC' : 'ASC'}`);
    if (next.rowsPerPage !== DEFAULT_ROWS_PER_PAGE) q.set('rows', String(next.rowsPerPage));
    if (next.page !== 1) q.set('page', String(next.page));
    const qs = q.toString();
    navigate(qs ? `${location}?${qs}` : location, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location, navigate]);

  return {
    ...state,
    params: { pageIndex: pageIndexOf(state), pageSize: state.rowsPerPage, sort: state.sort, ...state.filter },
    paging: (totalItems: number): PaginationState => ({ page: state.page, rowsPerPage: state.rowsPerPage, totalItems }),
    setFilter: (patch: Partial<F>) => write({ ...state, page: 1, filter: { ...state.filter, ...patch } as F }),
    setSort: (sort: SortState) => write({ ...state, page: 1, sort }),
    setPaging: (p: Pick<PaginationState, 'page' | 'rowsPerPage'>) => write({ ...state, page: p.page, rowsPerPage: p.rowsPerPage }),
  };
}
