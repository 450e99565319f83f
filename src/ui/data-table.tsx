import type { ReactNode } from 'react';

import { DEFAULT_ROWS_PER_PAGE } from '../lib/pagination.ts';
import { withBreakPoints } from './break-points.tsx';
import * as styles from './data-table.css.ts';
import { skeletonLine } from './skeleton.tsx';
import { visuallyHidden } from './visually-hidden.css.ts';

// As many placeholder rows as a page has by default: a first screen's worth (on a phone, cards past its
// foot), so the pagination below stays where it will be rather than jump when the rows land.
const SKELETON_ROWS = DEFAULT_ROWS_PER_PAGE;

export interface Column<T> {
  /** Unique within the table. */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort key: the header becomes a button that sorts by it. */
  sortKey?: string;
  /** Left off a phone's card (below 768 px) unless the list is sorted by it. */
  hideOnCard?: boolean;
  /** The row's buttons: at the foot of a phone's card, at full tap size. Columns keyed `actions` or `action` are. */
  actions?: boolean;
}

export interface SortState {
  key: string;
  desc: boolean;
}

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
  /**
   * From 768 to 1199 px cells may break a word anywhere (overflow-wrap: anywhere) to fit: only for a
   * list whose columns the spec fixes and whose words together are wider than the main area (the DNC List).
   */
  breakWithin?: boolean;
}

const ariaSort = (sort: SortState | undefined, key: string | undefined) =>
  key && sort?.key === key ? (sort.desc ? 'descending' : 'ascending') : undefined;

const isActions = <T,>(c: Column<T>) => c.actions ?? (c.key === 'actions' || c.key === 'action');

function cellClass<T>(c: Column<T>, index: number, sort: SortState | undefined): string {
  const card = index === 0 ? styles.cardTitle : isActions(c) ? styles.cardActions : styles.cardField;
  const off = c.hideOnCard && !(c.sortKey && c.sortKey === sort?.key) ? styles.offCard : '';
  return [styles.td, card, off].filter(Boolean).join(' ');
}

/**
 * A table named by `label`; sortable headers are buttons and carry aria-sort. Below 768 px each row
 * is a card, by CSS alone (data-table.css.ts): the first column its title, every other cell under
 * its header's name (`data-label`), the row's buttons at its foot. The explicit roles keep the
 * table's semantics when that CSS changes the elements' display.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  empty = 'No results',
  loading,
  breakWithin,
}: DataTableProps<T>) {
  const toggle = (key: string) => onSortChange?.({ key, desc: sort?.key === key ? !sort.desc : false });
  return (
    // Focusable so a keyboard can scroll a table wider than a phone (axe scrollable-region-focusable).
    <div
      className={styles.scroller}
      tabIndex={0}
      role="group"
      aria-label={`${label} (scrolls sideways when wider than the screen)`}
    >
      {loading && <div className={styles.progress} aria-hidden="true" />}
      {loading && rows.length === 0 && <span className={visuallyHidden}>Loading {label}</span>}
      <table
        role="table"
        aria-label={label}
        aria-busy={loading || undefined}
        className={breakWithin ? `${styles.table} ${styles.breakWithin}` : styles.table}
      >
        <thead role="rowgroup" className={styles.thead}>
          <tr role="row" className={styles.headRow}>
            {columns.map((c) => (
              <th
                key={c.key}
                role="columnheader"
                scope="col"
                className={styles.th}
                aria-sort={ariaSort(sort, c.sortKey)}
              >
                {c.sortKey && onSortChange ? (
                  <button type="button" className={styles.sortButton} onClick={() => toggle(c.sortKey ?? c.key)}>
                    {c.header}
                    <span aria-hidden="true">{sort?.key === c.sortKey ? (sort.desc ? '▼' : '▲') : ''}</span>
                  </button>
                ) : (
                  c.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={styles.tbody}>
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row" className={styles.row}>
              {columns.map((c, i) => (
                <td key={c.key} role="cell" data-label={c.header} className={cellClass(c, i, sort)}>
                  {/* The buttons wrap under one another rather than widen the table (no sideways scroll at 1024 px). */}
                  {isActions(c) ? <div className={styles.actionsBox}>{c.cell(row)}</div> : withBreakPoints(c.cell(row))}
                </td>
              ))}
            </tr>
          ))}
          {/* A first load draws rows (cards on a phone) of grey lines where the data will land; unseen by screen readers. */}
          {rows.length === 0 &&
            loading &&
            Array.from({ length: SKELETON_ROWS }, (_, n) => (
              <tr key={`skeleton-${n}`} role="row" aria-hidden="true" className={styles.row} data-skeleton="row">
                {columns.map((c, i) => (
                  <td key={c.key} role="cell" data-label={c.header} className={cellClass(c, i, sort)}>
                    <span className={skeletonLine} />
                  </td>
                ))}
              </tr>
            ))}
          {rows.length === 0 && !loading && (
            <tr role="row" className={styles.row}>
              <td role="cell" colSpan={columns.length} className={styles.empty}>
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
