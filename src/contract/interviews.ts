import * as v from 'valibot';

import { BRAND } from '../lib/brand.ts';
import { prettify } from '../lib/format.ts';
import { EMAIL_PATTERN } from '../lib/validation.ts';
import { notesOf } from './agents.ts';
import { Referral, ReferralStage } from './brokerages.ts';
import { Count, IsoTime, isoTime, paged, Percent } from './common.ts';
import { EMAIL_MAX, PHONE_TEXT_MAX } from './limits.ts';
import { personNamePart } from './person-name.ts';

// The /interviews-api family (spec 2 section 7 "Opportunities and interviews"): do-not-call list,
// opportunities, interactions and dispositions, broker leads (IRIS).

const id = v.number();
const text = v.nullable(v.string());
const time = v.string();

// ---- Do-not-call list -------------------------------------------------------------------------

export const DNC_TYPES = ['PHONE', 'EMAIL'] as const;
export const DncContact = v.object({
  id,
  type: v.picklist(DNC_TYPES),
  value: v.string(),
  ownerType: v.string(),
  channel: text,
  disposition: text,
  blocked: v.boolean(),
  created: time,
});
export type DncContact = v.InferOutput<typeof DncContact>;
export const DncPage = paged(DncContact);
export type DncPage = v.InferOutput<typeof DncPage>;

/** Spec 1 section 5: 10 digits (or a plus and 11), separators allowed, the last 10 kept, sent as +1 and the digits. */
export function normalisePhone(raw: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(raw.trim())) return null;
  const digits = raw.replace(/\D/g, '');
  if (digits.length !== 10 && digits.length !== 11) return null;
  return `+1${digits.slice(-10)}`;
}

/** The channels a DNC request may arrive by (New DNC's choices); the field stays open text for entries IRIS sends. */
export const DNC_CHANNELS = ['VOICE', 'SMS', 'WEB_FORM', 'EMAIL'] as const;

/** New DNC dialog and POST /interviews-api/DNC: the value is checked and normalised for its type. */
export const NewDncRequest = v.pipe(
  v.object({
    type: v.picklist(DNC_TYPES, 'Type must be PHONE or EMAIL'),
    value: v.pipe(v.string('Value is required'), v.trim(), v.nonEmpty('Value is required'), v.maxLength(254)),
    ownerType: v.optional(
      v.pipe(v.string(), v.regex(/^[A-Z][A-Z_]{1,39}$/, 'Owner type must be an upper-case code')),
      BRAND.code,
    ),
    channel: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(40))), null),
    disposition: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(120))), null),
    blocked: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.partialCheck(
      [['type'], ['value']],
      (i) => i.type !== 'PHONE' || normalisePhone(i.value) !== null,
      'Invalid phone number.',
    ),
    ['value'],
  ),
  v.forward(
    v.partialCheck([['type'], ['value']], (i) => i.type !== 'EMAIL' || EMAIL_PATTERN.test(i.value), 'Invalid e-mail.'),
    ['value'],
  ),
  v.transform((i) => ({
    ...i,
    value: i.type === 'PHONE' ? (normalisePhone(i.value) ?? i.value) : i.value.toLowerCase(),
  })),
);
export type NewDncRequest = v.InferInput<typeof NewDncRequest>;

// ---- Opportunities ----------------------------------------------------------------------------

export const OPPORTUNITY_STATUSES = [
  'CONTACT_NOT_ESTABLISHED',
  'CONTACT_ESTABLISHED',
  'ASSIGNED_TO_AGENT',
  'CLOSED',
  'REMOVED_ASSIGNMENT_TO_AGENT',
  'DO_NOT_CONTACT',
  'UNSERVICEABLE',
  'UNQUALIFIED',
  'FUTURE_INTEREST',
  'NO_AGENT_ACCEPT',
  'TRANSFER_INCOMPLETE',
  'IN_PRIORITY_NURTURE',
  'TRANSFERRED_TO_IBUYER',
  'TRANSFERRED_TO_LENDER',
  'TRANSFERRED_TO_LENDER_INCOMPLETE',
] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];

