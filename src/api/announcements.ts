import { queryOptions } from '@tanstack/react-query';

import { AnnouncementPage, AnnouncementStatus } from '../contract/announcements.ts';
import { request } from './client.ts';
import { write } from './write.ts';

// My Announcements (GET /users-api/announcements) and the reader's read state
// (POST /users-api/announcements/status). The drawer's badge reads unreadCount of a one-row page.

export interface AnnouncementListParams {
  pageIndex: number;
  pageSize: number;
  unread: boolean;
}

export const announcementKeys = {
  all: ['announcements'] as const,
  list: (p: AnnouncementListParams) => [...announcementKeys.all, 'list', p] as const,
  unread: () => [...announcementKeys.all, 'unread'] as const,
};

export const announcementsQueryOptions = (p: AnnouncementListParams) =>
  queryOptions({
    queryKey: announcementKeys.list(p),
    queryFn: () =>
      request('/users-api/announcements', {
        query: { pageIndex: p.pageIndex, pageSize: p.pageSize, unread: p.unread ? true : undefined },
        schema: AnnouncementPage,
      }),
    // Read state changes on other devices: opening the list always asks the server again.
    staleTime: 0,
    refetchOnMount: 'always',
  });

const UNREAD_REFRESH_MS = 5 * 60_000; // the badge catches announcements read on another device within minutes

export const unreadAnnouncementsQueryOptions = () =>
  queryOptions({
    queryKey: announcementKeys.unread(),
    queryFn: async () =>
      (await request('/users-api/announcements', { query: { pageIndex: 0, pageSize: 1 }, schema: AnnouncementPage }))
        .unreadCount,
    refetchInterval: UNREAD_REFRESH_MS,
    staleTime: 0,
  });

export const setAnnouncementRead = (announcementId: number, read = true) =>
  request('/users-api/announcements/status', {
    method: 'POST',
    json: { announcementId, read },
    schema: AnnouncementStatus,
  });

/** Marks one announcement read or unread for this user: the unread count shows the answer, the lists are read again. */
export const announcementReadWrite = (announcementId: number) =>
  write(
    (read: boolean) => setAnnouncementRead(announcementId, read),
    (client) => ({
      onSuccess: (status) => {
        client.setQueryData(announcementKeys.unread(), status.unreadCount);
        void client.invalidateQueries({ queryKey: announcementKeys.all });
      },
    }),
  );
