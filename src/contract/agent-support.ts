import * as v from 'valibot';

import { Count, IsoTime, paged } from './common.ts';

// GET /interviews-api/agent-support/cases (spec 2 section 7, "agent-support/cases"): an agent's
// support cases, shown on the staff agent view.

export const SUPPORT_CASE_STATUSES = ['OPEN', 'PENDING', 'RESOLVED', 'CLOSED'] as const;

export const SupportCase = v.object({
  id: Count,
  agentId: Count,
  subject: v.string(),
  category: v.string(),
  status: v.picklist(SUPPORT_CASE_STATUSES),
  priority: v.string(),
  openedBy: v.object({ id: v.nullable(Count), name: v.nullable(v.string()) }),
  created: IsoTime,
  updated: IsoTime,
  closed: v.nullable(IsoTime),
});
export type SupportCase = v.InferOutput<typeof SupportCase>;
/**
 * Paged, newest first. Query: agentId (a brokerage admin may only ask for their own agents; staff may
 * omit it for every agent), status (comma list), pageIndex, pageSize. openCount counts the filter's
 * OPEN and PENDING cases.
 */
export const SupportCasePage = v.object({ ...paged(SupportCase).entries, openCount: Count });
export type SupportCasePage = v.InferOutput<typeof SupportCasePage>;
