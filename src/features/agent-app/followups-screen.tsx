import { keepPreviousData, useIsRestoring, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'wouter';

import { FOLLOWUP_SORTS, type FollowupSort } from '../../api/agent-app-keys.ts';
import { referralsQueryOptions } from '../../api/agent-app.ts';
import { formatDateTime } from '../../lib/format.ts';
import { isReferralStage, REFERRAL_TYPES, stageLabel, type ReferralType } from '../../lib/referral-stages.ts';
import { Button } from '../../ui/button.tsx';
import { Deferred } from '../../ui/deferred.tsx';
import { useIsMobile } from '../../ui/media.ts';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useTopBarActions } from '../../ui/top-bar-actions.tsx';
import * as styles from './agent-app.css.ts';
import { AgentNotices, SYNC_PATH } from './agent-notices.tsx';
import { DaySyncStamp } from './day-sync-stamp.tsx';
import { FollowupRow } from './followup-row.tsx';
import { FollowupsControls, type FollowupFilter } from './followups-controls.tsx';
import { NotificationsCard } from './notifications-card.tsx';
import { useQueuedWrites } from './use-agent-writes.ts';
import { useAgentId, useOnline } from './use-agent.ts';

const PAGE = 25;
const TYPE_WORDS: Record<ReferralType, string> = { BUYER: 'Buyer', SELLER: 'Seller', RENTAL: 'Rental' };

/** Follow-ups: the agent's referrals, overdue first. Filter, search, sort and funnel stage live in the URL. */
/**
 * The follow-ups, once the saved copy of the query cache is back (a few tens of ms from IndexedDB):
 * drawn before it, the notifications card and the list arrived one after the other and pushed the
 * page down twice (Lighthouse measured a layout shift of 0.2 on the phone).
 */
export function FollowupsScreen() {
  const restoring = useIsRestoring();
  // Opened while the cache is restored (a load of the page), the list mounts at transition priority:
  // mounted by the end of the restore (a default-priority update, never sliced) it rendered the
  // page in one task, the longest of the load. Opened from another page, it renders at once.
  const [opened] = useState(restoring);
  const spinner = <Skeleton label="Loading follow-ups" shape="list" />;
  if (restoring) return spinner;
  return opened ? (
    <Deferred fallback={spinner}>
      <FollowupsList />
    </Deferred>
  ) : (
    <FollowupsList />
  );
}

function FollowupsList() {
  const agentId = useAgentId();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const [pageSize, setPageSize] = useState(PAGE);
  const [searchOpen, setSearchOpen] = useState(false);
  const [sortOpen, setSortOpen] = useState(false);
  const queued = useQueuedWrites();
  const online = useOnline();

  const filterParam = params.get('followupType');
  const filter: FollowupFilter = filterParam === 'OVERDUE' || filterParam === 'UP_TO_DATE' ? filterParam : 'ALL';
  const sortParam = params.get('sort');
  const sort: FollowupSort = FOLLOWUP_SORTS.find((s) => s === sortParam) ?? 'overdue';
  const q = params.get('q') ?? '';
  const stage = params.get('s') ?? undefined;
  const typeParam = params.get('t');
  const type = REFERRAL_TYPES.find((t) => t === typeParam);
  const stages = stage?.split(',').filter(isReferralStage) ?? [];

  const setParam = useCallback(
    (name: string, value: string | undefined) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      );
      setPageSize(PAGE);
    },
    [setParams],
  );
  const onSearch = useCallback((text: string) => setParam('q', text || undefined), [setParam]);
  const toggleSearch = useCallback(() => setSearchOpen((o) => !o), []);
  const openSort = useCallback(() => setSortOpen(true), []);
  useTopBarActions({ onSearch: toggleSearch, onSort: openSort });

  const list = useQuery({
    ...referralsQueryOptions(agentId ?? 0, {
      followupType: filter === 'ALL' ? undefined : filter,
      q: q || undefined,
      sort,
      stage: stages.join(',') || undefined,
      type,
      pageSize,
    }),
    enabled: agentId !== null,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.content ?? [];

  return (
    <div className={styles.page}>
      <AgentNotices />
      <NotificationsCard />
      <section className={styles.section} aria-label="Follow-ups list">
        <FollowupsControls
          mobile={mobile}
          filter={filter}
          onFilter={(f) => setParam('followupType', f === 'ALL' ? undefined : f)}
          q={q}
          onSearch={onSearch}
          sort={sort}
          onSort={(s) => setParam('sort', s === 'overdue' ? undefined : s)}
          searchOpen={searchOpen}
          sortOpen={sortOpen}
          onSortOpen={setSortOpen}
        />
        {(stages.length > 0 || type) && (
          <p className={styles.filterBar}>
            <span>
              Showing {[stages.map(stageLabel).join(', '), type && TYPE_WORDS[type]].filter(Boolean).join(' · ')}
            </span>
            <Button
              variant="secondary"
              onClick={() =>
                setParams(
                  (prev) => {
                    const next = new URLSearchParams(prev);
                    next.delete('s');
                    next.delete('t');
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              Clear stage filter
            </Button>
          </p>
        )}
        {!online && list.dataUpdatedAt > 0 && (
          <p className={styles.muted}>Saved copy from {formatDateTime(new Date(list.dataUpdatedAt).toISOString())}</p>
        )}
        <DaySyncStamp agentId={agentId} />
        {list.isPending && agentId !== null && <Skeleton label="Loading follow-ups" shape="list" />}
        {list.isError && !list.data && (
          <QueryFailure text={`The follow-ups could not be loaded. ${list.error.message}`} retry={list.refetch} />
        )}
        {list.isSuccess && rows.length === 0 && <p className={styles.muted}>No referrals to show.</p>}
        {rows.length > 0 && (
          <ul className={styles.list} aria-label="Follow-ups">
            {rows.map((r) => (
              <FollowupRow key={r.id} referral={r} queued={queued} />
            ))}
          </ul>
        )}
        {list.data && list.data.totalElements > rows.length && (
          <Button variant="text" onClick={() => setPageSize((n) => n + PAGE)} disabled={list.isFetching}>
            Show more ({rows.length} of {list.data.totalElements})
          </Button>
        )}
      </section>
      {/* Under the list once it has loaded: above a spinner it would jump down when the rows arrive. */}
      {!list.isPending && (
        <Link href={SYNC_PATH} className={styles.link}>
          Unsynced changes
        </Link>
      )}
    </div>
  );
}
