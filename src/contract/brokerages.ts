import * as v from 'valibot';

import { REFERRAL_STAGES } from '../lib/referral-stages.ts';
import { notesOf } from './agents.ts';
import { Count, Dollars, paged, Percent } from './common.ts';

// The /agents-api brokerage calls (spec 2 section 7 "Brokerages"): brokerages, notes, the brokerage's
// referrals, its stats (spec 2 sections 3 and 9) and its score.

const id = v.number();
const text = v.nullable(v.string());
const time = v.string();

export const PRODUCTS = ['PORCHLIGHT', 'LEAD_GENIUS', 'COMBINED'] as const;
/** Product selector value: Porchlight referrals, IRIS (LEAD_GENIUS) leads, or both summed. */
export const Product = v.picklist(PRODUCTS);
export type Product = v.InferOutput<typeof Product>;

/** Referral stages in spec order (spec 2 section 4). */
export { REFERRAL_STAGES };
export const ReferralStage = v.picklist(REFERRAL_STAGES);

export const PRODUCT_FAMILIES = ['COMBINED', 'PORCHLIGHT', 'LEAD_GENIUS'] as const;
export const BROKERAGE_STATUSES = ['ACTIVE', 'PAUSED', 'HIDDEN'] as const;

const brokerageEntries = {
  id,
  name: v.string(),
  status: v.string(),
  product: v.array(v.object({ productFamily: v.string() })),
  email: text,
  phone: text,
  city: text,
  state: text,
  created: time,
};
export const BrokerageSummary = v.object({ ...brokerageEntries, agentCount: v.number() });
export type BrokerageSummary = v.InferOutput<typeof BrokerageSummary>;
export const BrokeragePage = paged(BrokerageSummary);
/** GET /agents-api/brokerages/{id}: one brokerage (the staff profile, the shell's own brokerage, the dashboard). */
export const Brokerage = v.object({
  ...brokerageEntries,
  street: text,
  zip: text,
  quarterlyCap: v.number(),
  boost: v.object({ enabled: v.boolean(), boostPercentage: v.number() }),
});
export type Brokerage = v.InferOutput<typeof Brokerage>;
export const BrokerageName = v.object({ id, name: v.string() });
export type BrokerageName = v.InferOutput<typeof BrokerageName>;

export const BrokerNote = notesOf({ brokerageId: id });
export type BrokerNote = v.InferOutput<typeof BrokerNote>;

export const Referral = v.object({
  id,
  agentId: id,
  agentName: text,
  brokerageId: id,
  opportunityId: v.nullable(id),
  product: v.string(),
  type: v.string(),
  stage: v.string(),
  prospect: v.object({ name: v.object({ first: text, last: text }), phone: text, email: text }),
  priceCents: v.nullable(v.number()),
  details: v.object({ referralSale: v.object({ dateOfSale: text, salePriceCents: v.nullable(v.number()) }) }),
  removalReason: text,
  overdue: v.boolean(),
  daysOverdue: v.number(),
  created: time,
  updated: time,
});
export type Referral = v.InferOutput<typeof Referral>;
export const ReferralPage = paged(Referral);

// ---------------------------------------------------------------- brokerage stats

/*
 * Funnel sub-objects are CUMULATIVE: each step counts the referrals of that type that reached it,
 * judged by their current stage; a referral further down the path counts in every earlier step
 * (received = every referral of the type). A stage off the type's path counts at its equivalent
 * step (a seller in SHOWN_HOMES at metWithSeller, a buyer in LISTED_HOME at shownHomes).
 * longTermHold and removed are side exits: referrals in that stage now (they count in received only).
 */
const funnelTail = { offersMade: Count, underContract: Count, longTermHold: Count, removed: Count };
// Paths: src/lib/referral-stages.ts FUNNELS.
export const SellerFunnel = v.object({
  received: Count,
  spokenWith: Count,
  metWithSeller: Count,
  listedHome: Count,
  ...funnelTail,
  closed: Count,
});
export const BuyerFunnel = v.object({
  received: Count,
  spokenWith: Count,
  shownHomes: Count,
  ...funnelTail,
  closed: Count,
});
/** Rentals go received, spoken with, shown homes, leased (src/lib/referral-stages.ts FUNNELS). */
export const RentalFunnel = v.object({
  received: Count,
  spokenWith: Count,
  shownHomes: Count,
  leased: Count,
  longTermHold: Count,
  removed: Count,
});

