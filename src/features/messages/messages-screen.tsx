import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { messagesQueryOptions, resendMessageWrite } from '../../api/messages.ts';
import { serverMessage } from '../../api/staff.ts';
import { useWrite } from '../../api/write.ts';
import { enumLabel, enumOptions } from '../../contract/labels.ts';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES, type OutboxMessage } from '../../contract/messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';

const LIST = defineList({
  sort: { key: 'created', desc: true },
  sortKeys: [],
  filters: [
    { key: 'status', label: 'Status', all: 'All statuses', options: enumOptions('messageStatus', MESSAGE_STATUSES) },
    { key: 'channel', label: 'Channel', all: 'All channels', options: enumOptions('messageChannel', MESSAGE_CHANNELS) },
    { key: 'kind', label: 'Kind', all: 'All kinds', options: enumOptions('messageKind', MESSAGE_KINDS) },
  ],
});

const TONE: Partial<Record<OutboxMessage['status'], 'danger' | 'success' | 'warning'>> = {
  dead: 'danger',
  failed: 'danger',
  undelivered: 'danger',
  delivered: 'success',
  sent: 'success',
  retrying: 'warning',
};

/** Every email and text the platform sent, newest first, with its delivery; a given-up one can be sent again. */
export function MessagesScreen() {
  const list = useUrlListState(LIST.spec);
  const query = useQuery({ ...messagesQueryOptions(list.params), placeholderData: keepPreviousData });
  const resendWrite = useWrite(resendMessageWrite);
  const snackbar = useSnackbar();
  const [sending, setSending] = useState<number | null>(null);

  const resend = async (m: OutboxMessage) => {
    setSending(m.id);
    try {
      await resendWrite.mutateAsync(m.id);
      snackbar(`The ${enumLabel('messageChannel', m.channel).toLowerCase()} to ${m.recipient} is queued again.`, {
        tone: 'success',
      });
    } catch (err) {
      snackbar(serverMessage(err), { tone: 'error' });
    } finally {
      setSending(null);
    }
  };

  const columns: Column<OutboxMessage>[] = [
    {
      key: 'created',
      header: 'Written',
      cell: (m) => <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>,
    },
    { key: 'channel', header: 'Channel', cell: (m) => enumLabel('messageChannel', m.channel) },
    { key: 'recipient', header: 'Recipient', cell: (m) => m.recipient },
    { key: 'kind', header: 'Kind', cell: (m) => enumLabel('messageKind', m.kind) },
    {
      key: 'status',
      header: 'Status',
      cell: (m) => {
        const tone = TONE[m.status];
        return tone ? (
          <Badge tone={tone}>{enumLabel('messageStatus', m.status)}</Badge>
        ) : (
          enumLabel('messageStatus', m.status)
        );
      },
    },
    { key: 'attempts', header: 'Tries', cell: (m) => m.attempts },
    { key: 'error', header: 'Last Error', cell: (m) => m.lastError ?? '-' },
    { key: 'provider', header: 'Provider Id', cell: (m) => m.providerId ?? '-' },
    {
      key: 'actions',
      header: 'Actions',
      cell: (m) =>
        m.canResend ? (
          <Button
            variant="text"
            disabled={sending === m.id}
            aria-label={`Send again: ${enumLabel('messageKind', m.kind).toLowerCase()} to ${m.recipient}`}
            onClick={() => {
              void resend(m);
            }}
          >
            Send Again
          </Button>
        ) : null,
    },
  ];

  return (
    <ListScreen
      title="Messages"
      definition={LIST}
      list={list}
      query={query}
      columns={columns}
      rowKey={(m) => m.id}
      label="Messages"
      rowsType="messages"
      empty="No messages yet."
    />
  );
}
