import * as v from 'valibot';
import { REFERRAL_STAGES } from '../../lib/referral-stages.ts';
import { EMAIL_PATTERN } from '../../lib/validation.ts';

/*
 * Shapes of the overview dashboard's data calls (spec 2 sections 3 and 7), as the reference API
 * answers them. Counts are whole numbers; money is whole US dollars; percentages are 0-100
 * with at most 2 decimals; times are ISO 8601 strings (UTC); response times are seconds.
 */

export const PRODUCTS = ['PORCHLIGHT', 'LEAD_GENIUS', 'COMBINED'] as const;
/** Product selector value: Porchlight referrals, IRIS (LEAD_GENIUS) leads, or both summed. */
export const ProductSchema = v.picklist(PRODUCTS);
export type Product = v.InferOutput<typeof ProductSchema>;

/** Referral stages in spec order (spec 2 section 4). */
export { REFERRAL_STAGES };
export const ReferralStageSchema = v.picklist(REFERRAL_STAGES);

export const LEAD_TYPES = ['ALL', 'NEW', 'AGED'] as const;
/** ALL = Overall Leads, NEW = New Leads, AGED = Database Leads. */
export const LeadTypeSchema = v.picklist(LEAD_TYPES);

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const Dollars = v.pipe(v.number(), v.integer());
const Percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));
const IsoTime = v.pipe(v.string(), v.isoTimestamp());

/** A paged list: the page's rows and the number of rows over all pages. */
export const pageOf = <T extends v.GenericSchema>(item: T) => v.object({ content: v.array(item), totalElements: Count });

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
export const SellerFunnelSchema = v.object({ received: Count, spokenWith: Count, metWithSeller: Count, listedHome: Count, ...funnelTail, closed: Count });
export const BuyerFunnelSchema = v.object({ received: Count, spokenWith: Count, shownHomes: Count, ...funnelTail, closed: Count });
/** Rentals go received, spoken with, shown homes, leased (src/lib/referral-stages.ts FUNNELS). */
export const RentalFunnelSchema = v.object({ received: Count, spokenWith: Count, shownHomes: Count, leased: Count, longTermHold: Count, removed: Count });

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
  sellerFunnel: SellerFunnelSchema,
  buyerFunnel: BuyerFunnelSchema,
  rentalFunnel: RentalFunnelSchema,
};

type LeadGeniusEntries<T> = { [K in keyof T & string as `leadGenius${Capitalize<K>}`]: T[K] };
function leadGeniusEntries<T extends v.ObjectEntries>(entries: T): LeadGeniusEntries<T> {
  return Object.fromEntries(Object.entries(entries)
    .map(([k, s]) => [`leadGenius${k.charAt(0).toUpperCase()}${k.slice(1)}`, s])) as LeadGeniusEntries<T>;
}

/** One set of referral figures (the unprefixed half of the brokerage stats). */
export const StatSetSchema = v.object(statSetEntries);
export type StatSet = v.InferOutput<typeof StatSetSchema>;

/**
 * GET /agents-api/brokerages/{id}/stats?product=PORCHLIGHT|LEAD_GENIUS|COMBINED (default COMBINED).
 * The unprefixed fields cover the chosen product's referrals; the leadGenius-prefixed copy of every
 * field (leadGeniusActiveReferrals, leadGeniusSellerFunnel, ...) always covers LEAD_GENIUS referrals.
 */
export const BrokerageStatsSchema = v.object({
  brokerageId: Count,
  product: ProductSchema,
  ...statSetEntries,
  ...leadGeniusEntries(statSetEntries),
});
export type BrokerageStats = v.InferOutput<typeof BrokerageStatsSchema>;

// ---------------------------------------------------------------- broker score

/**
 * GET /agents-api/brokerages/{id}/score. Every figure is null when it rests on fewer than 10 items
 * (the widget then says there was not enough data); brokerScore is null when any part is.
 */
