import { useEffect } from 'react';
import { Link } from 'wouter';
import { useStore } from '../session/persisted-store.ts';
import { addRecentlyViewed, profileStore, recentlyViewedStore, type RecentItem, type RecentList } from '../session/state.ts';
import { Card } from './layout.tsx';
import * as styles from './staff.css.ts';

const NONE: RecentItem[] = [];

/** The signed-in user's recently viewed entries of one list (at most 10, newest first). */
export function useRecentlyViewed(list: RecentList): RecentItem[] {
  const userId = useStore(profileStore, (p) => p.user?.id);
  return useStore(recentlyViewedStore, (all) => (userId === undefined ? NONE : all[userId]?.[list] ?? NONE));
}

/** Records an opened record in the user's recently viewed list once its label is known. */
export function useAddRecentlyViewed(list: RecentList, item: RecentItem | undefined): void {
  const userId = useStore(profileStore, (p) => p.user?.id);
  const id = item?.id;
  const label = item?.label;
  useEffect(() => {
    if (userId === undefined || id === undefined || label === undefined) return;
    addRecentlyViewed(userId, list, { id, label });
  }, [userId, list, id, label]);
}

/** A card of links to the recently viewed records; nothing when the list is empty. */
export function RecentlyViewed({ list, hrefFor, title = 'Recently Viewed' }: { list: RecentList; hrefFor: (id: RecentItem['id']) => string; title?: string }) {
  const items = useRecentlyViewed(list);
  if (items.length === 0) return null;
  return (
    <Card>
      <nav aria-label={title}>
        <h2 className={styles.subheading}>{title}</h2>
        <ul className={styles.chips}>
          {items.map((i) => <li key={i.id}><Link href={hrefFor(i.id)}>{i.label}</Link></li>)}
        </ul>
      </nav>
    </Card>
  );
}