export const Opportunity = v.object({
  id,
  brokerageId: id,
  brokerageName: v.string(),
  agentId: v.nullable(id),
  agentName: text,
  product: v.string(),
  leadType: v.string(),
  type: v.string(),
  clientType: text,
  status: v.string(),
  contact: v.object({ nameFirst: text, nameLast: text, phoneNumber: text, emailAddress: text }),
  cosignerFirstName: text,
  cosignerLastName: text,
  phoneCount: v.number(),
  smsCount: v.number(),
  referringWebsite: text,
  cleanReferringWebsite: text,
  responded: v.boolean(),
  qualified: v.boolean(),
  created: time,
  assignedAt: v.nullable(time),
  updated: time,
  /** The referral partner who sent the lead in (GET /interviews-api/partners/{id}). */
  partnerId: v.optional(v.nullable(id), null),
});
export type Opportunity = v.InferOutput<typeof Opportunity>;
export const OpportunityPage = paged(Opportunity);
/** PUT /interviews-api/opportunities/{id}/status. */
export const OpportunityStatusChange = v.object({ status: v.picklist(OPPORTUNITY_STATUSES, 'Choose a status') });
export type OpportunityStatusChange = v.InferInput<typeof OpportunityStatusChange>;
const chosenId = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message));
/** POST /interviews-api/agent-connection/forceReferralAssignment: the opportunity goes to the agent chosen. */
export const ForceAssignment = v.object({
  agentId: chosenId('Choose an agent'),
  opportunityId: chosenId('opportunityId must be an opportunity id'),
});
export type ForceAssignment = v.InferInput<typeof ForceAssignment>;
export const ForceAssignmentResult = v.object({ opportunity: Opportunity, referral: Referral });
export type ForceAssignmentResult = v.InferOutput<typeof ForceAssignmentResult>;

export const Disposition = v.object({ id, category: v.string(), name: v.string() });
export type Disposition = v.InferOutput<typeof Disposition>;
/** The one way a disposition reads: its category, then its name ("Contacted: Left voicemail"). */
export const dispositionLabel = (d: Pick<Disposition, 'category' | 'name'> | null | undefined): string =>
  d ? `${prettify(d.category)}: ${d.name}` : '-';

export const INTERACTION_TYPES = ['CALL', 'SMS', 'EMAIL'] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];
/** What staff call each interaction type (an SMS is a text). */
export const INTERACTION_TYPE_LABELS: Record<InteractionType, string> = { CALL: 'Call', SMS: 'Text', EMAIL: 'Email' };
export const INTERACTION_DIRECTIONS = ['OUTBOUND', 'INBOUND'] as const;
export type InteractionDirection = (typeof INTERACTION_DIRECTIONS)[number];
export const INTERACTION_DIRECTION_LABELS: Record<InteractionDirection, string> = {
  OUTBOUND: 'Outbound',
  INBOUND: 'Inbound',
};
export const interactionTypeLabel = (t: string): string => INTERACTION_TYPE_LABELS[t as InteractionType] ?? prettify(t);
export const Interaction = v.object({
  id,
  opportunityId: id,
  type: v.string(),
  direction: v.string(),
  disposition: v.nullable(Disposition),
  userId: v.nullable(id),
  durationSeconds: v.nullable(v.number()),
  summary: text,
  created: time,
  /** Struck as logged in error (it stays listed, left out of every count): when and why. */
  struck: v.optional(v.nullable(v.object({ at: time, by: v.nullable(v.string()), reason: v.string() })), null),
});
export type Interaction = v.InferOutput<typeof Interaction>;

export const OpportunityNote = notesOf({ opportunityId: id });
export type OpportunityNote = v.InferOutput<typeof OpportunityNote>;

