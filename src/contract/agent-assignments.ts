import * as v from 'valibot';
import { IsoTime, paged } from './common.ts';

// Agent assignments (issue 16): /interviews-api/agentAssignments, zipCodes, markets.
// The decisions come from src/lib/assignment-rule.ts (decideAssignment); these are its answers.

export const CheckName = v.picklist(['BROKERAGE', 'COVERAGE', 'EXCLUSION', 'STATUS', 'ADMIN_HOLD', 'OVERDUE', 'DECLINED', 'RANK']);
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

export const AssignmentMode = v.picklist(['AUTOMATIC', 'FORCED']);

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

/** A recorded decision with every candidate's verdict as it stood then. */
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
  candidates: v.array(AssignmentVerdict),
  /** the recorded decisions for the opportunity (or the ZIP), newest first */
  history: v.array(AgentAssignment),
});
export type AssignmentExplanation = v.InferOutput<typeof AssignmentExplanation>;

export const ZipCode = v.object({ zip: v.string(), city: v.string(), state: v.string(), market: v.nullable(v.string()) });
export type ZipCode = v.InferOutput<typeof ZipCode>;
export const Market = v.object({ id: v.number(), name: v.string(), zipCount: v.number() });
export type Market = v.InferOutput<typeof Market>;
export const MarketPage = paged(Market);
export type MarketPage = v.InferOutput<typeof MarketPage>;
