import * as v from 'valibot';

import { Count, isoDate, IsoTime, paged } from './common.ts';
import { OPPORTUNITY_STATUSES } from './interviews.ts';

// Bulk SMS (spec 2 section 7 "POST .../opportunities/sms (form-encoded bulk SMS)"):
// the recipients and text, the compliance pre-flight, the send job and its report.

/**
 * Why a recipient is not texted, in the order the engine applies them: the opt-outs first (the
 * number or the lead's e-mail on the DNC list; the lead, or another lead with the number, marked
 * DO_NOT_CONTACT), so that an opted-out recipient shows the compliance reason at any time of day;
 * quiet hours last.
 */
export const SMS_SUPPRESSIONS = ['DNC', 'DO_NOT_CONTACT', 'INVALID', 'DUPLICATE', 'QUIET_HOURS'] as const;
export type SmsSuppression = (typeof SMS_SUPPRESSIONS)[number];
export const SUPPRESSION_LABELS: Record<SmsSuppression, string> = {
  DNC: 'On the DNC list',
  DO_NOT_CONTACT: 'Lead marked Do Not Contact',
  INVALID: 'Invalid number',
  DUPLICATE: 'Duplicate',
  QUIET_HOURS: 'Quiet hours (outside 8 AM-9 PM local)',
};

/** At most this many recipients per send. */
export const MAX_SMS_RECIPIENTS = 10_000;
export const MAX_SMS_LENGTH = 1600;

const Day = isoDate();
const StatusList = v.pipe(
  v.string(),
  v.maxLength(1000),
  v.transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
  v.check(
    (list) => list.every((s) => (OPPORTUNITY_STATUSES as readonly string[]).includes(s)),
    'unknown opportunity status',
  ),
);

/**
 * The form of the pre-flight and of the send (both `application/x-www-form-urlencoded`): the text
 * and the recipients, either opportunities (by status, brokerage, created range) or pasted numbers.
 */
export const SmsRequest = v.object({
  message: v.pipe(
    v.string('Message is required'),
    v.trim(),
    v.nonEmpty('Message is required'),
    v.maxLength(MAX_SMS_LENGTH, `The message must be at most ${MAX_SMS_LENGTH} characters`),
  ),
  source: v.picklist(['OPPORTUNITIES', 'NUMBERS'], 'source must be OPPORTUNITIES or NUMBERS'),
  status: v.optional(StatusList),
  brokerageId: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a positive whole number'), v.transform(Number)),
  ),
  createdFrom: v.optional(Day),
  createdTo: v.optional(Day),
  numbers: v.optional(v.pipe(v.string(), v.maxLength(MAX_SMS_RECIPIENTS * 24, 'The list is too long'))),
});
export type SmsRequest = v.InferOutput<typeof SmsRequest>;

const ByReason = v.object({ DNC: Count, DO_NOT_CONTACT: Count, INVALID: Count, DUPLICATE: Count, QUIET_HOURS: Count });

/** One suppressed recipient: its place in the list (from 1), the number as given, the name when known. */
export const SuppressedRecipient = v.object({
  position: v.number(),
  phone: v.string(),
  name: v.nullable(v.string()),
  reason: v.picklist(SMS_SUPPRESSIONS),
});
export type SuppressedRecipient = v.InferOutput<typeof SuppressedRecipient>;

/** POST /interviews-api/opportunities/sms/preflight: what a send would do now, nothing sent. */
export const SmsPreflight = v.object({
  total: Count,
  sendable: Count,
  suppressed: Count,
  byReason: ByReason,
  /** The first 1,000 suppressed recipients (listTruncated when there are more). */
  suppressedList: v.array(SuppressedRecipient),
  listTruncated: v.boolean(),
  /** SMS parts of all sendable messages (merge fields filled in). */
  parts: Count,
  sample: v.nullable(v.string()),
  warnings: v.array(v.string()),
});
export type SmsPreflight = v.InferOutput<typeof SmsPreflight>;

/** A send: POST /interviews-api/opportunities/sms (Idempotency-Key header) and GET .../sms/jobs/{id}. */
export const SmsJob = v.object({
  id: v.number(),
  status: v.picklist(['RUNNING', 'DONE']),
  message: v.string(),
  total: Count,
  sent: Count,
  suppressed: Count,
  pending: Count,
  byReason: ByReason,
  createdBy: v.nullable(v.string()),
  created: IsoTime,
  finished: v.nullable(IsoTime),
});
export type SmsJob = v.InferOutput<typeof SmsJob>;
export const SmsJobPage = paged(SmsJob);
export type SmsJobPage = v.InferOutput<typeof SmsJobPage>;

/** A recipient's outcome in a send: waiting for its turn, texted, or not texted (with a reason). */
export const SMS_RECIPIENT_STATUSES = ['PENDING', 'SENT', 'SUPPRESSED'] as const;
export type SmsRecipientStatus = (typeof SMS_RECIPIENT_STATUSES)[number];

/**
 * GET /interviews-api/opportunities/sms/jobs/{id}/recipients?status=: the report's rows in list
 * order; the lead's name and id when the send went to opportunities (null for a pasted number).
 */
export const SmsJobRecipient = v.object({
  position: v.number(),
  phone: v.string(),
  status: v.picklist(SMS_RECIPIENT_STATUSES),
  reason: v.nullable(v.picklist(SMS_SUPPRESSIONS)),
  sentAt: v.nullable(IsoTime),
  opportunityId: v.nullable(v.number()),
  name: v.nullable(v.string()),
});
export type SmsJobRecipient = v.InferOutput<typeof SmsJobRecipient>;
export const SmsJobRecipientPage = paged(SmsJobRecipient);
export type SmsJobRecipientPage = v.InferOutput<typeof SmsJobRecipientPage>;
