import type { ReactNode } from 'react';
import * as styles from './data-table.css.ts';

export interface Column<T> {
  /** Unique within the table. */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort key: the header becomes a button that sorts by it. */
  sortKey?: string;
}

export interface SortState { key: string; desc: boolean }

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  sort?: SortState | undefined;
  onSortChange?: ((sort: SortState) => void) | undefined;
  /** Shown in place of rows when there are none (and the table is not loading). */
  empty?: string;
  loading?: boolean;
}

const ariaSort = (sort: SortState | undefined, key: string | undefined) =>
  key && sort?.key === key ? (sort.desc ? 'descending' : 'ascending') : undefined;

/** A table named by `label`; sortable headers are buttons and carry aria-sort. */
export function DataTable<T>({ label, columns, rows, rowKey, sort, onSortChange, empty = 'No results', loading }: DataTableProps<T>) {
  const toggle = (key: string) => onSortChange?.({ key, desc: sort?.key === key ? !sort.desc : false });
  return (
    // Focusable so a keyboard can scroll a table wider than a phone (axe scrollable-region-focusable).
    <div className={styles.scroller} tabIndex={0} role="group" aria-label={`${label} (scrolls sideways when wider than the screen)`}>
      {loading && <div className={styles.progress} aria-hidden="true" />}
      <table aria-label={label} aria-busy={loading || undefined} className={styles.table}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={styles.th} aria-sort={ariaSort(sort, c.sortKey)}>
                {c.sortKey && onSortChange ? (
                  <button type="button" className={styles.sortButton} onClick={() => toggle(c.sortKey ?? c.key)}>
                    {c.header}
                    <span aria-hidden="true">{sort?.key === c.sortKey ? (sort.desc ? '▼' : '▲') : ''}</span>
                  </button>
                ) : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => <td key={c.key} className={styles.td}>{c.cell(row)}</td>)}
            </tr>
          ))}
          {rows.length === 0 && !loading && (
            <tr><td colSpan={columns.length} className={styles.empty}>{empty}</td></tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
