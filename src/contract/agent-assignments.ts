import * as v from 'valibot';

import { IsoTime, paged } from './common.ts';
import { ZIP_LENGTH } from './limits.ts';

// Agent assignments: /interviews-api/agentAssignments, zipCodes, markets.
// The decisions come from src/lib/assignment-rule.ts (decideAssignment); these are its answers.

export const CheckName = v.picklist([
  'BROKERAGE',
  'COVERAGE',
  'EXCLUSION',
  'STATUS',
  'ADMIN_HOLD',
  'OVERDUE',
  'DECLINED',
  'RANK',
]);
export const AssignmentCheck = v.object({ check: CheckName, passed: v.boolean(), detail: v.string() });
export type AssignmentCheck = v.InferOutput<typeof AssignmentCheck>;

export const AssignmentVerdict = v.object({
  agentId: v.number(),
  name: v.string(),
  outcome: v.picklist(['CHOSEN', 'SKIPPED']),
  position: v.number(),
  eligible: v.boolean(),
  checks: v.array(AssignmentCheck),
  reasons: v.array(v.string()),
});
export type AssignmentVerdict = v.InferOutput<typeof AssignmentVerdict>;

export const ASSIGNMENT_MODES = ['AUTOMATIC', 'FORCED'] as const;
export const AssignmentMode = v.picklist(ASSIGNMENT_MODES);

/** One recorded decision (list row). */
export const AgentAssignment = v.object({
  id: v.number(),
  opportunityId: v.number(),
  opportunityName: v.nullable(v.string()),
  brokerageId: v.number(),
  brokerageName: v.string(),
  zip: v.nullable(v.string()),
  mode: AssignmentMode,
  agent: v.nullable(v.object({ id: v.number(), name: v.string() })),
  forcedBy: v.nullable(v.object({ id: v.number(), name: v.string() })),
  referralId: v.nullable(v.number()),
  summary: v.string(),
  candidateCount: v.number(),
  created: IsoTime,
});
export type AgentAssignment = v.InferOutput<typeof AgentAssignment>;
export const AgentAssignmentPage = paged(AgentAssignment);
export type AgentAssignmentPage = v.InferOutput<typeof AgentAssignmentPage>;

// The candidates of a decision come a page at a time, in the rule's order (the chosen agent first):
// `pageIndex` and `pageSize` in the query page them as every list's do (10 when not asked), and
// `candidateCount` is how many there are in all. A busy ZIP has close to two thousand.

/** A recorded decision with a page of its candidates' verdicts as they stood then (candidateCount in all). */
export const AgentAssignmentDetail = v.object({ ...AgentAssignment.entries, candidates: v.array(AssignmentVerdict) });
export type AgentAssignmentDetail = v.InferOutput<typeof AgentAssignmentDetail>;

/** What the rule decides now, for an opportunity or a ZIP code (nothing is written). */
export const AssignmentExplanation = v.object({
  opportunityId: v.nullable(v.number()),
  zip: v.nullable(v.string()),
  city: v.nullable(v.string()),
  state: v.nullable(v.string()),
  brokerageId: v.nullable(v.number()),
  chosenAgentId: v.nullable(v.number()),
  summary: v.string(),
  /** a page of the candidates' verdicts, in the rule's order */
  candidates: v.array(AssignmentVerdict),
  /** how many candidates the rule weighed in all */
  candidateCount: v.number(),
  /** the recorded decisions for the opportunity (or the ZIP), newest first */
  history: v.array(AgentAssignment),
});
export type AssignmentExplanation = v.InferOutput<typeof AssignmentExplanation>;

export const ZipCode = v.object({
  zip: v.string(),
  city: v.string(),
  state: v.string(),
  market: v.nullable(v.string()),
});
export type ZipCode = v.InferOutput<typeof ZipCode>;
export const Market = v.object({ id: v.number(), name: v.string(), zipCount: v.number() });
export type Market = v.InferOutput<typeof Market>;
export const MarketPage = paged(Market);
export type MarketPage = v.InferOutput<typeof MarketPage>;

// ---- What the routes take: the server checks these, and the console's lookup checks what it sends with them.

const ZIP_MESSAGE = 'ZIP must be exactly 5 digits';
/** A ZIP code as typed or in a query: five digits (spec 1 section 5). */
const ZipText = v.pipe(v.string(), v.maxLength(ZIP_LENGTH, ZIP_MESSAGE), v.regex(/^\d{5}$/, ZIP_MESSAGE));
/** The digits of the longest id a lookup takes (999,999,999: within a Postgres integer). */
const ID_DIGITS = 9;
/** An id in a query string, as typed: up to nine digits, read as a number. */
const idText = (message: string) =>
  v.pipe(v.string(), v.maxLength(ID_DIGITS, message), v.regex(/^\d{1,9}$/, message), v.transform(Number));
const OPPORTUNITY_ID_MESSAGE = 'Enter an opportunity ID (digits)';

/** GET /interviews-api/agentAssignments/explain: an opportunity or a ZIP code (brokerageId narrows a ZIP's candidates). */
export const AssignmentExplainQuery = v.object({
  opportunityId: v.optional(idText(OPPORTUNITY_ID_MESSAGE)),
  zip: v.optional(ZipText),
  brokerageId: v.optional(idText('must be a positive whole number')),
});
export type AssignmentExplainQuery = v.InferInput<typeof AssignmentExplainQuery>;

/** GET /interviews-api/agentAssignments: the filters of the recorded decisions (paging and sort are every list's). */
export const AssignmentListFilters = v.object({
  mode: v.optional(v.picklist(ASSIGNMENT_MODES, 'mode must be AUTOMATIC or FORCED')),
  zip: v.optional(ZipText),
  opportunityId: v.optional(idText(OPPORTUNITY_ID_MESSAGE)),
});

/** POST /interviews-api/agentAssignments: assign an opportunity through the rule. */
export const AssignOpportunityBody = v.object({
  opportunityId: v.pipe(
    v.number('opportunityId is required'),
    v.integer('opportunityId must be a whole number'),
    v.minValue(1),
  ),
});
export type AssignOpportunityBody = v.InferInput<typeof AssignOpportunityBody>;
