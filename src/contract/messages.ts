import * as v from 'valibot';

import { Count, IsoTime, paged } from './common.ts';

// The outbox as staff see it (Diagnostic Tools, Messages): every email and text with its delivery
// status. Never the text itself: a one-time code is never shown.

export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'retrying',
  'dead',
] as const;
export const MESSAGE_CHANNELS = ['EMAIL', 'SMS'] as const;
export const MESSAGE_KINDS = ['code', 'invitation', 'reset', 'bulk', 'notice', 'reply'] as const;

export const MESSAGE_STATUS_LABELS: Record<(typeof MESSAGE_STATUSES)[number], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
  failed: 'Failed',
  retrying: 'Retrying',
  dead: 'Failed, not retried',
};
export const MESSAGE_CHANNEL_LABELS: Record<(typeof MESSAGE_CHANNELS)[number], string> = {
  EMAIL: 'Email',
  SMS: 'Text',
};
export const MESSAGE_KIND_LABELS: Record<(typeof MESSAGE_KINDS)[number], string> = {
  code: 'Code',
  invitation: 'Invitation',
  reset: 'Reset',
  bulk: 'Bulk',
  notice: 'Notice',
  reply: 'Reply',
};

export const OutboxMessage = v.object({
  id: v.number(),
  channel: v.picklist(MESSAGE_CHANNELS),
  kind: v.picklist(MESSAGE_KINDS),
  /** Masked: the first character and domain of an email, the last 4 digits of a phone. */
  recipient: v.string(),
  /** An email's subject; null for a text. */
  subject: v.nullable(v.string()),
  status: v.picklist(MESSAGE_STATUSES),
  attempts: Count,
  lastError: v.nullable(v.string()),
  providerId: v.nullable(v.string()),
  createdAt: IsoTime,
  sentAt: v.nullable(IsoTime),
  /** A given-up message that may be sent again (not a one-time code). */
  canResend: v.boolean(),
});
export type OutboxMessage = v.InferOutput<typeof OutboxMessage>;

export const OutboxMessagePage = paged(OutboxMessage);
export type OutboxMessagePage = v.InferOutput<typeof OutboxMessagePage>;
