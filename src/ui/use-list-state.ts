import { useCallback, useState } from 'react';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf, type PaginationState } from '../lib/pagination.ts';
import type { SortState } from './data-table.tsx';

/** A server-paged list's page, page size, sort and filters; a new filter or sort starts at page 1. */
export function useListState<F extends object>(initialFilter: F, initialSort: SortState, rowsPerPage: number = DEFAULT_ROWS_PER_PAGE) {
  const [state, setState] = useState({ page: 1, rowsPerPage, sort: initialSort, filter: initialFilter });
  const setFilter = useCallback((patch: Partial<F>) => setState((s) => ({ ...s, page: 1, filter: { ...s.filter, ...patch } })), []);
  const setSort = useCallback((sort: SortState) => setState((s) => ({ ...s, page: 1, sort })), []);
  const setPaging = useCallback((p: Pick<PaginationState, 'page' | 'rowsPerPage'>) =>
    setState((s) => ({ ...s, page: p.page, rowsPerPage: p.rowsPerPage })), []);
  return {
    ...state,
    /** What the API module's list call takes. */
    params: { pageIndex: pageIndexOf(state), pageSize: state.rowsPerPage, sort: state.sort, ...state.filter },
    paging: (totalItems: number): PaginationState => ({ page: state.page, rowsPerPage: state.rowsPerPage, totalItems }),
    setFilter, setSort, setPaging,
  };
}
