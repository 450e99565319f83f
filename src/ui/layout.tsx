import type { HTMLAttributes, ReactNode } from 'react';

import * as styles from './layout.css.ts';

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={[styles.card, className].filter(Boolean).join(' ')} {...rest} />;
}

/** A screen's body. Inside the console the top bar holds the page's h1 (the route title). */
export function Page({ title, children, showTitle }: { title?: string; children?: ReactNode; showTitle?: boolean }) {
  return (
    <div className={styles.page}>
      {showTitle && title && <h1 className={styles.pageTitle}>{title}</h1>}
      {children}
    </div>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <div className={styles.spinner} role="progressbar" aria-label={label} aria-busy="true" />;
}

export const mutedText = styles.muted;
