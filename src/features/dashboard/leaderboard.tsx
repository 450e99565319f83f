import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { DASHBOARD_PAGE_SIZE, leaderboardQueryOptions, type LeaderboardSortKey } from '../../api/dashboard.ts';
import type { LeaderboardRow } from '../../contract/agents.ts';
import { formatCount, formatScore, formatUsd, responseTimes } from '../../lib/format.ts';
import { pageIndexOf } from '../../lib/pagination.ts';
import { Pagination, usePagination } from '../../ui/pagination.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useDashboard } from './dashboard-context.ts';
import * as styles from './dashboard.css.ts';
import { LEADERBOARD_FIRST_PAGE } from './overview-queries.ts';
import { CardState, WidgetCard } from './widget-card.tsx';

const COLUMNS: { key: LeaderboardSortKey; label: string; numeric: boolean }[] = [
  { key: 'name', label: 'Name', numeric: false },
  { key: 'agentDisplayScore', label: 'Score', numeric: true },
  { key: 'closings', label: 'Closings', numeric: true },
  { key: 'revenue', label: 'Trans. $', numeric: true },
];

export const initialOf = (name: string | null) => name?.trim().charAt(0).toUpperCase() || '-';

function Row({ row }: { row: LeaderboardRow }) {
  const [, navigate] = useLocation();
  const href = pathTo('view-my-agent', { id: row.agentId });
  return (
    <tr className={styles.clickableRow} onClick={() => navigate(href)}>
      <td className={styles.td}>
        <span className={styles.nameCell}>
          <span className={styles.avatar} aria-hidden="true">
            {initialOf(row.name)}
          </span>
          <Link href={href} onClick={(e) => e.stopPropagation()}>
            {row.name ?? 'Not Available'}
          </Link>
        </span>
      </td>
      <td className={`${styles.td} ${styles.num}`}>{formatScore(row.agentDisplayScore)}</td>
      <td className={`${styles.td} ${styles.num}`}>{formatCount(row.closings ?? 0)}</td>
      <td className={`${styles.td} ${styles.num}`}>{formatUsd(row.revenue ?? 0)}</td>
      <td className={styles.td}>{responseTimes(row.last7ResponseTime, row.last30ResponseTime)}</td>
    </tr>
  );
}

/**
 * What the leaderboard counts, said under it: it ranks working agents only, so its total can be below
 * My Agents' and the overdue widget's "View All", which count every agent not deleted.
 */
export const leaderboardCounts = (n: number) =>
  `Ranks ${formatCount(n)} working ${n === 1 ? 'agent' : 'agents'} (active, in training, paused or on hold); invited, unsigned and deactivated agents are on My Agents but not ranked.`;

/** The spec's "*" for a missing response time, explained under the table wherever one shows. */
export const MISSING_RESPONSE_TIME = '* No referral received in that period, or none answered yet.';

/** Agent leaderboard: sortable by name, score, closings and volume (score descending first), 5 a page. */
export function LeaderboardWidget() {
  const { brokerageId } = useDashboard();
  const [sort, setSort] = useState<{ key: LeaderboardSortKey; descending: boolean }>({
    key: LEADERBOARD_FIRST_PAGE.sort,
    descending: LEADERBOARD_FIRST_PAGE.descending,
  });
  const [paging, setPaging] = usePagination(undefined, DASHBOARD_PAGE_SIZE);
  const q = useQuery({
    ...leaderboardQueryOptions(brokerageId, {
      pageIndex: pageIndexOf(paging),
      pageSize: DASHBOARD_PAGE_SIZE,
      sort: sort.key,
      descending: sort.descending,
    }),
    placeholderData: keepPreviousData,
  });
  const sortBy = (key: LeaderboardSortKey, numeric: boolean) => {
    setSort((s) => (s.key === key ? { key, descending: !s.descending } : { key, descending: numeric }));
    setPaging({ ...paging, page: 1 });
  };
  return (
    <WidgetCard id="leaderboard" span={8}>
      {!q.data ? (
        q.isError ? (
          <QueryFailure thing="The leaderboard" retry={q.refetch} />
        ) : (
          <Skeleton shape="list" label="Loading leaderboard" />
        )
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-label="Agent leaderboard">
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th
                      key={c.key}
                      scope="col"
                      className={`${styles.th} ${c.numeric ? styles.num : ''}`}
                      aria-sort={sort.key === c.key ? (sort.descending ? 'descending' : 'ascending') : undefined}
                    >
                      <button type="button" className={styles.sortButton} onClick={() => sortBy(c.key, c.numeric)}>
                        {c.label}
                        <span aria-hidden="true">{sort.key === c.key ? (sort.descending ? ' ↓' : ' ↑') : ''}</span>
                      </button>
                    </th>
                  ))}
                  <th scope="col" className={styles.th}>
                    7/30 Day Response Time
                  </th>
                </tr>
              </thead>
              <tbody>
                {q.data.content.map((r) => (
                  <Row key={r.agentId} row={r} />
                ))}
              </tbody>
            </table>
          </div>
          {q.data.totalElements === 0 && <CardState>No agents yet.</CardState>}
          <p className={styles.disclaimer}>{leaderboardCounts(q.data.totalElements)}</p>
          {q.data.content.some((r) => responseTimes(r.last7ResponseTime, r.last30ResponseTime).includes('*')) && (
            <p className={styles.disclaimer}>{MISSING_RESPONSE_TIME}</p>
          )}
          <Pagination
            rowsType="agents"
            state={{ ...paging, totalItems: q.data.totalElements }}
            onChange={setPaging}
            rowsPerPageOptions={[DASHBOARD_PAGE_SIZE]}
          />
        </>
      )}
    </WidgetCard>
  );
}