export const BrokerScoreSchema = v.object({
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
export type BrokerScore = v.InferOutput<typeof BrokerScoreSchema>;

// ---------------------------------------------------------------- broker leads (IRIS)
// Every /interviews-api/broker-leads... call takes product (default LEAD_GENIUS, the IRIS leads the
// lead widgets show; COMBINED = every lead of the brokerage). Lists and stats take the brokerage from
// brokerageId (query or path), which a brokerage admin may omit or set only to their own.

export const LeadContactSchema = v.object({
  nameFirst: v.nullable(v.string()),
  nameLast: v.nullable(v.string()),
  /** +1 and ten digits. */
  phoneNumber: v.nullable(v.string()),
  emailAddress: v.nullable(v.string()),
});

/**
 * GET /interviews-api/broker-leads?brokerageId&pageIndex&pageSize&sort=created|assignedAt,DESC|ASC
 * (default created,DESC; unassigned leads sort last)&product&leadType=ALL|NEW|AGED&status=A,B (paged),
 * and GET /interviews-api/broker-leads/{opportunityId} (one item).
 */
export const BrokerLeadSchema = v.object({
  contact: LeadContactSchema,
  opportunity: v.object({
    id: Count,
    status: v.string(),
    smsCount: Count,
    phoneCount: Count,
    /** Display name of the assigned agent; null when unassigned or the agent has no name. */
    agentName: v.nullable(v.string()),
    assignedAt: v.nullable(IsoTime),
    type: v.picklist(['BUYER', 'SELLER']),
    clientType: v.nullable(v.string()),
    /** The referring website without scheme, www. or path (e.g. zillow.com). */
    cleanReferringWebsite: v.nullable(v.string()),
  }),
  /** When the lead was ingested. */
  created: IsoTime,
});
export type BrokerLead = v.InferOutput<typeof BrokerLeadSchema>;
export const BrokerLeadPageSchema = pageOf(BrokerLeadSchema);

/** GET /interviews-api/broker-leads/lead/{opportunityId}: the lead detail dialog. */
export const LeadDetailSchema = v.object({
  data: v.object({
    created: IsoTime,
    contact: LeadContactSchema,
    opportunity: v.object({
      id: Count,
      clientType: v.nullable(v.string()),
      status: v.string(),
      cleanReferringWebsite: v.nullable(v.string()),
    }),
  }),
});
export type LeadDetail = v.InferOutput<typeof LeadDetailSchema>;

/** GET /interviews-api/broker-leads/{brokerageId}/opportunityStatusStats: statuses with at least one lead, most first. */
export const OpportunityStatusStatsSchema = v.array(v.object({ status: v.string(), count: Count }));

/** GET /interviews-api/broker-leads/{brokerageId}/referralStageStats: every stage in spec order, zeros included. */
export const ReferralStageStatsSchema = v.array(v.object({ stage: ReferralStageSchema, count: Count }));

/**
 * GET /interviews-api/broker-leads/leadSourceCount/{brokerageId}: one row per lead supplier with leads,
 * most leads first. Rates are percentages of leadSuppliedCount; a closed referral is a lead in status CLOSED.
 */
export const LeadSourceCountSchema = v.array(v.object({
  supplierName: v.string(),
  leadSuppliedCount: Count,
  assignedReferralRate: Percent,
  closedReferralRate: Percent,
  assignedReferralCount: Count,
  closedReferralCount: Count,
}));

/**
 * Cumulative: a lead that got further counts in every earlier step (an assigned lead was
 * responded and qualified; a closed lead is status CLOSED).
 */
export const LeadProgressionSchema = v.object({
  totalLeads: Count, respondedLeads: Count, qualifiedLeads: Count, assignedLeads: Count, closedLeads: Count,
});
/** GET /interviews-api/broker-leads/{brokerageId}/lead-progression-stats. agedLeads are the Database Leads. */
export const LeadProgressionStatsSchema = v.object({
  data: v.object({ allLeads: LeadProgressionSchema, newLeads: LeadProgressionSchema, agedLeads: LeadProgressionSchema }),
});
export type LeadProgressionStats = v.InferOutput<typeof LeadProgressionStatsSchema>;

/**
 * GET /leads-api/leadstats/{brokerageId}?ingestedDate=YYYY-MM (default: the current month, UTC).
 * One row: LEAD_GENIUS leads ingested in the month and in its calendar quarter, and the brokerage's
 * quarterly cap (0 or 99999 = no cap).
 */
export const LeadStatsSchema = v.object({
  content: v.array(v.object({
    month: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/)),
    ingestedCount: Count,
    quarterIngestedCount: Count,
    quarterlyCap: Count,
  })),
});
export type LeadStats = v.InferOutput<typeof LeadStatsSchema>;

