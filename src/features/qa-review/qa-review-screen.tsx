import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import {
  dispositionsQueryOptions,
  qaFiguresQueryOptions,
  qaHandlersQueryOptions,
  qaQueueQueryOptions,
  weekStart,
  type QaQueueFilter,
} from '../../api/qa-review.ts';
import { dispositionLabel } from '../../contract/interviews.ts';
import { QA_STATUS_FILTERS, type QaQueueItem } from '../../contract/qa-review.ts';
import { formatCount, formatDateTime, formatPercent } from '../../lib/format.ts';
import type { ListSpec } from '../../lib/list-view.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { dispositionText, durationText, QA_STATUS_LABELS, qaTone } from './qa-format.ts';

const SPEC: ListSpec<QaQueueFilter> = {
  filter: { status: 'AWAITING', disposition: '', handledBy: '', from: '', to: '', reviewer: '', reviewedFrom: '' },
  sort: { key: 'callAt', desc: true },
  sortKeys: ['callAt', 'reviewedAt'],
  options: { status: ['', ...QA_STATUS_FILTERS] },
};

const COLUMNS: Column<QaQueueItem>[] = [
  {
    key: 'client',
    header: 'Client',
    cell: (i) => (
      <Link href={`${pathTo('qa-review-opportunity', { id: i.opportunityId })}?call=${i.interactionId}`}>
        {i.clientName ?? `Opportunity ${i.opportunityId}`}
      </Link>
    ),
  },
  { key: 'callAt', header: 'Call', sortKey: 'callAt', cell: (i) => formatDateTime(i.callAt) },
  { key: 'duration', header: 'Length', cell: (i) => durationText(i.durationSeconds) },
  { key: 'handledBy', header: 'Handled By', cell: (i) => i.handledBy?.name ?? '-' },
  { key: 'disposition', header: 'Disposition', cell: (i) => dispositionText(i.disposition) },
  { key: 'brokerage', header: 'Brokerage', cell: (i) => i.brokerageName },
  {
    key: 'reviewedAt',
    header: 'Review',
    sortKey: 'reviewedAt',
    cell: (i) => (
      <>
        <Badge tone={qaTone(i.status)}>{QA_STATUS_LABELS[i.status]}</Badge>
        {i.review && (
          <span className={styles.meta}>
            {' '}
            {i.review.reviewer?.name ?? ''}, {formatDateTime(i.review.reviewedAt)}
          </span>
        )}
      </>
    ),
  },
];

/** The link to the queue filtered as a figure counts. */
const queueLink = (q: Record<string, string | number>) =>
  `${pathTo('qa-review')}?${new URLSearchParams(Object.entries(q).map(([k, val]) => [k, String(val)])).toString()}`;

