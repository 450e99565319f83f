import * as v from 'valibot';

import { Count, IsoTime, paged } from './common.ts';

// The contact-center-api family (spec 2 section 7): the Twilio task proxy.

// Roles (spec 1 section 6, twilio-tasks): the list is OUTREACH_READER_ROLES, deleting a task
// OUTREACH_MANAGER_ROLES (src/access/roles.ts).

export const TASK_STATUSES = ['pending', 'reserved', 'assigned', 'wrapping'] as const;
export const TASK_CHANNELS = ['voice', 'sms', 'chat', 'email'] as const;
/** A Twilio TaskRouter task sid. */
export const TASK_SID = /^WT[0-9a-f]{32}$/;

/** GET /contact-center-api/proxy/twilio-api/tasks (paged): an open task; `stuck` when older than its status allows. */
export const TwilioTask = v.object({
  sid: v.pipe(v.string(), v.regex(TASK_SID)),
  status: v.picklist(TASK_STATUSES),
  channel: v.picklist(TASK_CHANNELS),
  queue: v.string(),
  created: IsoTime,
  ageSeconds: Count,
  stuck: v.boolean(),
  assignee: v.nullable(v.object({ id: v.number(), name: v.nullable(v.string()) })),
  opportunityId: v.nullable(v.number()),
  clientName: v.nullable(v.string()),
  brokerageName: v.nullable(v.string()),
});
export type TwilioTask = v.InferOutput<typeof TwilioTask>;
export const TwilioTaskPage = paged(TwilioTask);
export type TwilioTaskPage = v.InferOutput<typeof TwilioTaskPage>;