/** A client's or cosigner's name follows the one name rule (decision 0070), worded as before. */
const contactName = personNamePart('Name');
/**
 * PATCH /interviews-api/opportunities/{id}: the fields given change (at least one); a phone is
 * normalised to +1 and ten digits, an email lowercased; null clears a phone, an email or a cosigner.
 * The Edit Contact dialog checks its form against this same schema before it sends.
 */
export const OpportunityPatch = v.strictObject(
  {
    nameFirst: v.optional(contactName),
    nameLast: v.optional(contactName),
    phoneNumber: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.maxLength(PHONE_TEXT_MAX, 'Invalid phone number.'),
          v.check((p) => normalisePhone(p) !== null, 'Invalid phone number.'),
          v.transform((p) => normalisePhone(p)),
        ),
      ),
    ),
    emailAddress: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.trim(),
          v.toLowerCase(),
          v.maxLength(EMAIL_MAX, 'Invalid e-mail.'),
          v.regex(EMAIL_PATTERN, 'Invalid e-mail.'),
        ),
      ),
    ),
    cosignerFirstName: v.optional(v.nullable(contactName)),
    cosignerLastName: v.optional(v.nullable(contactName)),
    clientType: v.optional(
      v.nullable(v.pipe(v.string(), v.trim(), v.regex(/^[A-Z_]{1,40}$/, 'clientType must be an upper-case code'))),
    ),
    type: v.optional(v.picklist(['BUYER', 'SELLER'], 'type must be BUYER or SELLER')),
  },
  'unknown field',
);
export type OpportunityPatch = v.InferInput<typeof OpportunityPatch>;

export const LEAD_TYPES = ['ALL', 'NEW', 'AGED'] as const;
/** ALL = Overall Leads, NEW = New Leads, AGED = Database Leads. */
export const LeadType = v.picklist(LEAD_TYPES);

// ---------------------------------------------------------------- broker leads (IRIS)
// Every /interviews-api/broker-leads... call takes product (default LEAD_GENIUS, the IRIS leads the
// lead widgets show; COMBINED = every lead of the brokerage). Lists and stats take the brokerage from
// brokerageId (query or path), which a brokerage admin may omit or set only to their own.

