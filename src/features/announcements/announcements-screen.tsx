import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { BROKERAGE_WORKSPACE_ROLES } from '../../access/roles.ts';
import { managedAnnouncementsQueryOptions, setAnnouncementStatusWrite } from '../../api/announcement-editor.ts';
import { ApiError } from '../../api/client.ts';
import { useWrite } from '../../api/write.ts';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_STATUSES,
  type ManagedAnnouncement,
} from '../../contract/announcements.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useBrokerageScope } from '../../session/brokerage-scope.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';
import { AnnouncementDialog } from './announcement-dialog.tsx';
import { AUDIENCE_LABELS, audienceText, STATUS_LABELS } from './announcement-labels.ts';

const TONES = { DRAFT: 'neutral', PUBLISHED: 'success', ARCHIVED: 'warning' } as const;

const LIST = defineList({
  sort: { key: 'publishAt', desc: true },
  sortKeys: [],
  search: { key: 'q', placeholder: 'Title or message' },
  filters: [
    {
      key: 'status',
      label: 'Status',
      all: 'All states',
      options: ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
    },
    {
      key: 'audience',
      label: 'Audience',
      all: 'All audiences',
      options: ANNOUNCEMENT_AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] })),
    },
  ],
});

/**
 * Announcements: staff write to brokerages, loan offices and agents; a broker admin (or staff
 * impersonating one) to their own agents only. Read counts come from the readers' rows.
 */
export function AnnouncementsScreen() {
  const list = useUrlListState(LIST.spec);
  const query = useQuery({ ...managedAnnouncementsQueryOptions(list.params), placeholderData: keepPreviousData });
  const writer = useStore(
    profileStore,
    (p) => !!p.user?.roles.some((r) => (BROKERAGE_WORKSPACE_ROLES as readonly string[]).includes(r.name)),
  );
  const brokerMode = useBrokerageScope() !== null;
  const [editing, setEditing] = useState<ManagedAnnouncement | 'new' | null>(null);
  const snackbar = useSnackbar();
  const setStatus = useWrite(setAnnouncementStatusWrite, {
    onSuccess: (a) => {
      snackbar(`“${a.title}” is ${STATUS_LABELS[a.status].toLowerCase()}.`);
    },
    onError: (e) =>
      snackbar(e instanceof ApiError ? e.message : 'An error occurred please try again.', { tone: 'error' }),
  });
  const columns: Column<ManagedAnnouncement>[] = [
    {
      key: 'title',
      header: 'Title',
      cell: (a) => (
        <>
          {a.title}
          {a.priority === 'HIGH' && (
            <>
              {' '}
              <Badge tone="warning">High</Badge>
            </>
          )}
        </>
      ),
    },
    { key: 'audience', header: 'Audience', cell: audienceText },
    { key: 'status', header: 'Status', cell: (a) => <Badge tone={TONES[a.status]}>{STATUS_LABELS[a.status]}</Badge> },
    { key: 'publish', header: 'Publish', cell: (a) => formatDateTime(a.publishAt) },
    { key: 'expires', header: 'Expires', cell: (a) => (a.expiresAt ? formatDateTime(a.expiresAt) : 'Never') },
    { key: 'reads', header: 'Read by', cell: (a) => `${a.readCount} of ${a.audienceSize}` },
    {
      key: 'actions',
      header: 'Actions',
      cell: (a) =>
        a.editable ? (
          <span className={styles.inlineForm}>
            <Button variant="text" aria-label={`Edit ${a.title}`} onClick={() => setEditing(a)}>
              Edit
            </Button>
            {a.status !== 'PUBLISHED' && (
              <Button
                variant="text"
                aria-label={`Publish ${a.title}`}
                disabled={setStatus.isPending}
                onClick={() => setStatus.mutate({ a, status: 'PUBLISHED' })}
              >
                Publish
              </Button>
            )}
            {a.status !== 'ARCHIVED' && (
              <Button
                variant="text"
                aria-label={`Archive ${a.title}`}
                disabled={setStatus.isPending}
                onClick={() => setStatus.mutate({ a, status: 'ARCHIVED' })}
              >
                Archive
              </Button>
            )}
          </span>
        ) : (
          '-'
        ),
    },
  ];
  return (
    <>
      <ListScreen
        title="Announcements"
        definition={LIST}
        list={list}
        query={query}
        columns={columns}
        rowKey={(a) => a.id}
        label="Announcements"
        rowsType="announcements"
        empty="No announcements found."
        actions={writer ? <Button onClick={() => setEditing('new')}>New Announcement</Button> : undefined}
      />
      {editing !== null && (
        <AnnouncementDialog
          announcement={editing === 'new' ? null : editing}
          brokerMode={brokerMode}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
