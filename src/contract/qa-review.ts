import * as v from 'valibot';

import { Count, IsoTime, paged, Percent } from './common.ts';
import { Disposition } from './interviews.ts';

// QA review of recorded calls (the interviews-api family of spec 2 section 7): the queue of
// calls with their review, the reviewer figures, the scorecard, and the calls' recordings.

/** The scorecard's criteria (docs/decisions/0019-qa-review-queue-and-scorecard.md): each passes or fails; a call passes when all pass. */
export const QA_CRITERIA = [
  {
    key: 'greeting',
    label: 'Greeting and introduction',
    hint: 'Named themself and Porchlight and said why they called',
  },
  {
    key: 'disclosure',
    label: 'Recording disclosure and consent',
    hint: 'Said the call is recorded; honoured any do-not-contact request',
  },
  { key: 'verification', label: 'Verified contact details', hint: 'Confirmed name, phone number and email address' },
  { key: 'needs', label: 'Needs discovery', hint: 'Asked buying or selling, timeline, area and price range' },
  {
    key: 'disposition',
    label: 'Correct disposition',
    hint: 'The disposition recorded matches what happened on the call',
  },
  { key: 'professionalism', label: 'Professional tone', hint: 'Courteous, clear, no talking over the client' },
] as const;
export type QaCriterionKey = (typeof QA_CRITERIA)[number]['key'];

export const QA_STATUSES = ['AWAITING', 'PASSED', 'FAILED'] as const;
/** The queue's status filter: one status, or REVIEWED (passed or failed); none means every call. */
export const QA_STATUS_FILTERS = ['AWAITING', 'REVIEWED', 'PASSED', 'FAILED'] as const;

const person = v.object({ id: v.number(), name: v.nullable(v.string()) });

export const QaCriteria = v.object(
  Object.fromEntries(QA_CRITERIA.map((c) => [c.key, v.boolean(`${c.label}: choose pass or fail`)])) as Record<
    QaCriterionKey,
    v.BooleanSchema<string>
  >,
);
export type QaCriteria = v.InferOutput<typeof QaCriteria>;

/** One recorded call in the queue, with its review (null while it awaits one). */
export const QaQueueItem = v.object({
  interactionId: v.number(),
  opportunityId: v.number(),
  clientName: v.nullable(v.string()),
  brokerageName: v.string(),
  callAt: IsoTime,
  durationSeconds: v.nullable(Count),
  direction: v.string(),
  handledBy: v.nullable(person),
  disposition: v.nullable(Disposition),
  status: v.picklist(QA_STATUSES),
  review: v.nullable(
    v.object({
      criteria: QaCriteria,
      comment: v.nullable(v.string()),
      reviewer: v.nullable(person),
      reviewedAt: IsoTime,
    }),
  ),
});
export type QaQueueItem = v.InferOutput<typeof QaQueueItem>;
export const QaQueuePage = paged(QaQueueItem);
export type QaQueuePage = v.InferOutput<typeof QaQueuePage>;

/** PUT /interviews-api/interactions/{id}/review: every criterion, and a comment (required when any fails). */
export const QaReviewRequest = v.pipe(
  v.object({
    criteria: QaCriteria,
    comment: v.optional(
      v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'A comment must be at most 2000 characters'))),
      null,
    ),
  }),
  v.forward(
    v.partialCheck(
      [['criteria'], ['comment']],
      (r) => Object.values(r.criteria).every(Boolean) || (r.comment ?? '') !== '',
      'Say what went wrong: a comment is required when a criterion fails',
    ),
    ['comment'],
  ),
);
export type QaReviewRequest = v.InferInput<typeof QaReviewRequest>;

const figure = v.object({ reviewed: Count, passed: Count, passRate: v.nullable(Percent) });
/** GET /interviews-api/qa-reviews/figures?since=: the caller's and the team's reviews since `since`, and the calls awaiting review. */
export const QaFigures = v.object({
  since: IsoTime,
  reviewerId: v.number(),
  awaiting: Count,
  mine: figure,
  team: figure,
});
export type QaFigures = v.InferOutput<typeof QaFigures>;

/** Staff who handled recorded calls (the queue's filter). */
export const QaHandlers = v.array(person);
export type QaHandlers = v.InferOutput<typeof QaHandlers>;

/** A call's recording; the audio is GET /interviews-api/recordings/{id}/audio (audio/wav). */
export const Recording = v.object({
  id: v.number(),
  interactionId: v.number(),
  opportunityId: v.number(),
  durationSeconds: Count,
  created: IsoTime,
});
export type Recording = v.InferOutput<typeof Recording>;
export const RecordingPage = paged(Recording);
export type RecordingPage = v.InferOutput<typeof RecordingPage>;
