import * as v from 'valibot';

import { Count, IsoTime, paged } from './common.ts';

// The opportunity view's interaction timeline: GET /interviews-api/conversation and
// GET /interviews-api/contactNumbers (spec 2 section 7, "Opportunities and interviews").

/**
 * One entry of GET /interviews-api/conversation?opportunityId&pageIndex=0&pageSize=100: the
 * opportunity's calls, texts and emails, newest first, with who handled them, the disposition, the
 * call's recordings (ids for GET /interviews-api/recordings/{id}/audio, QA roles only) and its QA status.
 */
export const ConversationEntry = v.object({
  interactionId: Count,
  type: v.picklist(['CALL', 'SMS', 'EMAIL']),
  direction: v.picklist(['INBOUND', 'OUTBOUND']),
  at: IsoTime,
  durationSeconds: v.nullable(Count),
  summary: v.nullable(v.string()),
  handledBy: v.object({ id: v.nullable(Count), name: v.nullable(v.string()) }),
  disposition: v.nullable(v.object({ id: Count, category: v.string(), name: v.string() })),
  recordingIds: v.array(Count),
  qaStatus: v.nullable(v.string()),
});
export type ConversationEntry = v.InferOutput<typeof ConversationEntry>;
export const ConversationPage = paged(ConversationEntry);
export type ConversationPage = v.InferOutput<typeof ConversationPage>;

/**
 * GET /interviews-api/contactNumbers?opportunityId: the numbers on the opportunity (the client's
 * phone), each with whether the do-not-call list blocks it and the opportunity's call and text counts.
 */
export const ContactNumber = v.object({
  number: v.string(),
  label: v.string(),
  doNotCall: v.boolean(),
  calls: Count,
  texts: Count,
  lastContacted: v.nullable(IsoTime),
});
export type ContactNumber = v.InferOutput<typeof ContactNumber>;
export const ContactNumbers = v.object({ opportunityId: Count, numbers: v.array(ContactNumber) });
export type ContactNumbers = v.InferOutput<typeof ContactNumbers>;
