import * as v from 'valibot';

import { REFERRAL_STAGES, REFERRAL_TYPES } from '../lib/referral-stages.ts';
import { PRODUCTS } from './brokerages.ts';
import { paged } from './common.ts';
import { NoteText } from './note-text.ts';
import { ReferralEvent, ReferralNote } from './referrals.ts';

// My Referrals: a brokerage's referrals with every filter the overview links with, and
// one referral with its timeline and notes. GET /agents-api/broker-referrals[/:id], POST .../:id/notes.

/** The overview's referral categories: all, active (not closed or removed), closed (closed or leased), removed. */
export const REFERRAL_CATEGORIES = ['all', 'active', 'closed', 'removed'] as const;
export const FOLLOWUP_TYPES = ['OVERDUE', 'UP_TO_DATE'] as const;
export const BROKER_REFERRAL_SORT_KEYS = ['updated', 'prospect', 'type', 'stage', 'agent', 'overdue'] as const;

/** The list's filters as query parameters (the names the overview's links use). */
export const BrokerReferralFilterEntries = {
  category: v.optional(v.picklist(REFERRAL_CATEGORIES, 'category must be all, active, closed or removed')),
  followupType: v.optional(v.picklist(FOLLOWUP_TYPES, 'followupType must be OVERDUE or UP_TO_DATE')),
  /** A funnel stage. Alone: referrals in that stage now (CLOSED includes LEASED, as the overall funnel counts them). */
  s: v.optional(v.picklist(REFERRAL_STAGES, 's must be a referral stage')),
  /** A referral type. With s: referrals of that type at or past the stage (the type funnels are cumulative). */
  t: v.optional(v.picklist(REFERRAL_TYPES, 't must be SELLER, BUYER or RENTAL')),
  product: v.optional(v.picklist(PRODUCTS, 'product must be PORCHLIGHT, LEAD_GENIUS or COMBINED')),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'at most 100 characters'))),
};

const Name = v.object({ first: v.nullable(v.string()), last: v.nullable(v.string()) });

export const BrokerReferral = v.object({
  id: v.number(),
  agentId: v.number(),
  agentName: v.nullable(v.string()),
  product: v.string(),
  type: v.picklist(REFERRAL_TYPES),
  stage: v.picklist(REFERRAL_STAGES),
  prospect: v.object({ name: Name }),
  created: v.string(),
  updated: v.string(),
  overdue: v.boolean(),
  /** Whole days overdue; 0 when not overdue. */
  daysOverdue: v.number(),
});
export type BrokerReferral = v.InferOutput<typeof BrokerReferral>;
export const BrokerReferralPage = paged(BrokerReferral);
export type BrokerReferralPage = v.InferOutput<typeof BrokerReferralPage>;

export const BrokerReferralDetail = v.object({
  ...BrokerReferral.entries,
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  priceCents: v.nullable(v.number()),
  details: v.object({
    referralSale: v.object({ dateOfSale: v.nullable(v.string()), salePriceCents: v.nullable(v.number()) }),
  }),
  removalReason: v.nullable(v.string()),
  /** Newest first: stage changes, reassignments, creation. */
  events: v.array(ReferralEvent),
  /** Newest first. */
  notes: v.array(ReferralNote),
});
export type BrokerReferralDetail = v.InferOutput<typeof BrokerReferralDetail>;

export const NewReferralNote = v.object({ text: NoteText });
