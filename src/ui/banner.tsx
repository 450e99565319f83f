import type { ReactNode } from 'react';

import * as styles from './banner.css.ts';

export interface BannerProps {
  tone: keyof typeof styles.banner;
  children: ReactNode;
  action?: ReactNode;
  label?: string;
}

export function Banner({ tone, children, action, label }: BannerProps) {
  return (
    <div className={styles.banner[tone]} role="region" aria-label={label}>
      <div>{children}</div>
      {action}
    </div>
  );
}