/*
 * The flat stage fields are a SNAPSHOT: referrals currently in that stage (closed = CLOSED + LEASED),
 * so the referral summary's formulas of spec 2 section 9 add them up as written.
 */
const statSetEntries = {
  /** Referrals neither closed (CLOSED, LEASED) nor removed; long-term holds are included. */
  activeReferrals: Count,
  /** Referrals overdue for follow-up under the overdue rule (spec 2 section 4). */
  overdueForFollowUp: Count,
  /** Referrals in CLOSED or LEASED. */
  totalClosed: Count,
  /** Sum of their sale prices, in dollars. */
  totalClosedValue: Dollars,
  removed: Count,
  /**
   * Closings expected from the open pipeline: every under-contract referral plus the other active
   * referrals (long-term holds left out) times the close rate, closed / (closed + removed), rounded.
   * Projected only; not a guarantee.
   */
  projectedNewClosings: Count,
  /** projectedNewClosings times the average closed sale price, in dollars. Projected only. */
  projectedToClose: Dollars,
  /** AWAITING_FOLLOWUP (labelled Received). */
  received: Count,
  spokenWith: Count,
  shownHomes: Count,
  metWithSeller: Count,
  offersMade: Count,
  listedHome: Count,
  underContract: Count,
  /** CLOSED plus LEASED. */
  closed: Count,
  longTermHold: Count,
  sellerFunnel: SellerFunnel,
  buyerFunnel: BuyerFunnel,
  rentalFunnel: RentalFunnel,
};

type LeadGeniusEntries<T> = { [K in keyof T & string as `leadGenius${Capitalize<K>}`]: T[K] };
function leadGeniusEntries<T extends v.ObjectEntries>(entries: T): LeadGeniusEntries<T> {
  return Object.fromEntries(
    Object.entries(entries).map(([k, s]) => [`leadGenius${k.charAt(0).toUpperCase()}${k.slice(1)}`, s]),
  ) as LeadGeniusEntries<T>;
}

/** One set of referral figures (the unprefixed half of the brokerage stats). */
export const StatSet = v.object(statSetEntries);
export type StatSet = v.InferOutput<typeof StatSet>;

/**
 * GET /agents-api/brokerages/{id}/stats?product=PORCHLIGHT|LEAD_GENIUS|COMBINED (default COMBINED).
 * The unprefixed fields cover the chosen product's referrals; the leadGenius-prefixed copy of every
 * field (leadGeniusActiveReferrals, leadGeniusSellerFunnel, ...) always covers LEAD_GENIUS referrals.
 */
export const BrokerageStats = v.object({
  brokerageId: Count,
  product: Product,
  ...statSetEntries,
  ...leadGeniusEntries(statSetEntries),
});
export type BrokerageStats = v.InferOutput<typeof BrokerageStats>;

// ---------------------------------------------------------------- broker score

/**
 * GET /agents-api/brokerages/{id}/score. Every figure is null when it rests on fewer than 10 items
 * (the widget then says there was not enough data); brokerScore is null when any part is.
 */
export const BrokerScore = v.object({
  brokerageId: Count,
  /** Overall: mean of invites, upToDatePercent, metWithRate90Day and conversion scaled so 3% = 100. */
  brokerScore: v.nullable(Percent),
  /** Invitations agents accepted in the last 90 days: assigned / (assigned + NO_AGENT_ACCEPT), percent. */
  invites: v.nullable(Percent),
  /** Updates: open referrals (not closed, leased, removed or on long-term hold) that are not overdue, percent. */
  upToDatePercent: v.nullable(Percent),
  /** Met With: referrals received in the last 90 days now at a met stage or beyond, percent. */
  metWithRate90Day: v.nullable(Percent),
  /**
   * Conversion: leads of the last 12 months expected to close, percent (e.g. 2.1): closings among the
   * referrals of those 12 months plus their active pipeline times its close rate, over the leads.
   */
  projectedConversion12Mo: v.nullable(Percent),
});
export type BrokerScore = v.InferOutput<typeof BrokerScore>;
