import * as v from 'valibot';

import { LENDER_STEPS, LOST_REASONS } from '../lib/lender-steps.ts';
import { isoDate, paged } from './common.ts';

// Lender referrals: the opportunities transferred to a loan office (TRANSFERRED_TO_LENDER and
// TRANSFERRED_TO_LENDER_INCOMPLETE), listed by /lenders-match-api/lender-assignments and worked
// through the lender steps of src/lib/lender-steps.ts.

const person = v.object({ id: v.number(), name: v.nullable(v.string()) });

export const LenderReferralRow = v.object({
  id: v.number(),
  opportunityId: v.number(),
  opportunityStatus: v.string(),
  status: v.picklist(LENDER_STEPS),
  buyer: v.object({ first: v.nullable(v.string()), last: v.nullable(v.string()) }),
  type: v.string(),
  agent: v.nullable(person),
  brokerage: v.object({ id: v.number(), name: v.string() }),
  loanOffice: v.object({ id: v.number(), name: v.string() }),
  loanOfficer: v.nullable(v.object({ id: v.number(), name: v.string(), status: v.string() })),
  received: v.string(),
  updated: v.string(),
});
export type LenderReferralRow = v.InferOutput<typeof LenderReferralRow>;
export const LenderReferralPage = paged(LenderReferralRow);

export const LenderReferralEvent = v.object({
  id: v.number(),
  type: v.string(),
  fromStatus: v.nullable(v.string()),
  toStatus: v.nullable(v.string()),
  loanOfficer: v.nullable(v.string()),
  detail: v.nullable(v.string()),
  actor: v.nullable(v.string()),
  created: v.string(),
});
export type LenderReferralEvent = v.InferOutput<typeof LenderReferralEvent>;

export const LenderReferralNote = v.object({
  id: v.number(),
  body: v.string(),
  author: v.object({ id: v.nullable(v.number()), name: v.nullable(v.string()) }),
  created: v.string(),
});
export type LenderReferralNote = v.InferOutput<typeof LenderReferralNote>;

export const LenderReferralDetail = v.object({
  ...LenderReferralRow.entries,
  buyerContact: v.object({ phone: v.nullable(v.string()), email: v.nullable(v.string()) }),
  agentContact: v.nullable(v.object({ phone: v.nullable(v.string()), email: v.nullable(v.string()) })),
  loanAmountCents: v.nullable(v.number()),
  lostReason: v.nullable(v.string()),
  firstContact: v.nullable(v.string()),
  closed: v.nullable(v.string()),
  nextSteps: v.array(v.picklist(LENDER_STEPS)),
  history: v.array(LenderReferralEvent),
  notes: v.array(LenderReferralNote),
});
export type LenderReferralDetail = v.InferOutput<typeof LenderReferralDetail>;

/** PUT /lenders-match-api/lender-assignments/{id}/loan-officer: null unassigns. */
export const AssignLoanOfficer = v.object({
  loanOfficerId: v.nullable(v.pipe(v.number('loanOfficerId must be a number'), v.integer(), v.minValue(1))),
});

/**
 * PUT /lenders-match-api/lender-assignments/{id}/status: LOST needs one of the reasons; CLOSED (final)
 * needs the facts it records, the loan amount in cents and the closing date (YYYY-MM-DD; the server
 * refuses one after today or before the referral was received).
 */
export const LenderStatusChange = v.pipe(
  v.object({
    status: v.picklist(LENDER_STEPS, 'status must be a lender step'),
    reason: v.optional(v.picklist(LOST_REASONS, 'reason must be one of the listed reasons')),
    loanAmountCents: v.optional(
      v.pipe(
        v.number('Enter the loan amount'),
        v.integer('Enter the loan amount in whole cents'),
        v.minValue(100, 'Enter a loan amount of at least $1'),
        v.maxValue(100_000_000_00, 'Enter a loan amount of at most $100,000,000'),
      ),
    ),
    closedOn: v.optional(isoDate('Enter the closing date')),
  }),
  v.forward(
    v.check((b) => b.status !== 'LOST' || b.reason !== undefined, 'A reason is required'),
    ['reason'],
  ),
  v.forward(
    v.check((b) => b.status !== 'CLOSED' || b.loanAmountCents !== undefined, 'Enter the loan amount'),
    ['loanAmountCents'],
  ),
  v.forward(
    v.check((b) => b.status !== 'CLOSED' || b.closedOn !== undefined, 'Enter the closing date'),
    ['closedOn'],
  ),
);
export type LenderStatusChange = v.InferInput<typeof LenderStatusChange>;

/** How to reach a loan office or officer; null when none is on file. */
const reach = { email: v.optional(v.nullable(v.string()), null), phone: v.optional(v.nullable(v.string()), null) };
/** The opportunity's lender (GET /interviews-api/opportunities/{id}/lender). */
export const OpportunityLender = v.object({
  lenderReferralId: v.number(),
  loanOffice: v.object({ id: v.number(), name: v.string(), ...reach }),
  loanOfficer: v.nullable(v.object({ id: v.number(), name: v.string(), status: v.string(), ...reach })),
  status: v.picklist(LENDER_STEPS),
  received: v.string(),
});
export type OpportunityLender = v.InferOutput<typeof OpportunityLender>;
/** GET /interviews-api/opportunities/{id}/lender: the lender, or null when the opportunity went to none. */
export const OpportunityLenderAnswer = v.nullable(OpportunityLender);
export type OpportunityLenderAnswer = v.InferOutput<typeof OpportunityLenderAnswer>;
