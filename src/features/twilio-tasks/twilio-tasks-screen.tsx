import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { OUTREACH_MANAGER_ROLES, type Role } from '../../access/roles.ts';
import { deleteTwilioTaskWrite, twilioTasksQueryOptions } from '../../api/contact-center.ts';
import { serverMessage } from '../../api/staff.ts';
import { useWrite } from '../../api/write.ts';
import { TASK_CHANNELS, TASK_STATUSES, type TwilioTask } from '../../contract/contact-center.ts';
import { enumLabel, enumOptions } from '../../contract/labels.ts';
import { formatDateTime, formatResponseTime } from '../../lib/format.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';

const LIST = defineList({
  sort: { key: 'age', desc: true },
  sortKeys: ['age'],
  filters: [
    { key: 'status', label: 'Status', all: 'All statuses', options: enumOptions('taskStatus', TASK_STATUSES) },
    { key: 'channel', label: 'Channel', all: 'All channels', options: enumOptions('taskChannel', TASK_CHANNELS) },
    {
      key: 'stuck',
      label: 'Stuck',
      all: 'Stuck or not',
      options: [
        { value: 'true', label: 'Stuck only' },
        { value: 'false', label: 'Not stuck' },
      ],
    },
  ],
});

const shortSid = (sid: string) => `${sid.slice(0, 8)}…`;

/** The contact center's open Twilio tasks (oldest first); the parent roles may delete a stuck one after a confirmation. */
export function TwilioTasksScreen() {
  const list = useUrlListState(LIST.spec);
  const query = useQuery({ ...twilioTasksQueryOptions(list.params), placeholderData: keepPreviousData });
  const canDelete = useStore(profileStore, (p) =>
    (p.user?.roles ?? []).some((r) => OUTREACH_MANAGER_ROLES.includes(r.name as Role)),
  );
  const [deleting, setDeleting] = useState<TwilioTask | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = useWrite(deleteTwilioTaskWrite);
  const snackbar = useSnackbar();

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await remove.mutateAsync(deleting.sid);
      snackbar(`Deleted task ${shortSid(deleting.sid)}.`, { tone: 'success' });
      setDeleting(null);
    } catch (err) {
      snackbar(serverMessage(err), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<TwilioTask>[] = [
    { key: 'sid', header: 'Task', cell: (t) => <abbr title={t.sid}>{shortSid(t.sid)}</abbr> },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => (
        <>
          {enumLabel('taskStatus', t.status)}
          {t.stuck && (
            <>
              {' '}
              <Badge tone="danger">Stuck</Badge>
            </>
          )}
        </>
      ),
    },
    {
      key: 'age',
      header: 'Age',
      sortKey: 'age',
      cell: (t) => (
        <time dateTime={t.created} title={formatDateTime(t.created)}>
          {formatResponseTime(t.ageSeconds)}
        </time>
      ),
    },
    { key: 'channel', header: 'Channel', cell: (t) => enumLabel('taskChannel', t.channel) },
    // Two facts a cell (who has it and in which queue; the client and their brokerage): seven columns fit
    // the 720 px main area of a 1024 px screen without a sideways scroll or a word broken inside.
    {
      key: 'assignee',
      header: 'Assignee / Queue',
      cell: (t) => (
        <>
          {t.assignee?.name ?? 'Unassigned'}
          <br />
          <span className={styles.meta}>{t.queue}</span>
        </>
      ),
    },
    {
      key: 'client',
      header: 'Client / Brokerage',
      cell: (t) => (
        <>
          {t.clientName ?? '-'}
          <br />
          <span className={styles.meta}>{t.brokerageName ?? '-'}</span>
        </>
      ),
    },
    ...(canDelete
      ? [
          {
            key: 'actions',
            header: 'Actions',
            cell: (t: TwilioTask) => (
              <Button variant="text" aria-label={`Delete task ${t.sid}`} onClick={() => setDeleting(t)}>
                Delete
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListScreen
        title="Twilio Tasks"
        definition={LIST}
        list={list}
        query={query}
        columns={columns}
        rowKey={(t) => t.sid}
        label="Twilio Tasks"
        rowsType="tasks"
        empty="No open tasks."
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete Task"
        danger
        busy={busy}
        description={
          deleting
            ? `Delete the ${enumLabel('taskStatus', deleting.status).toLowerCase()} ${deleting.channel} task ${deleting.sid}${deleting.clientName ? ` for ${deleting.clientName}` : ''}, open for ${formatResponseTime(deleting.ageSeconds)}? Twilio drops it from its queue; this cannot be undone.`
            : ''
        }
        confirmLabel="Delete Task"
        onConfirm={() => {
          void confirmDelete();
        }}
      />
    </>
  );
}
