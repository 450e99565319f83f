import * as v from 'valibot';

import { paged } from './common.ts';

// Demo-only calls (/dev).

/** GET /dev/outbox with Accept: application/json (demo mode). */
export const OutboxMessage = v.object({
  id: v.number(),
  channel: v.picklist(['EMAIL', 'SMS']),
  recipient: v.string(),
  subject: v.nullable(v.string()),
  body: v.string(),
  createdAt: v.string(),
});
export const OutboxPage = paged(OutboxMessage);
export type OutboxPage = v.InferOutput<typeof OutboxPage>;
