import { Link } from 'wouter';

import * as styles from './dashboard.css.ts';

export interface TileDatum {
  key: string;
  label: string;
  value: string;
  href?: string;
}

/** Big figures with their labels; a figure that leads somewhere is a link named "label value". */
export function Tiles({ label, items }: { label: string; items: readonly TileDatum[] }) {
  return (
    // Explicit roles: display contents on the items drops the implicit ones in some browsers.
    <ul className={styles.tiles} role="list" aria-label={label}>
      {items.map((t) => {
        const body = (
          <>
            <span className={styles.tileLabel}>{t.label}</span> <span className={styles.tileValue}>{t.value}</span>
          </>
        );
        return (
          <li key={t.key} className={styles.contents} role="listitem">
            {t.href ? (
              <Link href={t.href} className={styles.tile}>
                {body}
              </Link>
            ) : (
              <div className={styles.tile}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
