import { useCallback, useId, useState } from 'react';

import {
  hasNext,
  hasPrevious,
  initialPagination,
  nextPage,
  perPageLabel,
  previousPage,
  rangeText,
  ROWS_PER_PAGE_OPTIONS,
  rowsTypeText,
  withRowsPerPage,
  type PaginationState,
} from '../lib/pagination.ts';
import { Button } from './button.tsx';
import * as styles from './pagination.css.ts';

export interface PaginationProps {
  /** What the rows are, plural and lower case: agents, referrals, dnc, qa. */
  rowsType: string;
  state: PaginationState;
  onChange: (next: PaginationState) => void;
  /** Spec 2: 10, 20 and 40. With a single option the size cannot be changed and no picker shows. */
  rowsPerPageOptions?: readonly number[];
  /** The control's accessible name when two page the same kind of rows on one screen ("<Type> pages" otherwise). */
  label?: string;
}

/** Rows-per-page picker, "1 - 10 of 45 agents", and previous / next page buttons. */
export function Pagination({
  rowsType,
  state,
  onChange,
  rowsPerPageOptions = ROWS_PER_PAGE_OPTIONS,
  label,
}: PaginationProps) {
  const id = useId();
  const type = rowsTypeText(rowsType);
  return (
    <nav className={styles.bar} aria-label={label ?? `${type.charAt(0).toUpperCase()}${type.slice(1)} pages`}>
      {rowsPerPageOptions.length > 1 && (
        <span className={styles.perPage}>
          <label htmlFor={id}>{perPageLabel(rowsType)}</label>
          <select
            id={id}
            className={styles.select}
            value={state.rowsPerPage}
            onChange={(e) => onChange(withRowsPerPage(state, Number(e.target.value)))}
          >
            {rowsPerPageOptions.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </span>
      )}
      <span className={styles.range} aria-live="polite">
        {rangeText(state, rowsType)}
      </span>
      <span className={styles.arrows}>
        <Button
          variant="text"
          aria-label="Previous page"
          disabled={!hasPrevious(state)}
          onClick={() => onChange(previousPage(state))}
        >
          ‹
        </Button>
        <Button
          variant="text"
          aria-label="Next page"
          disabled={!hasNext(state)}
          onClick={() => onChange(nextPage(state))}
        >
          ›
        </Button>
      </span>
    </nav>
  );
}

/** Pagination state whose total follows the list (page 1 and 10 rows unless told otherwise). */
export function usePagination(totalItems: number | undefined, rowsPerPage?: number) {
  const [local, setLocal] = useState(() => initialPagination(0, rowsPerPage));
  const state: PaginationState = { ...local, totalItems: totalItems ?? 0 };
  const set = useCallback(
    (next: PaginationState) => setLocal((s) => ({ ...s, page: next.page, rowsPerPage: next.rowsPerPage })),
    [],
  );
  return [state, set] as const;
}
