import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { announcementsQueryOptions } from '../../api/announcements.ts';
import { Card, mutedText, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as staff from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList } from '../../widgets/list-screen.tsx';
import { AnnouncementItem } from './announcement-item.tsx';
import * as styles from './announcements.css.ts';

// A feed of announcements that open in place, not a table: the scaffold's list definition and URL
// state (?show=unread&page=2&rows=20) with its pagination control, rendered as a list.
const LIST = defineList({
  sort: { key: 'publishAt', desc: true },
  sortKeys: ['publishAt'],
  filters: [{ key: 'show', label: 'Show', all: 'All', options: [{ value: 'unread', label: 'Unread' }] }],
});

/** My Announcements: what provider staff addressed to the brokerage, unread ones marked, newest first. */
export function MyAnnouncementsScreen() {
  const list = useUrlListState(LIST.spec);
  const unreadOnly = list.filter.show === 'unread';
  const query = useQuery({
    ...announcementsQueryOptions({
      pageIndex: list.params.pageIndex,
      pageSize: list.params.pageSize,
      unread: unreadOnly,
    }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  return (
    <Page>
      <Card aria-labelledby="announcements-heading">
        <div className={staff.headerRow}>
          <h2 id="announcements-heading" className={staff.heading}>
            Announcements{data ? ` (${data.unreadCount} unread)` : ''}
          </h2>
          <Segmented
            label="Show"
            value={unreadOnly ? 'unread' : 'all'}
            onChange={(show) => list.setFilter({ show: show === 'unread' ? 'unread' : '' })}
            options={[
              { value: 'all', label: 'All' },
              { value: 'unread', label: 'Unread' },
            ]}
          />
        </div>
        {query.isError ? (
          <QueryFailure thing="The announcements" retry={query.refetch} />
        ) : !data ? (
          <Skeleton label="Loading announcements" shape="list" />
        ) : data.content.length === 0 ? (
          <p className={mutedText}>{unreadOnly ? 'You have read every announcement.' : 'No announcements yet.'}</p>
        ) : (
          <ul className={styles.list} aria-label="Announcements" aria-busy={query.isFetching || undefined}>
            {data.content.map((a) => (
              <AnnouncementItem key={a.id} announcement={a} />
            ))}
          </ul>
        )}
        <Pagination rowsType="announcements" state={list.paging(data?.totalElements ?? 0)} onChange={list.setPaging} />
      </Card>
    </Page>
  );
}
