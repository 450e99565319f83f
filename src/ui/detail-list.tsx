import type { ReactNode } from 'react';

import { withBreakPoints } from './break-points.tsx';
import * as styles from './staff.css.ts';

/** Label and value pairs of a record, as a description list. */
export function DetailList({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={styles.details}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.definition}>
            {value === null || value === undefined || value === '' ? '-' : withBreakPoints(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
