import { useState, type ReactNode } from 'react';

import { Button } from './button.tsx';
import * as styles from './list-filters.css.ts';
import { useIsMobile } from './media.ts';
import { Sheet } from './sheet.tsx';

export interface ListFiltersProps {
  /** How many filters are set: the phone's button says "Filters (2)". */
  count: number;
  /** The filter inputs. */
  children: ReactNode;
}

/**
 * A list's filters: inline on wider screens; below 768 px one "Filters" button (with how many are
 * set) opens them in a sheet, so they no longer fill a phone's first screen.
 */
export function ListFilters({ count, children }: ListFiltersProps) {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  if (!mobile) return <>{children}</>;
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </Button>
      {/* Kept in the page, unseen, while the sheet is shut: the set values stay readable there. */}
      {!open && <div hidden>{children}</div>}
      <Sheet open={open} onOpenChange={setOpen} title="Filters">
        <div className={styles.sheetBody}>
          <h2 className={styles.sheetHeading}>Filters</h2>
          {children}
          <Button onClick={() => setOpen(false)}>Done</Button>
        </div>
      </Sheet>
    </>
  );
}
