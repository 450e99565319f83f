import { queryOptions, type QueryClient } from '@tanstack/react-query';

import {
  ManagedAnnouncement,
  ManagedAnnouncementPage,
  type AnnouncementCreateBody,
  type AnnouncementPatchBody,
} from '../contract/announcements.ts';
import { announcementKeys } from './announcements.ts';
import { request } from './client.ts';
import type { Paging } from './staff.ts';
import { write } from './write.ts';

// The Announcements editor: GET /users-api/announcements/managed, POST /users-api/announcements,
// PATCH /users-api/announcements/{id} (the same rows My Announcements reads).

export interface ManagedFilter {
  q: string;
  status: string;
  audience: string;
}
export type ManagedListParams = Paging & ManagedFilter;

export const announcementEditorKeys = {
  all: ['announcements', 'managed'] as const,
  list: (p: ManagedListParams) => [...announcementEditorKeys.all, p] as const,
};

export const managedAnnouncementsQueryOptions = (p: ManagedListParams) =>
  queryOptions({
    queryKey: announcementEditorKeys.list(p),
    queryFn: () =>
      request('/users-api/announcements/managed', {
        query: {
          pageIndex: p.pageIndex,
          pageSize: p.pageSize,
          q: p.q || undefined,
          status: p.status || undefined,
          audience: p.audience || undefined,
        },
        schema: ManagedAnnouncementPage,
      }),
  });

export const createAnnouncement = (body: AnnouncementCreateBody) =>
  request('/users-api/announcements', { method: 'POST', json: body, schema: ManagedAnnouncement });
export const updateAnnouncement = (id: number, body: AnnouncementPatchBody) =>
  request(`/users-api/announcements/${id}`, { method: 'PATCH', json: body, schema: ManagedAnnouncement });

// A saved announcement changes the editor's list and what its audience reads.
const refreshAnnouncements = (client: QueryClient) => ({
  onSuccess: () => {
    void client.invalidateQueries({ queryKey: announcementEditorKeys.all });
    void client.invalidateQueries({ queryKey: announcementKeys.all });
  },
});
/** Creates an announcement, or saves the one given. */
export const saveAnnouncementWrite = (id: number | undefined) =>
  write(
    (body: AnnouncementCreateBody) => (id !== undefined ? updateAnnouncement(id, body) : createAnnouncement(body)),
    refreshAnnouncements,
  );
export const setAnnouncementStatusWrite = write(
  ({ a, status }: { a: ManagedAnnouncement; status: ManagedAnnouncement['status'] }) =>
    updateAnnouncement(a.id, { status }),
  refreshAnnouncements,
);