function ReviewerFigures() {
  const since = weekStart();
  const query = useQuery(qaFiguresQueryOptions(since));
  const f = query.data;
  if (query.isError)
    return (
      <Card>
        <QueryFailure thing="The reviewer figures" />
      </Card>
    );
  const rate = (r: number | null) => (r === null ? '-' : formatPercent(r));
  return (
    <Card aria-labelledby="qa-figures">
      <h2 id="qa-figures" className={styles.subheading}>
        This week
      </h2>
      {!f ? (
        <p className={styles.meta}>Loading figures…</p>
      ) : (
        <dl className={styles.details}>
          <div>
            <dt className={styles.term}>{QA_STATUS_LABELS.AWAITING}</dt>
            <dd className={styles.definition}>
              <Link href={queueLink({ status: 'AWAITING' })}>{formatCount(f.awaiting)}</Link>
            </dd>
          </div>
          <div>
            <dt className={styles.term}>Reviewed by you</dt>
            <dd className={styles.definition}>
              <Link href={queueLink({ status: 'REVIEWED', reviewer: f.reviewerId, reviewedFrom: f.since })}>
                {formatCount(f.mine.reviewed)}
              </Link>
            </dd>
          </div>
          <div>
            <dt className={styles.term}>Your pass rate</dt>
            <dd className={styles.definition}>
              {rate(f.mine.passRate)}{' '}
              <Link href={queueLink({ status: 'PASSED', reviewer: f.reviewerId, reviewedFrom: f.since })}>
                ({formatCount(f.mine.passed)} passed)
              </Link>
            </dd>
          </div>
          <div>
            <dt className={styles.term}>Reviewed by the team</dt>
            <dd className={styles.definition}>
              <Link href={queueLink({ status: 'REVIEWED', reviewedFrom: f.since })}>
                {formatCount(f.team.reviewed)}
              </Link>
            </dd>
          </div>
          <div>
            <dt className={styles.term}>Team pass rate</dt>
            <dd className={styles.definition}>
              {rate(f.team.passRate)}{' '}
              <Link href={queueLink({ status: 'PASSED', reviewedFrom: f.since })}>
                ({formatCount(f.team.passed)} passed)
              </Link>
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}

/** QA Review: recorded calls awaiting review (or reviewed), filtered by disposition, call date and handler; the week's reviewer figures. */
export function QaReviewScreen() {
  const list = useUrlListState(SPEC);
  const query = useQuery({ ...qaQueueQueryOptions(list.params), placeholderData: keepPreviousData });
  const dispositions = useQuery(dispositionsQueryOptions());
  const handlers = useQuery(qaHandlersQueryOptions());
  const { filter } = list;
  const me = useStore(profileStore, (p) => p.user?.id);
  return (
    <Page title="QA Review">
      <div className={styles.stack}>
        <ReviewerFigures />
        <Card>
          <div className={styles.toolbar}>
            <SelectField
              label="Review"
              value={filter.status}
              onChange={(e) => list.setFilter({ status: e.target.value })}
            >
              <option value="">All calls</option>
              {QA_STATUS_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {QA_STATUS_LABELS[s]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Disposition"
              value={filter.disposition}
              onChange={(e) => list.setFilter({ disposition: e.target.value })}
            >
              <option value="">All dispositions</option>
              {(dispositions.data?.content ?? []).map((d) => (
                <option key={d.id} value={String(d.id)}>
                  {dispositionLabel(d)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Handled By"
              value={filter.handledBy}
              onChange={(e) => list.setFilter({ handledBy: e.target.value })}
            >
              <option value="">Anyone</option>
              {(handlers.data ?? []).map((h) => (
                <option key={h.id} value={String(h.id)}>
                  {h.name ?? `User ${h.id}`}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Call From"
              type="date"
              value={filter.from}
              max={filter.to || undefined}
              onChange={(e) => list.setFilter({ from: e.target.value })}
            />
            <TextField
              label="Call To"
              type="date"
              value={filter.to}
              min={filter.from || undefined}
              onChange={(e) => list.setFilter({ to: e.target.value })}
            />
          </div>
          {(filter.reviewer || filter.reviewedFrom) && (
            <p className={styles.meta}>
              Reviewed{filter.reviewer ? (filter.reviewer === String(me) ? ' by you' : ' by one reviewer') : ''}
              {filter.reviewedFrom ? ` since ${formatDateTime(filter.reviewedFrom)}` : ''}.{' '}
              <Button variant="text" onClick={() => list.setFilter({ reviewer: '', reviewedFrom: '' })}>
                Show every reviewer
              </Button>
            </p>
          )}
          {query.isError && (
            <p role="alert" className={styles.formError}>
              Whoops, Something went wrong. Try again.
            </p>
          )}
          <DataTable
            label="QA queue"
            columns={COLUMNS}
            rows={query.data?.content ?? []}
            rowKey={(i) => i.interactionId}
            sort={list.sort}
            onSortChange={list.setSort}
            loading={query.isPending}
            empty="No calls match these filters."
          />
          <Pagination rowsType="qa" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
        </Card>
      </div>
    </Page>
  );
}
