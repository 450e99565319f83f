import { Button } from './button.tsx';
import { RadioGroup } from './choice.tsx';
import type { Column, SortState } from './data-table.tsx';
import { Dialog } from './dialog.tsx';

export interface SortChoice {
  key: string;
  desc: boolean;
  label: string;
}

const valueOf = (s: { key: string; desc: boolean }) => `${s.key},${s.desc ? 'desc' : 'asc'}`;

/** Each sortable column both ways, for lists that name no choices of their own. */
export function sortChoicesOf<T>(columns: readonly Column<T>[]): SortChoice[] {
  return columns.flatMap((c) =>
    c.sortKey
      ? [
          { key: c.sortKey, desc: false, label: `${c.header} (ascending)` },
          { key: c.sortKey, desc: true, label: `${c.header} (descending)` },
        ]
      : [],
  );
}

export interface SortDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  choices: readonly SortChoice[];
  sort: SortState;
  onSort: (s: SortState) => void;
}

/** The phone's Sort dialog (the top bar's Sort button opens it; on wider screens the headers sort). */
export function SortDialog({ open, onOpenChange, choices, sort, onSort }: SortDialogProps) {
  const options = choices.map((c) => ({ value: valueOf(c), label: c.label }));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sort"
      actions={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <RadioGroup
        legend="Sort by"
        name="list-sort"
        options={options}
        value={valueOf(sort)}
        onChange={(value) => {
          const choice = choices.find((c) => valueOf(c) === value);
          if (choice) onSort({ key: choice.key, desc: choice.desc });
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}
