import type { ReactNode } from 'react';

import * as styles from './action-bar.css.ts';

/**
 * A record's actions as a bar stuck to the bottom of a phone's screen: render it last in the page's
 * column, below 768 px, in place of the actions shown beside the record's title on wider screens.
 */
export function ActionBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className={styles.bar}>
      {children}
    </div>
  );
}
