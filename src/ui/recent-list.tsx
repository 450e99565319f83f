import { Link } from 'wouter';

import { Card } from './layout.tsx';
import * as styles from './staff.css.ts';

/** One recently viewed record (the session's `RecentItem`). */
export interface RecentLink {
  id: number | string;
  label: string;
}

export interface RecentlyViewedProps {
  /** Newest first: `useRecentlyViewed(list)` from `src/session/recently-viewed.ts`. */
  items: readonly RecentLink[];
  hrefFor: (id: RecentLink['id']) => string;
  title?: string;
}

/** A card of links to the recently viewed records; nothing when the list is empty. */
export function RecentlyViewed({ items, hrefFor, title = 'Recently Viewed' }: RecentlyViewedProps) {
  if (items.length === 0) return null;
  return (
    <Card>
      <nav aria-label={title}>
        <h2 className={styles.subheading}>{title}</h2>
        <ul className={styles.chips}>
          {items.map((i) => (
            <li key={i.id}>
              <Link href={hrefFor(i.id)}>{i.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
