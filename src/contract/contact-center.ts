import * as v from 'valibot';
import type { Role } from '../access/roles.ts';
import { Count, IsoTime, paged } from './common.ts';

// The contact-center-api family (spec 2 section 7): the Twilio task proxy.

/** twilio-tasks (spec 1 section 6): the list admits these and BROKERAGE_ADMIN, CSR_VIEW_OPPORTUNITIES; only the parent roles delete. */
export const TASK_MANAGER_ROLES: readonly Role[] = ['ADMIN', 'AGENT_ENGAGEMENT'];
export const TASK_READER_ROLES: readonly Role[] = [...TASK_MANAGER_ROLES, 'BROKERAGE_ADMIN', 'CSR_VIEW_OPPORTUNITIES'];

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
