import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'wouter';

import { DNC_BLOCKED_PARAM, dncQueryOptions } from '../../api/dnc.ts';
import { dncChannelLabel } from '../../contract/labels.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from './dashboard.css.ts';

/** Roles of the contact center: their overview is the do-not-call work, not a brokerage's figures. */
export const CONTACT_CENTER_ROLES = ['CSR', 'CSR_SUPERVISOR'];
const RECENT = 5; // the newest DNC requests shown on the landing

/** A figure that opens the list it counts: the DNC List with the same filter, whose total equals it. */
function Figure({ label, value, href }: { label: string; value: number | undefined; href: string }) {
  return (
    <Link
      href={href}
      className={styles.itemMain}
      aria-label={`${label}: ${value === undefined ? 'loading' : formatCount(value)}`}
    >
      {/* The space keeps the visible words apart, so the link's name contains them (WCAG 2.5.3, Label in Name). */}
      <span className={styles.itemMeta}>{label}</span> <strong>{value === undefined ? '…' : formatCount(value)}</strong>
    </Link>
  );
}

/** A CSR's landing on /console: recent DNC requests, the list's counts, and the way to the list. */
export function ContactCenterOverview() {
  const recentId = useId();
  const recent = useQuery(dncQueryOptions({ pageIndex: 0, pageSize: RECENT, value: '', blockedOnly: false }));
  const blocked = useQuery(dncQueryOptions({ pageIndex: 0, pageSize: 1, value: '', blockedOnly: true }));
  return (
    <Page>
      <div className={styles.grid}>
        <Card className={`${styles.card} ${styles.span4}`} aria-label="Do-not-call list">
          <h2 className={styles.muted}>Do-not-call list</h2>
          <Figure label="Contacts on the list" value={recent.data?.totalElements} href="/console/dnc-list" />
          <Figure
            label="Inbound blocked"
            value={blocked.data?.totalElements}
            href={`/console/dnc-list?${DNC_BLOCKED_PARAM}=true`}
          />
          {(recent.isError || blocked.isError) && <QueryFailure thing="The DNC figures" />}
          <div className={styles.footer}>
            <Link href="/console/dnc-list" className={buttonClass('primary')}>
              Open the DNC List
            </Link>
          </div>
        </Card>
        <Card className={`${styles.card} ${styles.span4}`} aria-labelledby={recentId}>
          <h2 id={recentId} className={styles.muted}>
            Recent DNC requests
          </h2>
          {recent.data ? (
            recent.data.content.length === 0 ? (
              <p className={styles.muted}>No DNC contacts found.</p>
            ) : (
              <ul className={styles.list} aria-label="Recent DNC requests">
                {recent.data.content.map((c) => (
                  <li key={c.id} className={styles.listItem}>
                    <span className={styles.itemMain}>
                      <strong>{c.type === 'PHONE' ? formatPhone(c.value) : c.value}</strong>
                      <span className={styles.itemMeta}>
                        {[dncChannelLabel(c.channel), c.blocked ? 'Inbound blocked' : null, formatDateTime(c.created)]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )
          ) : recent.isError ? null : (
            <Skeleton label="Loading DNC requests" shape="list" />
          )}
        </Card>
      </div>
    </Page>
  );
}