export const LeadContact = v.object({
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
export const BrokerLead = v.object({
  contact: LeadContact,
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
export type BrokerLead = v.InferOutput<typeof BrokerLead>;
export const BrokerLeadPage = paged(BrokerLead);

/** GET /interviews-api/broker-leads/lead/{opportunityId}: the lead detail dialog. */
export const LeadDetail = v.object({
  data: v.object({
    created: IsoTime,
    contact: LeadContact,
    opportunity: v.object({
      id: Count,
      /** The lead's one type word, as the list shows it (BUYER or SELLER); clientType is who the client is. */
      type: v.picklist(['BUYER', 'SELLER']),
      clientType: v.nullable(v.string()),
      status: v.string(),
      cleanReferringWebsite: v.nullable(v.string()),
      agentName: v.nullable(v.string()),
      /** The brokerage's latest referral made from this lead (My Referrals view), null when none. */
      referralId: v.nullable(Count),
    }),
  }),
});
export type LeadDetail = v.InferOutput<typeof LeadDetail>;

/** GET /interviews-api/broker-leads/{brokerageId}/opportunityStatusStats: statuses with at least one lead, most first. */
export const OpportunityStatusStats = v.array(v.object({ status: v.string(), count: Count }));
export type OpportunityStatusStats = v.InferOutput<typeof OpportunityStatusStats>;

/** GET /interviews-api/broker-leads/{brokerageId}/referralStageStats: every stage in spec order, zeros included. */
export const ReferralStageStats = v.array(v.object({ stage: ReferralStage, count: Count }));
export type ReferralStageStats = v.InferOutput<typeof ReferralStageStats>;

/**
 * GET /interviews-api/broker-leads/leadSourceCount/{brokerageId}: one row per lead supplier with leads,
 * most leads first. Rates are percentages of leadSuppliedCount; a closed referral is a lead in status CLOSED.
 */
export const LeadSourceCount = v.array(
  v.object({
    supplierName: v.string(),
    leadSuppliedCount: Count,
    assignedReferralRate: Percent,
    closedReferralRate: Percent,
    assignedReferralCount: Count,
    closedReferralCount: Count,
  }),
);
export type LeadSourceCount = v.InferOutput<typeof LeadSourceCount>;

/**
 * Cumulative: a lead that got further counts in every earlier step (an assigned lead was
 * responded and qualified; a closed lead is status CLOSED).
 */
export const LeadProgression = v.object({
  totalLeads: Count,
  respondedLeads: Count,
  qualifiedLeads: Count,
  assignedLeads: Count,
  closedLeads: Count,
});
/** GET /interviews-api/broker-leads/{brokerageId}/lead-progression-stats. agedLeads are the Database Leads. */
export const LeadProgressionStats = v.object({
  data: v.object({ allLeads: LeadProgression, newLeads: LeadProgression, agedLeads: LeadProgression }),
});
export type LeadProgressionStats = v.InferOutput<typeof LeadProgressionStats>;

/**
 * POST /interviews-api/interactions: logs a call, text or email with the opportunity's
 * client, handled by the caller; a CALL or SMS also counts on the opportunity (phoneCount, smsCount).
 */
export const NewInteraction = v.pipe(
  v.strictObject(
    {
      opportunityId: v.pipe(v.number('opportunityId is required'), v.integer(), v.minValue(1)),
      type: v.picklist(INTERACTION_TYPES, 'type must be CALL, SMS or EMAIL'),
      direction: v.picklist(INTERACTION_DIRECTIONS, 'direction must be INBOUND or OUTBOUND'),
      dispositionId: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
      durationSeconds: v.optional(
        v.nullable(
          v.pipe(
            v.number('Enter the duration in seconds'),
            v.integer('Enter the duration in whole seconds'),
            v.minValue(0),
            v.maxValue(86_400, 'A call lasts at most 24 hours'),
          ),
        ),
        null,
      ),
      /** When the call or message was, for one logged afterwards (not in the future, at most 30 days back). */
      occurredAt: v.optional(v.nullable(isoTime('Enter when it was, as a date and time')), null),
      summary: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(4000))), null),
    },
    'unknown field',
  ),
  // A call records what came of it and either how long it lasted or, for one made earlier, when.
  v.forward(
    v.check((b) => b.type !== 'CALL' || (b.dispositionId ?? null) !== null, 'Choose what came of the call'),
    ['dispositionId'],
  ),
  v.forward(
    v.check(
      (b) => b.type !== 'CALL' || (b.durationSeconds ?? null) !== null || (b.occurredAt ?? null) !== null,
      'Enter how long the call lasted, or when it was made',
    ),
    ['durationSeconds'],
  ),
);
export type NewInteraction = v.InferInput<typeof NewInteraction>;
/** PATCH /interviews-api/interactions/{id}: the disposition, the duration and the summary (at least one). */
export const InteractionPatch = v.pipe(
  v.strictObject(
    {
      dispositionId: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
      durationSeconds: v.optional(
        v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(86_400, 'A call lasts at most 24 hours'))),
      ),
      summary: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(4000)))),
    },
    'unknown field',
  ),
  v.check((b) => Object.keys(b).length > 0, 'Give dispositionId, durationSeconds or summary'),
);
/** POST /interviews-api/interactions/{id}/strike: why it was wrong (kept in the audit and on the row). */
export const InteractionStrike = v.strictObject(
  {
    reason: v.pipe(
      v.string('Say why it is struck'),
      v.trim(),
      v.minLength(1, 'Say why it is struck'),
      v.maxLength(500),
    ),
  },
  'unknown field',
);
export type InteractionStrike = v.InferInput<typeof InteractionStrike>;
export type InteractionPatch = v.InferInput<typeof InteractionPatch>;
