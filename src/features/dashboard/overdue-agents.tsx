import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { agentsTotalQueryOptions, DASHBOARD_PAGE_SIZE, overdueAgentsQueryOptions } from '../../api/dashboard.ts';
import { daysText, formatCount } from '../../lib/format.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useDashboard } from './dashboard-context.ts';
import * as styles from './dashboard.css.ts';
import { initialOf } from './leaderboard.tsx';
import { CardState, WidgetCard } from './widget-card.tsx';

/**
 * The spec's link: My Agents sorted by overdue, descending, with no status filter, so every agent the
 * widget lists (an agent in training, paused or on hold has referrals too) is in the list it opens.
 */
export const MY_AGENTS_BY_OVERDUE = `${pathTo('my-agents')}?sort=overdue,DESC`;

/**
 * The link's words: the spec's "View All {n} Active Agents" less "Active", since n is every agent the
 * list shows, whatever their status (docs/decisions/0048-console-behaviour-where-the-spec-is-silent.md).
 */
export const viewAllText = (n: number) => `View All ${formatCount(n)} Agents`;
/** What View All counts, said beside it (the leaderboard, ranking working agents only, says what it counts too). */
export const VIEW_ALL_COUNTS = 'All agents of any status but deleted, as My Agents lists them.';

/** Agents with overdue referrals (count above 0), 5 a page, and a way to all of the brokerage's agents. */
export function OverdueAgentsWidget() {
  const { brokerageId } = useDashboard();
  const [pageIndex, setPageIndex] = useState(0);
  const q = useQuery({ ...overdueAgentsQueryOptions(brokerageId, pageIndex), placeholderData: keepPreviousData });
  const all = useQuery(agentsTotalQueryOptions(brokerageId));
  const page = q.data?.content ?? [];
  const rows = page.filter((a) => a.funnelStatus.stages.overdueForFollowup.count > 0);
  // Sorted by overdue count: a full page of overdue agents may continue on the next one.
  const more =
    !!q.data && rows.length === DASHBOARD_PAGE_SIZE && (pageIndex + 1) * DASHBOARD_PAGE_SIZE < q.data.totalElements;
  const total = all.data?.totalElements;
  return (
    <WidgetCard id="overdueAgents" span={4}>
      {!q.data ? (
        q.isError ? (
          <QueryFailure thing="The agents" retry={q.refetch} />
        ) : (
          <Skeleton shape="list" label="Loading overdue agents" />
        )
      ) : rows.length === 0 ? (
        <CardState>No agents have overdue referrals.</CardState>
      ) : (
        <ul className={styles.list} aria-label="Agents with overdue referrals">
          {rows.map((a) => {
            const count = a.funnelStatus.stages.overdueForFollowup.count;
            return (
              <li key={a.id} className={styles.listItem}>
                <span className={styles.nameCell}>
                  <span className={styles.avatar} aria-hidden="true">
                    {initialOf(a.name.display)}
                  </span>
                  <span className={styles.itemMain}>
                    <Link href={pathTo('view-my-agent', { id: a.id })}>{a.name.display ?? 'Not Available'}</Link>
                    <span className={styles.overdue}>
                      {formatCount(count)} overdue {count === 1 ? 'referral' : 'referrals'}, up to{' '}
                      {daysText(a.funnelStatus.stages.maxDaysOverdue.count)}
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
            <Button
              variant="text"
              aria-label="Previous page"
              disabled={pageIndex === 0}
              onClick={() => setPageIndex((p) => p - 1)}
            >
              ‹
            </Button>
            <Button variant="text" aria-label="Next page" disabled={!more} onClick={() => setPageIndex((p) => p + 1)}>
              ›
            </Button>
          </nav>
        )}
        {total !== undefined && (
          <Link className={buttonClass('secondary')} href={MY_AGENTS_BY_OVERDUE}>
            {viewAllText(total)}
          </Link>
        )}
        {total !== undefined && <p className={styles.disclaimer}>{VIEW_ALL_COUNTS}</p>}
      </div>
    </WidgetCard>
  );
}
