import { useCallback, useState, type ReactNode } from 'react';
import type { SortState } from './data-table.tsx';
import { ListFilters } from './list-filters.tsx';
import { SortDialog, type SortChoice } from './list-sort-dialog.tsx';
import { useIsMobile } from './media.ts';
import { SearchField } from './search-field.tsx';
import * as styles from './staff.css.ts';
import { useTopBarActions } from './top-bar-actions.tsx';

export type { SortChoice };

export interface ListToolbarProps {
  searchLabel: string;
  search: string;
  onSearch: (q: string) => void;
  placeholder?: string;
  /** What the phone's Sort dialog offers (on wider screens the table headers sort). */
  sortChoices: readonly SortChoice[];
  sort: SortState;
  onSort: (s: SortState) => void;
  /** Filters and actions beside the search box. */
  children?: ReactNode;
  /**
   * How many filters are set: when given, below 768 px the children collapse behind one
   * "Filters (n)" button that opens them in a sheet (list-filters.tsx).
   */
  filtersSet?: number | undefined;
}

/**
 * A list's search box and filters. Below 768 px the top bar's Search button shows the search box
 * (kept open while a search is in force) and its Sort button opens a dialog of sort choices.
 */
export function ListToolbar({ searchLabel, search, onSearch, placeholder, sortChoices, sort, onSort, children, filtersSet }: ListToolbarProps) {
  const mobile = useIsMobile();
  const [searchOpen, setSearchOpen] = useState(false);
  const [sortOpen, setSortOpen] = useState(false);
  const toggleSearch = useCallback(() => setSearchOpen((o) => !o), []);
  const openSort = useCallback(() => setSortOpen(true), []);
  useTopBarActions({ onSearch: toggleSearch, onSort: openSort });
  return (
    <div className={styles.toolbar}>
      {(!mobile || searchOpen || search !== '') && (
        <SearchField label={searchLabel} value={search} onSearch={onSearch} {...(placeholder ? { placeholder } : {})} />
      )}
      {filtersSet === undefined ? children : <ListFilters count={filtersSet}>{children}</ListFilters>}
      <SortDialog open={sortOpen} onOpenChange={setSortOpen} choices={sortChoices} sort={sort} onSort={onSort} />
    </div>
  );
}
