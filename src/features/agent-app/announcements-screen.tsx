import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { announcementReadKey, type AnnouncementRead } from '../../api/agent-app-keys.ts';
import { announcementsQueryOptions } from '../../api/announcements.ts';
import type { Announcement } from '../../contract/announcements.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from './agent-app.css.ts';
import { AgentNotices } from './agent-notices.tsx';
import { useOnline } from './use-agent.ts';

const PAGE = 20;

/**
 * One announcement: the row opens it in place, and opening an unread one marks it read for this
 * agent on every device (POST /users-api/announcements/status; offline the read waits for a connection).
 */
function AnnouncementRow({ announcement: a }: { announcement: Announcement }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const read = useMutation<unknown, unknown, AnnouncementRead>({ mutationKey: announcementReadKey });
  const unread = a.readAt === null;
  const toggle = () => {
    setOpen((o) => !o);
    if (!open && unread) read.mutate({ announcementId: a.id, at: new Date().toISOString() });
  };
  return (
    <li className={styles.item}>
      <button type="button" className={styles.toggleRow} aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
        <span className={unread ? styles.rowName : styles.readTitle}>{a.title}</span>
        <span className={styles.badges}>
          {unread && <Badge tone="info">Unread</Badge>}
          {a.priority === 'HIGH' && <Badge tone="warning">{enumLabel('announcementPriority', 'HIGH')}</Badge>}
        </span>
        <span className={`${styles.fullRow} ${styles.rowMeta}`}>{formatDate(a.publishAt)}</span>
      </button>
      <div id={bodyId} className={styles.announcementBody} hidden={!open}>
        <p className={styles.noteText}>{a.body}</p>
        {(a.readAt || a.expiresAt) && (
          <p className={styles.rowMeta}>
            {[
              a.readAt ? `Read ${formatDateTime(a.readAt)}` : '',
              a.expiresAt ? `Shown until ${formatDate(a.expiresAt)}` : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * Announcements in the agent app: those addressed to this agent (every agent, or their
 * brokerage's agents), newest first, unread ones marked. The list is the query cache's saved copy
 * when offline, with the time it was fetched.
 */
export function AgentAnnouncementsScreen() {
  const [pageSize, setPageSize] = useState(PAGE);
  const online = useOnline();
  const list = useQuery({
    ...announcementsQueryOptions({ pageIndex: 0, pageSize, unread: false }),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  return (
    <div className={styles.page}>
      <AgentNotices />
      <section className={styles.section} aria-labelledby="agent-announcements">
        <h2 id="agent-announcements" className={styles.sectionTitle}>
          Announcements{data ? ` (${data.unreadCount} unread)` : ''}
        </h2>
        {list.dataUpdatedAt > 0 && (
          <p className={styles.muted}>
            {online ? 'Last updated' : 'Saved copy from'} {formatDateTime(new Date(list.dataUpdatedAt).toISOString())}
          </p>
        )}
        {list.isPending && <Skeleton label="Loading announcements" shape="list" />}
        {list.isError && !data && <QueryFailure thing="The announcements" retry={list.refetch} />}
        {data && data.content.length === 0 && <p className={styles.muted}>No announcements yet.</p>}
        {data && data.content.length > 0 && (
          <ul className={styles.list} aria-label="Announcements" aria-busy={list.isFetching || undefined}>
            {data.content.map((a) => (
              <AnnouncementRow key={a.id} announcement={a} />
            ))}
          </ul>
        )}
        {data && data.totalElements > data.content.length && (
          <Button variant="text" onClick={() => setPageSize((n) => n + PAGE)} disabled={list.isFetching || !online}>
            Show more ({data.content.length} of {data.totalElements})
          </Button>
        )}
      </section>
    </div>
  );
}
