import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { ACTIVE_AGENT_STATUS, activeAgentsQueryOptions, DASHBOARD_PAGE_SIZE, overdueAgentsQueryOptions } from '../../api/dashboard.ts';
import { daysText, formatCount } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/layout.tsx';
import { useDashboard } from './dashboard-context.ts';
import { initialOf } from './leaderboard.tsx';
import { CardState, WidgetCard } from './widget-card.tsx';
import * as styles from './dashboard.css.ts';

/**
 * My Agents sorted by overdue referrals, most first, showing the active agents the button counts (the list
 * alone shows every status but deleted, which is not the "{n} Active Agents" the button promises).
 */
export const MY_AGENTS_BY_OVERDUE = `${pathTo('my-agents')}?status=${ACTIVE_AGENT_STATUS}&sort=overdue&order=desc`;

/** Agents with overdue referrals (count above 0), 5 a page, and a way to all active agents. */
export function OverdueAgentsWidget() {
  const { brokerageId } = useDashboard();
  const [, navigate] = useLocation();
  const [pageIndex, setPageIndex] = useState(0);
  const q = useQuery({ ...overdueAgentsQueryOptions(brokerageId, pageIndex), placeholderData: keepPreviousData });
  const active = useQuery(activeAgentsQueryOptions(brokerageId));
  const page = q.data?.content ?? [];
  const rows = page.filter((a) => a.funnelStatus.stages.overdueForFollowup.count > 0);
  // Sorted by overdue count: a full page of overdue agents may continue on the next one.
  const more = !!q.data && rows.length === DASHBOARD_PAGE_SIZE && (pageIndex + 1) * DASHBOARD_PAGE_SIZE < q.data.totalElements;
  const activeCount = active.data?.totalElements;
  return (
    <WidgetCard id="overdueAgents" span={4}>
      {!q.data ? (q.isError ? <CardState>The agents could not be loaded.</CardState> : <Spinner label="Loading overdue agents" />)
        : rows.length === 0 ? <CardState>No agents have overdue referrals.</CardState> : (
          <ul className={styles.list} aria-label="Agents with overdue referrals">
            {rows.map((a) => {
              const count = a.funnelStatus.stages.overdueForFollowup.count;
              return (
                <li key={a.id} className={styles.listItem}>
                  <span className={styles.nameCell}>
                    <span className={styles.avatar} aria-hidden="true">{initialOf(a.name.display)}</span>
                    <span className={styles.itemMain}>
                      <Link href={pathTo('view-my-agent', { id: a.id })}>{a.name.display ?? 'Not Available'}</Link>
                      <span className={styles.overdue}>
                        {formatCount(count)} overdue {count === 1 ? 'referral' : 'referrals'}, up to {daysText(a.funnelStatus.stages.maxDaysOverdue.count)}
                      </span>
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      <div className={styles.footer}>
        {(pageIndex > 0 || more) && (
          <nav aria-label="Overdue agents pages">
            <Button variant="text" aria-label="Previous page" disabled={pageIndex === 0} onClick={() => setPageIndex((p) => p - 1)}>‹</Button>
            <Button variant="text" aria-label="Next page" disabled={!more} onClick={() => setPageIndex((p) => p + 1)}>›</Button>
          </nav>
        )}
        {activeCount !== undefined && (
          <Button variant="secondary" onClick={() => navigate(MY_AGENTS_BY_OVERDUE)}>View All {activeCount} Active Agents</Button>
        )}
      </div>
    </WidgetCard>
  );
}
