import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DEFAULT_ROWS_PER_PAGE, ROWS_PER_PAGE_OPTIONS, type PaginationState } from '../lib/pagination.ts';

/**
 * A list's filters, page and page size kept in the address (so a reload, a shared link and the
 * back button show the same list). Values equal to their default are left out of the address;
 * changing a filter goes back to page 1. Updates replace the history entry.
 */
export function useSearchState<K extends string>(defaults: Record<K, string>) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const values = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const k of Object.keys(defaults) as K[]) out[k] = params.get(k) ?? defaults[k];
    return out;
  }, [params, defaults]);
  const rawPage = Number(params.get('page'));
  const rawSize = Number(params.get('rows'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const rowsPerPage = (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_ROWS_PER_PAGE;

  const write = useCallback((patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, val] of Object.entries(patch)) {
      const fallback = k === 'page' ? '1' : k === 'rows' ? String(DEFAULT_ROWS_PER_PAGE) : (defaults as Record<string, string>)[k];
      if (val === undefined || String(val) === '' || String(val) === fallback) next.delete(k); else next.set(k, String(val));
    }
    const qs = next.toString();
    navigate(`${location}${qs ? `?${qs}` : ''}`, { replace: true });
  }, [search, location, navigate, defaults]);

  const setFilter = useCallback((patch: Partial<Record<K, string>>) => write({ ...patch, page: undefined }), [write]);
  const setPaging = useCallback((p: Pick<PaginationState, 'page' | 'rowsPerPage'>) => write({ page: p.page, rows: p.rowsPerPage }), [write]);
  return {
    filter: values, page, rowsPerPage, setFilter, setPaging,
    pageIndex: page - 1,
    paging: (totalItems: number): PaginationState => ({ page, rowsPerPage, totalItems }),
  };
}
