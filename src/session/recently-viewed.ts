import { useEffect } from 'react';

import { useStore } from './persisted-store.ts';
import { addRecentlyViewed, profileStore, recentlyViewedStore, type RecentItem, type RecentList } from './state.ts';

const NONE: RecentItem[] = [];

/** The signed-in user's recently viewed entries of one list (at most 10, newest first). */
export function useRecentlyViewed(list: RecentList): RecentItem[] {
  const userId = useStore(profileStore, (p) => p.user?.id);
  return useStore(recentlyViewedStore, (all) => (userId === undefined ? NONE : (all[userId]?.[list] ?? NONE)));
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
