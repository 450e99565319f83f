// The pagination control's state and rules (spec 2 sections 2 and 4), shared by every list.

export const ROWS_PER_PAGE_OPTIONS = [10, 20, 40] as const;
export const DEFAULT_ROWS_PER_PAGE = 10;

export interface PaginationState {
  /** 1-based. */
  page: number;
  rowsPerPage: number;
  totalItems: number;
  descending?: boolean;
  sortBy?: string;
}

export const initialPagination = (totalItems = 0, rowsPerPage: number = DEFAULT_ROWS_PER_PAGE): PaginationState => ({
  page: 1,
  rowsPerPage,
  totalItems,
});

/** Total items over rows per page, rounded up (0 pages for no items). */
export const pageCount = (s: Pick<PaginationState, 'rowsPerPage' | 'totalItems'>): number =>
  s.rowsPerPage > 0 ? Math.ceil(s.totalItems / s.rowsPerPage) : 0;

export const hasNext = (s: PaginationState): boolean => s.page < pageCount(s);
export const hasPrevious = (s: PaginationState): boolean => s.page > 1;

/** Next page only when below the page count. */
export const nextPage = (s: PaginationState): PaginationState => (hasNext(s) ? { ...s, page: s.page + 1 } : s);
/** Previous page only when above 1. */
export const previousPage = (s: PaginationState): PaginationState => (hasPrevious(s) ? { ...s, page: s.page - 1 } : s);
/** A new page size starts again at page 1. */
export const withRowsPerPage = (s: PaginationState, rowsPerPage: number): PaginationState => ({
  ...s,
  rowsPerPage,
  page: 1,
});

/** Row types written in capitals (the DNC list, QA review). */
const UPPER_CASE_TYPES = ['dnc', 'qa'];

/** How a row type reads: dnc and qa in capitals, others as given. */
export const rowsTypeText = (rowsType: string): string =>
  UPPER_CASE_TYPES.includes(rowsType.toLowerCase()) ? rowsType.toUpperCase() : rowsType;

/** "<Type> per page:" with the type capitalised: Agents per page:, DNC per page:. */
export function perPageLabel(rowsType: string): string {
  const t = rowsTypeText(rowsType);
  return `${t.charAt(0).toUpperCase()}${t.slice(1)} per page:`;
}

/** "start - end of total rowsType", or "-" when there is nothing. */
export function rangeText(s: PaginationState, rowsType: string): string {
  if (s.totalItems <= 0) return '-';
  const start = (s.page - 1) * s.rowsPerPage + 1;
  const end = Math.min(s.page * s.rowsPerPage, s.totalItems);
  return `${start} - ${end} of ${s.totalItems} ${rowsTypeText(rowsType)}`;
}

/** The zero-based page index an API call takes. */
export const pageIndexOf = (s: Pick<PaginationState, 'page'>): number => Math.max(0, s.page - 1);
