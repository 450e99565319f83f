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
  /** The search box's label; with `onSearch`, the list has a search box (and the phone's top bar a Search button). */
  searchLabel?: string;
  search?: string;
  onSearch?: ((q: string) => void) | undefined;
  placeholder?: string;
  /** What the phone's Sort dialog offers (on wider screens the table headers sort); none: no Sort button. */
  sortChoices?: readonly SortChoice[];
  sort?: SortState;
  onSort?: (s: SortState) => void;
  /** Filters beside the search box (in the phone's filter sheet when `filtersSet` is given). */
  children?: ReactNode;
  /**
   * How many filters are set: when given, below 768 px the children collapse behind one
   * "Filters (n)" button that opens them in a sheet (list-filters.tsx).
   */
  filtersSet?: number | undefined;
  /** The list's own buttons (New, Export, Invite ...): after the filters, never inside the sheet. */
  actions?: ReactNode;
}

/**
 * A list's search box, filters and actions. Below 768 px the top bar's Search button shows the search
 * box (kept open while a search is in force) and its Sort button opens a dialog of sort choices.
 */
export function ListToolbar({
  searchLabel,
  search = '',
  onSearch,
  placeholder,
  sortChoices = [],
  sort,
  onSort,
  children,
  filtersSet,
  actions,
}: ListToolbarProps) {
  const mobile = useIsMobile();
  const [searchOpen, setSearchOpen] = useState(false);
  const [sortOpen, setSortOpen] = useState(false);
  const toggleSearch = useCallback(() => setSearchOpen((o) => !o), []);
  const openSort = useCallback(() => setSortOpen(true), []);
  const sorts = sortChoices.length > 0 && sort && onSort;
  useTopBarActions({ ...(onSearch ? { onSearch: toggleSearch } : {}), ...(sorts ? { onSort: openSort } : {}) });
  return (
    <div className={styles.toolbar}>
      {onSearch && (!mobile || searchOpen || search !== '') && (
        <SearchField label={searchLabel} value={search} onSearch={onSearch} {...(placeholder ? { placeholder } : {})} />
      )}
      {filtersSet === undefined ? children : <ListFilters count={filtersSet}>{children}</ListFilters>}
      {actions && <span className={styles.toolbarSpacer} />}
      {actions}
      {sorts && (
        <SortDialog open={sortOpen} onOpenChange={setSortOpen} choices={sortChoices} sort={sort} onSort={onSort} />
      )}
    </div>
  );
}
