import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { notificationsQueryOptions } from '../../api/dashboard.ts';
import { formatDateTime } from '../../lib/format.ts';
import { sentInLast24Hours } from '../../lib/last-24-hours.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/layout.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import * as styles from './dashboard.css.ts';

import { NO_NOTIFICATIONS, NOTIFICATIONS_ERROR } from '../../contract/agent-notifications.ts';

export { NO_NOTIFICATIONS, NOTIFICATIONS_ERROR };

/** The bell: the brokerage's agents' notifications of the last 24 hours, in a panel that Escape closes. */
export function NotificationsMenu({ brokerageId }: { brokerageId: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const q = useQuery(notificationsQueryOptions(brokerageId));
  // The 24 hours end when the list was fetched: the render stays pure, and a refetch moves them on.
  const items = sentInLast24Hours(q.data?.content ?? [], q.dataUpdatedAt);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') { setOpen(false); wrap.current?.querySelector('button')?.focus(); } };
    const onDown = (e: PointerEvent) => { if (!wrap.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => { document.removeEventListener('keydown', onKey); document.removeEventListener('pointerdown', onDown); };
  }, [open]);

  return (
    <div className={styles.menuWrap} ref={wrap}>
      <Button variant="icon" aria-expanded={open} aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}>
        <Icon name="bell" />
        {/* The name is text, not aria-label: a visible count beside an aria-label fails axe's label-content-name-mismatch. */}
        <span className={visuallyHidden}>Notifications</span>
        {items.length > 0 && <span className={styles.badge} aria-hidden="true">{items.length}</span>}
      </Button>
      {open && (
        <div id={panelId} className={styles.menu} role="region" aria-label="Notifications">
          <h2 className={styles.menuTitle}>Notifications</h2>
          {q.data ? (items.length === 0 ? <p className={styles.muted}>{NO_NOTIFICATIONS}</p> : (
            <ul className={styles.list}>
              {items.map((n) => (
                <li key={n.id} className={styles.listItem}>
                  <span className={styles.itemMain}>
                    <strong>{n.title}</strong>
                    <span>{n.text}</span>
                    <span className={styles.itemMeta}>{[n.agentDisplayName, formatDateTime(n.sent)].filter(Boolean).join(' · ')}</span>
                  </span>
                </li>
              ))}
            </ul>
          )) : q.isError ? <p className={styles.muted} role="alert">{NOTIFICATIONS_ERROR}</p> : <Spinner label="Loading notifications" />}
        </div>
      )}
    </div>
  );
}
