import * as v from 'valibot';

import {
  needsDateOfSale,
  needsRemovalReason,
  REFERRAL_STAGES,
  REFERRAL_TYPES,
  REMOVAL_REASONS,
  takesDateOfSale,
} from '../lib/referral-stages.ts';
import { isoDate, paged } from './common.ts';

// The agent's referrals (spec 2 section 7 "Agents", Referrals: /agents-api/agents/{id}/referrals...):
// referrals, events, notes, the funnel and the request bodies of the agent app.

const Stage = v.picklist(REFERRAL_STAGES);
const Type = v.picklist(REFERRAL_TYPES);
const PersonName = v.object({ first: v.nullable(v.string()), last: v.nullable(v.string()) });

export const AgentReferral = v.object({
  id: v.number(),
  type: Type,
  stage: Stage,
  updated: v.string(),
  created: v.string(),
  prospect: v.object({ name: PersonName }),
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  details: v.object({ referralSale: v.object({ dateOfSale: v.nullable(v.string()) }) }),
  /** Whole days overdue; 0 when not overdue. */
  daysOverdue: v.number(),
  overdue: v.boolean(),
});
export type AgentReferral = v.InferOutput<typeof AgentReferral>;
export const AgentReferralPage = paged(AgentReferral);
export type AgentReferralPage = v.InferOutput<typeof AgentReferralPage>;

export const AgentReferralDetail = v.object({
  ...AgentReferral.entries,
  agentId: v.number(),
  removalReason: v.nullable(v.string()),
  /** The stages this referral may move to now (src/lib/referral-stages.ts allowedMoves). */
  allowedMoves: v.array(Stage),
});
export type AgentReferralDetail = v.InferOutput<typeof AgentReferralDetail>;

export const ReferralEvent = v.object({
  id: v.number(),
  type: v.string(), // CREATED, STAGE_CHANGED, REASSIGNED
  fromStage: v.nullable(v.string()),
  toStage: v.nullable(v.string()),
  detail: v.nullable(v.string()),
  created: v.string(),
  actorName: v.nullable(v.string()),
});
export type ReferralEvent = v.InferOutput<typeof ReferralEvent>;
export const ReferralEventPage = paged(ReferralEvent);
export type ReferralEventPage = v.InferOutput<typeof ReferralEventPage>;

export const ReferralNote = v.object({
  id: v.number(),
  text: v.string(),
  created: v.string(),
  authorName: v.nullable(v.string()),
});
export type ReferralNote = v.InferOutput<typeof ReferralNote>;
export const ReferralNotePage = paged(ReferralNote);
export type ReferralNotePage = v.InferOutput<typeof ReferralNotePage>;

const FunnelOfType = v.object({
  /** The type's funnel stages in order, then LONG_TERM_HOLD: referrals at each stage now. */
  stages: v.array(v.object({ stage: Stage, count: v.number(), overdue: v.number() })),
  removed: v.number(),
  total: v.number(),
});
export const AgentFunnel = v.object({
  agentId: v.number(),
  seller: FunnelOfType,
  buyer: FunnelOfType,
  rental: FunnelOfType,
});
export type AgentFunnel = v.InferOutput<typeof AgentFunnel>;

// Request bodies.

/** A calendar day as YYYY-MM-DD (2025-02-30 is refused, not rolled over): common.ts's one reader. */
export const IsoDay = isoDate();

export const StageChange = v.pipe(
  v.strictObject(
    {
      stage: Stage,
      removalReason: v.optional(v.picklist(REMOVAL_REASONS, 'must be one of the removal reasons')),
      dateOfSale: v.optional(IsoDay),
    },
    'unknown field',
  ),
  v.forward(
    v.check((b) => !needsRemovalReason(b.stage) || b.removalReason !== undefined, 'Choose a removal reason'),
    ['removalReason'],
  ),
  v.forward(
    v.check(
      (b) => needsRemovalReason(b.stage) || b.removalReason === undefined,
      'Only a removal takes a removal reason',
    ),
    ['removalReason'],
  ),
  v.forward(
    v.check((b) => !needsDateOfSale(b.stage) || b.dateOfSale !== undefined, 'Enter the expected closing date'),
    ['dateOfSale'],
  ),
  v.forward(
    v.check(
      (b) => takesDateOfSale(b.stage) || b.dateOfSale === undefined,
      'Only Under Contract, Closed or Leased takes a date of sale',
    ),
    ['dateOfSale'],
  ),
);
export type StageChange = v.InferOutput<typeof StageChange>;

export const NewNote = v.strictObject(
  {
    text: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('Write a note'),
      v.maxLength(2000, 'A note is at most 2000 characters'),
    ),
    /**
     * When the note was written (the agent app sends the time it was typed, which may be long before an
     * offline note reaches the server). The server keeps it within NOTE_WRITTEN_WINDOW_MS before its
     * own time and never after it; without it the note is dated when it arrives.
     */
    writtenAt: v.optional(v.pipe(v.string(), v.isoTimestamp('writtenAt must be an ISO time'))),
  },
  'unknown field',
);
/** How far back a note's writtenAt is taken (an offline spell longer than a week dates it a week back). */
export const NOTE_WRITTEN_WINDOW_MS = 7 * 86_400_000;
export type NewNote = v.InferOutput<typeof NewNote>;

const PositiveId = v.pipe(
  v.number(),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be a positive id'),
  v.maxValue(999_999_999),
);
export const Reassignment = v.strictObject({ agentId: PositiveId }, 'unknown field');

/**
 * The agent's day kit: the most urgent open referrals, each with its contact, last events
 * and last notes, in one answer, so the agent app can keep every open follow-up readable offline.
 */
export const AgentDaySyncItem = v.object({
  referral: AgentReferralDetail,
  events: ReferralEventPage,
  notes: ReferralNotePage,
});
export type AgentDaySyncItem = v.InferOutput<typeof AgentDaySyncItem>;
export const AgentDaySync = v.object({
  /** When the server read the rows (ISO time). */
  syncedAt: v.string(),
  /** Open referrals the agent has; `content` holds the `limit` most urgent of them. */
  totalOpen: v.number(),
  content: v.array(AgentDaySyncItem),
});
export type AgentDaySync = v.InferOutput<typeof AgentDaySync>;
