import { useCallback, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { RadioGroup } from './choice.tsx';
import type { SortState } from './data-table.tsx';
import { Dialog } from './dialog.tsx';
import { useIsMobile } from './media.ts';
import { SearchField } from './search-field.tsx';
import * as styles from './staff.css.ts';
import { useTopBarActions } from './top-bar-actions.tsx';

export interface SortChoice { key: string; desc: boolean; label: string }

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
}

const valueOf = (s: { key: string; desc: boolean }) => `${s.key},${s.desc ? 'desc' : 'asc'}`;

/**
 * A list's search box and filters. Below 768 px the top bar's Search button shows the search box
 * (kept open while a search is in force) and its Sort button opens a dialog of sort choices.
 */
export function ListToolbar({ searchLabel, search, onSearch, placeholder, sortChoices, sort, onSort, children }: ListToolbarProps) {
  const mobile = useIsMobile();
  const [searchOpen, setSearchOpen] = useState(false);
  const [sortOpen, setSortOpen] = useState(false);
  const toggleSearch = useCallback(() => setSearchOpen((o) => !o), []);
  const openSort = useCallback(() => setSortOpen(true), []);
  useTopBarActions({ onSearch: toggleSearch, onSort: openSort });
  const options = sortChoices.map((c) => ({ value: valueOf(c), label: c.label }));
  return (
    <div className={styles.toolbar}>
      {(!mobile || searchOpen || search !== '') && (
        <SearchField label={searchLabel} value={search} onSearch={onSearch} {...(placeholder ? { placeholder } : {})} />
      )}
      {children}
      <Dialog open={sortOpen} onOpenChange={setSortOpen} title="Sort"
        actions={<Button variant="secondary" onClick={() => setSortOpen(false)}>Close</Button>}>
        <RadioGroup legend="Sort by" name="list-sort" options={options} value={valueOf(sort)} onChange={(value) => {
          const choice = sortChoices.find((c) => valueOf(c) === value);
          if (choice) onSort({ key: choice.key, desc: choice.desc });
          setSortOpen(false);
        }} />
      </Dialog>
    </div>
  );
}
