import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { notificationsQueryOptions } from '../../api/dashboard.ts';
import { NO_NOTIFICATIONS, NOTIFICATIONS_ERROR } from '../../contract/agent-notifications.ts';
import type { AgentNotification } from '../../contract/notifications.ts';
import { formatDateTime } from '../../lib/format.ts';
import { sentInLast24Hours } from '../../lib/last-24-hours.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import * as styles from './notifications-menu.css.ts';

export { NO_NOTIFICATIONS, NOTIFICATIONS_ERROR };

/**
 * Where a notification leads: the referral it is about, or (a sample names none) the agent it was
 * sent to (docs/decisions/0048-console-behaviour-where-the-spec-is-silent.md).
 */
export const notificationHref = (n: Pick<AgentNotification, 'referralId' | 'agentId'>): string =>
  n.referralId !== null
    ? pathTo('my-referral-view', { referralId: n.referralId })
    : pathTo('view-my-agent', { id: n.agentId });

/**
 * The bell: the brokerage's agents' notifications of the last 24 hours, in a panel whose rows open
 * what each is about and whose foot opens My Notifications. Escape closes it and gives the bell back its focus.
 */
export function NotificationsMenu({ brokerageId }: { brokerageId: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const q = useQuery(notificationsQueryOptions(brokerageId));
  // The 24 hours end when the list was fetched: the render stays pure, and a refetch moves them on.
  const items = sentInLast24Hours(q.data?.content ?? [], q.dataUpdatedAt);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        wrap.current?.querySelector('button')?.focus();
      }
    };
    const onDown = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  return (
    <div className={styles.wrap} ref={wrap}>
      <Button variant="icon" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <Icon name="bell" />
        {/* The name is text, not aria-label: a visible count beside an aria-label fails axe's label-content-name-mismatch. */}
        <span className={visuallyHidden}>Notifications</span>
        {items.length > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {items.length}
          </span>
        )}
      </Button>
      {open && (
        <div id={panelId} className={styles.panel} role="region" aria-labelledby={titleId}>
          <h2 id={titleId} className={styles.title}>
            Notifications
          </h2>
          <div className={styles.body}>
            {q.data ? (
              items.length === 0 ? (
                <p className={styles.message}>{NO_NOTIFICATIONS}</p>
              ) : (
                <ul className={styles.list} aria-label="Notifications of the last 24 hours">
                  {items.map((n) => (
                    <li key={n.id}>
                      <Link href={notificationHref(n)} className={styles.row} onClick={close}>
                        <strong className={styles.rowTitle}>{n.title}</strong>
                        <span>{n.text}</span>
                        <span className={styles.meta}>
                          {[n.agentDisplayName, formatDateTime(n.sent)].filter(Boolean).join(' · ')}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )
            ) : q.isError ? (
              <p className={styles.message} role="alert">
                {NOTIFICATIONS_ERROR}
              </p>
            ) : (
              <Skeleton label="Loading notifications" shape="list" />
            )}
          </div>
          <div className={styles.footer}>
            <Link href={pathTo('my-notifications')} className={styles.seeAll} onClick={close}>
              See all
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
