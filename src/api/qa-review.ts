import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';

import { paged } from '../contract/common.ts';
import { Disposition } from '../contract/interviews.ts';
import {
  QaFigures,
  QaHandlers,
  QaQueueItem,
  QaQueuePage,
  Recording,
  type QaReviewRequest,
} from '../contract/qa-review.ts';
import { request, requestBlob } from './client.ts';
import { sortParam, type Paging } from './staff.ts';
import { write } from './write.ts';

// QA review: the queue of recorded calls, the reviewer figures, the scorecard, recordings.

/** The queue's URL filters: status, disposition id, handler id, call days (YYYY-MM-DD, the browser's zone), reviewer id, reviewed since (ISO). */
export type QaQueueFilter = {
  status: string;
  disposition: string;
  handledBy: string;
  from: string;
  to: string;
  reviewer: string;
  reviewedFrom: string;
};
export type QaQueueParams = Paging & QaQueueFilter & { sort: { key: string; desc: boolean } };

export const qaKeys = {
  all: ['qa-review'] as const,
  queue: (p: QaQueueParams) => [...qaKeys.all, 'queue', p] as const,
  opportunity: (id: number) => [...qaKeys.all, 'opportunity', id] as const,
  figures: (since: string) => [...qaKeys.all, 'figures', since] as const,
  handlers: () => [...qaKeys.all, 'handlers'] as const,
  dispositions: () => ['dispositions'] as const,
  recordings: (interactionId: number) => [...qaKeys.all, 'recordings', interactionId] as const,
};

/** Local midnight of a YYYY-MM-DD day as an ISO time (undefined for no day). */
export function dayStart(day: string, plusDays = 0): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).toISOString();
}

/** Monday 00:00 of this week in the browser's time zone (the figures' "this week"). */
export function weekStart(now = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7)).toISOString();
}

export const qaQueueQueryOptions = (p: QaQueueParams) =>
  queryOptions({
    queryKey: qaKeys.queue(p),
    queryFn: () =>
      request('/interviews-api/qa-reviews', {
        query: {
          pageIndex: p.pageIndex,
          pageSize: p.pageSize,
          sort: sortParam(p.sort),
          status: p.status || undefined,
          dispositionId: p.disposition || undefined,
          handledBy: p.handledBy || undefined,
          reviewerId: p.reviewer || undefined,
          from: dayStart(p.from),
          to: dayStart(p.to, 1),
          reviewedFrom: p.reviewedFrom || undefined,
        },
        schema: QaQueuePage,
      }),
  });

/** Every recorded call of one opportunity with its review (the review page). */
export const qaOpportunityQueryOptions = (opportunityId: number) =>
  queryOptions({
    queryKey: qaKeys.opportunity(opportunityId),
    queryFn: () =>
      request('/interviews-api/qa-reviews', {
        query: { opportunityId, pageSize: 100, sort: 'callAt,ASC' },
        schema: QaQueuePage,
      }),
  });

export const qaFiguresQueryOptions = (since: string) =>
  queryOptions({
    queryKey: qaKeys.figures(since),
    queryFn: () => request('/interviews-api/qa-reviews/figures', { query: { since }, schema: QaFigures }),
  });

export const qaHandlersQueryOptions = () =>
  queryOptions({
    queryKey: qaKeys.handlers(),
    staleTime: 5 * 60_000,
    queryFn: () => request('/interviews-api/qa-reviews/handlers', { schema: QaHandlers }),
  });

const DISPOSITIONS_PAGE = 1000; // spec 2 section 9
export const dispositionsQueryOptions = () =>
  queryOptions({
    queryKey: qaKeys.dispositions(),
    staleTime: 5 * 60_000,
    queryFn: () =>
      request('/interviews-api/dispositions', {
        query: { pageIndex: 0, pageSize: DISPOSITIONS_PAGE },
        schema: paged(Disposition),
      }),
  });

export const callRecordingsQueryOptions = (interactionId: number) =>
  queryOptions({
    queryKey: qaKeys.recordings(interactionId),
    queryFn: () => request(`/interviews-api/interactions/${interactionId}/recordings`, { schema: v.array(Recording) }),
  });

/** The recording's audio (audio/wav) as a Blob; the page plays it from an object URL. */
export const recordingAudio = (recordingId: number) => requestBlob(`/interviews-api/recordings/${recordingId}/audio`);

export const saveQaReview = (interactionId: number, review: QaReviewRequest) =>
  request(`/interviews-api/interactions/${interactionId}/review`, { method: 'PUT', json: review, schema: QaQueueItem });

/** Saves a call's scorecard: the queue and the figures are read again before the write settles. */
export const saveQaReviewWrite = (interactionId: number) =>
  write(
    (review: QaReviewRequest) => saveQaReview(interactionId, review),
    (client) => ({ onSuccess: () => client.invalidateQueries({ queryKey: qaKeys.all }) }),
  );
