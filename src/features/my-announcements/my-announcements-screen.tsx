import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { announcementsQueryOptions } from '../../api/announcements.ts';
import { Card, mutedText, Page, Spinner } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import * as staff from '../../ui/staff.css.ts';
import { useSearchState } from '../../ui/use-search-state.ts';
import { AnnouncementItem } from './announcement-item.tsx';
import * as styles from './announcements.css.ts';

const DEFAULTS = { show: 'all' };

/** My Announcements: what provider staff addressed to the brokerage, unread ones marked, newest first. */
export function MyAnnouncementsScreen() {
  const list = useSearchState(DEFAULTS);
  const unreadOnly = list.filter.show === 'unread';
  const query = useQuery({
    ...announcementsQueryOptions({ pageIndex: list.pageIndex, pageSize: list.rowsPerPage, unread: unreadOnly }),
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
          <Segmented label="Show" value={unreadOnly ? 'unread' : 'all'} onChange={(show) => list.setFilter({ show })}
            options={[{ value: 'all', label: 'All' }, { value: 'unread', label: 'Unread' }]} />
        </div>
        {query.isError ? <p role="alert" className={staff.formError}>The announcements could not be loaded. Try again.</p>
          : !data ? <Spinner label="Loading announcements" />
            : data.content.length === 0 ? <p className={mutedText}>{unreadOnly ? 'You have read every announcement.' : 'No announcements yet.'}</p>
              : (
                <ul className={styles.list} aria-label="Announcements" aria-busy={query.isFetching || undefined}>
                  {data.content.map((a) => <AnnouncementItem key={a.id} announcement={a} />)}
                </ul>
              )}
        <Pagination rowsType="announcements" state={list.paging(data?.totalElements ?? 0)} onChange={list.setPaging} />
      </Card>
    </Page>
  );
}
