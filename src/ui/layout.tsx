import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './layout.css.ts';

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={[styles.card, className].filter(Boolean).join(' ')} {...rest} />;
}

export function Page({ title, children, hideTitle }: { title: string; children?: ReactNode; hideTitle?: boolean }) {
  return (
    <div className={styles.page}>
      {!hideTitle && <h1 className={styles.pageTitle}>{title}</h1>}
      {children}
    </div>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <div className={styles.spinner} role="progressbar" aria-label={label} aria-busy="true" />;
}

export const mutedText = styles.muted;
