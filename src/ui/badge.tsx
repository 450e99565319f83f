import type { ReactNode } from 'react';

import * as styles from './badge.css.ts';

/** A short status label (text, so screen readers read it with its row). */
export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof styles.badge; children: ReactNode }) {
  return <span className={styles.badge[tone]}>{children}</span>;
}
