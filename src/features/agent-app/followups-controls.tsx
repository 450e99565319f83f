import { useEffect, useState } from 'react';

import { FOLLOWUP_SORTS, type FollowupSort } from '../../api/agent-app-keys.ts';
import { Button } from '../../ui/button.tsx';
import { RadioGroup, SelectField } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { TextField } from '../../ui/text-field.tsx';
import * as styles from './agent-app.css.ts';

export type FollowupFilter = 'ALL' | 'OVERDUE' | 'UP_TO_DATE';
const FILTERS = [
  { value: 'ALL', label: 'All' },
  { value: 'OVERDUE', label: 'Overdue' },
  { value: 'UP_TO_DATE', label: 'Up to date' },
] as const;

export const SORT_LABELS: Record<FollowupSort, string> = {
  overdue: 'Most overdue first',
  'updated,DESC': 'Recently updated',
  'updated,ASC': 'Least recently updated',
  'name,ASC': 'Name (A–Z)',
  'name,DESC': 'Name (Z–A)',
};
const SORT_CHOICES = FOLLOWUP_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));
const SEARCH_DEBOUNCE_MS = 300; // one request per pause in typing, not per key

export interface ControlsProps {
  mobile: boolean;
  filter: FollowupFilter;
  onFilter: (f: FollowupFilter) => void;
  q: string;
  onSearch: (q: string) => void;
  sort: FollowupSort;
  onSort: (s: FollowupSort) => void;
  /** Phones: the top bar's Search button shows the field, its Sort button the sort dialog. */
  searchOpen: boolean;
  sortOpen: boolean;
  onSortOpen: (open: boolean) => void;
}

export function FollowupsControls(p: ControlsProps) {
  const [text, setText] = useState(p.q);
  const { onSearch, q } = p;
  useEffect(() => {
    if (text.trim() === q) return;
    const t = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, q, onSearch]);
  const showSearch = !p.mobile || p.searchOpen || q !== '';

  return (
    <div className={styles.toolbar}>
      <Segmented label="Follow-up filter" options={FILTERS} value={p.filter} onChange={p.onFilter} />
      {showSearch && (
        <div className={styles.grow}>
          <TextField
            autoFocus={p.mobile && p.searchOpen}
            label="Search follow-ups"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Name, email or phone"
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
      )}
      {!p.mobile && (
        <SelectField label="Sort by" value={p.sort} onChange={(e) => p.onSort(e.target.value as FollowupSort)}>
          {SORT_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
      )}
      <Dialog
        open={p.mobile && p.sortOpen}
        onOpenChange={p.onSortOpen}
        title="Sort"
        actions={<Button onClick={() => p.onSortOpen(false)}>Done</Button>}
      >
        <div className={styles.sortDialogBody}>
          <RadioGroup legend="Sort by" name="followup-sort" options={SORT_CHOICES} value={p.sort} onChange={p.onSort} />
        </div>
      </Dialog>
    </div>
  );
}
