// Referral stages, funnels, removal reasons and the allowed stage moves (spec 2 sections 4 and 5).
// The server enforces the same rule (server/routes/agent-referral-writes.ts), so the console may
// offer exactly the moves the server will accept.

export const REFERRAL_STAGES = [
  'AWAITING_FOLLOWUP',
  'SPOKEN_WITH',
  'SHOWN_HOMES',
  'MET_WITH_SELLER',
  'OFFER_MADE',
  'LISTED_HOME',
  'UNDER_CONTRACT',
  'CLOSED',
  'LEASED',
  'LONG_TERM_HOLD',
  'REMOVED',
] as const;
export type ReferralStage = (typeof REFERRAL_STAGES)[number];

export const REFERRAL_TYPES = ['BUYER', 'SELLER', 'RENTAL'] as const;
export type ReferralType = (typeof REFERRAL_TYPES)[number];

export const STAGE_LABELS: Record<ReferralStage, string> = {
  AWAITING_FOLLOWUP: 'Received',
  SPOKEN_WITH: 'Spoken With',
  SHOWN_HOMES: 'Met or Showed Homes',
  MET_WITH_SELLER: 'Met With Seller',
  OFFER_MADE: 'Made Offer',
  LISTED_HOME: 'Listed Home',
  UNDER_CONTRACT: 'Under Contract',
  CLOSED: 'Closed',
  LEASED: 'Leased',
  LONG_TERM_HOLD: 'Long-Term Hold',
  REMOVED: 'Removed',
};

export const FUNNELS: Record<ReferralType, readonly ReferralStage[]> = {
  BUYER: ['AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES', 'OFFER_MADE', 'UNDER_CONTRACT', 'CLOSED'],
  SELLER: [
    'AWAITING_FOLLOWUP',
    'SPOKEN_WITH',
    'MET_WITH_SELLER',
    'LISTED_HOME',
    'OFFER_MADE',
    'UNDER_CONTRACT',
    'CLOSED',
  ],
  RENTAL: ['AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES', 'LEASED'],
};

export const REMOVAL_REASONS = [
  'Became unresponsive',
  'No longer buying / selling',
  'Mortgage / Funding issues',
  'Working with another agent',
  "Couldn't find home in budget",
  'Outside my area',
  'Duplicate referral',
  'Language barrier',
  'I am no longer with brokerage',
  'Transaction with an iBuyer',
] as const;

/** Nothing moves out of these. */
export const FINAL_STAGES: readonly ReferralStage[] = ['CLOSED', 'LEASED', 'REMOVED'];

export const stageLabel = (stage: string): string => STAGE_LABELS[stage as ReferralStage] ?? stage;
export const isReferralStage = (value: string): value is ReferralStage =>
  (REFERRAL_STAGES as readonly string[]).includes(value);

/** The funnel's stages a referral can be worked in: all but the funnel's final one. */
export const openStages = (type: ReferralType): ReferralStage[] =>
  FUNNELS[type].filter((s) => !FINAL_STAGES.includes(s));

/**
 * Where a referral may move from `stage`:
 * - from an open funnel stage: any later funnel stage, Long-Term Hold, or Removed;
 * - from Long-Term Hold: back to any open funnel stage (reactivation), or Removed;
 * - from Closed, Leased or Removed: nowhere.
 * A stage outside the type's funnel (older data) counts as before the funnel's first later stage:
 * it may move to any funnel stage, Long-Term Hold or Removed.
 */
export function allowedMoves(type: ReferralType, stage: ReferralStage): ReferralStage[] {
  if (FINAL_STAGES.includes(stage)) return [];
  if (stage === 'LONG_TERM_HOLD') return [...openStages(type), 'REMOVED'];
  const funnel = FUNNELS[type];
  const later = funnel.slice(funnel.indexOf(stage) + 1);
  return [...later, 'LONG_TERM_HOLD', 'REMOVED'];
}

export const canMove = (type: ReferralType, from: ReferralStage, to: ReferralStage): boolean =>
  allowedMoves(type, from).includes(to);

const TYPE_WORDS: Record<ReferralType, string> = { BUYER: 'A buyer', SELLER: 'A seller', RENTAL: 'A rental' };

/** Why a move is refused (the server's 409 message), or null when it is allowed. */
export function moveRefusal(type: ReferralType, from: ReferralStage, to: ReferralStage): string | null {
  if (canMove(type, from, to)) return null;
  if (from === to) return `This referral is already ${STAGE_LABELS[to]}`;
  if (to !== 'LONG_TERM_HOLD' && to !== 'REMOVED' && !FUNNELS[type].includes(to)) {
    return `${TYPE_WORDS[type]} referral cannot move to ${STAGE_LABELS[to]}`;
  }
  if (from === 'LONG_TERM_HOLD') return `Reactivate this referral before moving it to ${STAGE_LABELS[to]}`;
  return `This referral can no longer move to ${STAGE_LABELS[to]}`;
}

/**
 * What a move needs besides the stage. Removed needs a removal reason. Under Contract needs the
 * expected closing date (dateOfSale): without it the under-contract overdue rule could never fire.
 */
export const needsRemovalReason = (to: ReferralStage): boolean => to === 'REMOVED';
export const needsDateOfSale = (to: ReferralStage): boolean => to === 'UNDER_CONTRACT';
/** Stages that carry a date of sale: expected while under contract, actual once closed or leased. */
export const takesDateOfSale = (to: ReferralStage): boolean =>
  to === 'UNDER_CONTRACT' || to === 'CLOSED' || to === 'LEASED';