// ---------------------------------------------------------------- agents

/**
 * GET /agents-api/agents/leaderboard?brokerageId&pageIndex&pageSize&sort=key,DESC (paged).
 * Working agents only (not DELETED, DEACTIVATED, UNSIGNED or INVITED). closings and revenue cover
 * sales dated in the last 12 months; response times average first response minus receipt over the
 * referrals received in the last 7 / 30 days, null when there were none.
 */
export const LeaderboardRowSchema = v.object({
  agentId: Count,
  name: v.nullable(v.string()),
  /** A fraction 0-1. */
  agentDisplayScore: v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  closings: Count,
  revenue: Dollars,
  last7ResponseTime: v.nullable(Count),
  last30ResponseTime: v.nullable(Count),
});
export const LeaderboardPageSchema = pageOf(LeaderboardRowSchema);
export type LeaderboardRow = v.InferOutput<typeof LeaderboardRowSchema>;

/**
 * An agent as GET /agents-api/agents/{id} and the paged GET /agents-api/agents answer it. The list takes
 * brokerageId (staff may omit it for every brokerage), pageIndex, pageSize, sort = name.last (default),
 * name.first, funnelStatus.overdueForFollowupCount, funnelStatus.maxDaysOverdue, agentDisplayScore,
 * status or created with ,ASC|,DESC; name (part of the first, last or full name, any case) and
 * status (comma list; without it every agent but the DELETED ones).
 */
export const AgentSchema = v.object({
  id: Count,
  brokerageId: Count,
  name: v.object({ first: v.nullable(v.string()), last: v.nullable(v.string()), display: v.nullable(v.string()) }),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  status: v.string(),
  agentDisplayScore: v.nullable(v.number()),
  agentDesktopLastAccessed: v.nullable(IsoTime),
  created: IsoTime,
  funnelStatus: v.object({
    stages: v.object({
      /** Overdue referrals now. */
      overdueForFollowup: v.object({ count: Count }),
      /** Days the most overdue referral is overdue; 0 when none. */
      maxDaysOverdue: v.object({ count: Count }),
    }),
  }),
});
export type Agent = v.InferOutput<typeof AgentSchema>;
export const AgentPageSchema = pageOf(AgentSchema);

// ---------------------------------------------------------------- contact-sales inquiry

/** Spec 2 section 5's email rule (src/lib/validation.ts). */
const EmailAddress = v.pipe(v.string('must be an email address'), v.trim(), v.maxLength(254), v.regex(EMAIL_PATTERN, 'must be an email address'));

/** POST /agents-api/email: allowed only to a brokerage admin who is not impersonating. */
export const EmailInquirySchema = v.strictObject({
  bccAddresses: v.optional(v.pipe(v.array(EmailAddress), v.maxLength(10)), []),
  toAddresses: v.pipe(v.array(EmailAddress), v.minLength(1, 'needs at least one address'), v.maxLength(10)),
  fromAddress: EmailAddress,
  messageBody: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(10_000)),
  subject: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(255)),
}, 'unknown field');
export type EmailInquiry = v.InferOutput<typeof EmailInquirySchema>;
/** 201 answer: how many messages went to the outbox (one per to and bcc address). */
export const EmailSentSchema = v.object({ queued: Count });
