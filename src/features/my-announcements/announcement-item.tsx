import { useId, useState } from 'react';

import { announcementReadWrite } from '../../api/announcements.ts';
import { useWrite } from '../../api/write.ts';
import type { Announcement } from '../../contract/announcements.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from './announcements.css.ts';

/** One announcement: a button opens it, and opening an unread one marks it read for this user (every device). */
export function AnnouncementItem({ announcement: a }: { announcement: Announcement }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const snackbar = useSnackbar();
  const mark = useWrite(announcementReadWrite(a.id), {
    onError: () => snackbar('Whoops, Something went wrong. Try again.', { tone: 'error' }),
  });
  const unread = a.readAt === null;
  const toggle = () => {
    setOpen((o) => !o);
    if (!open && unread && !mark.isPending) mark.mutate(true);
  };
  return (
    <li className={[styles.item, unread ? styles.unread : '', a.priority === 'HIGH' ? styles.high : ''].join(' ')}>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
        <span className={[styles.title, unread ? styles.titleUnread : ''].join(' ')}>{a.title}</span>
        {unread && <Badge tone="info">Unread</Badge>}
        {a.priority === 'HIGH' && <Badge tone="warning">Important</Badge>}
        <span className={styles.date}>{formatDate(a.publishAt)}</span>
      </button>
      <div id={bodyId} className={styles.body} hidden={!open}>
        <p>{a.body}</p>
        <div className={styles.bodyActions}>
          <span className={styles.date}>
            {[
              a.readAt ? `Read ${formatDateTime(a.readAt)}` : '',
              a.expiresAt ? `Shown until ${formatDate(a.expiresAt)}` : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {a.readAt && (
            <Button variant="text" disabled={mark.isPending} onClick={() => mark.mutate(false)}>
              Mark as Unread
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
