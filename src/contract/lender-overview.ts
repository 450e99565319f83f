import * as v from 'valibot';

import { LENDER_STEPS } from '../lib/lender-steps.ts';

// GET /lenders-api/loan-offices/{id}/stats: the loan office's overview figures, computed by SQL.

export const LenderOverview = v.object({
  /** Referrals received since the first of this month (UTC). */
  receivedThisMonth: v.number(),
  receivedLastMonth: v.number(),
  /** The last 12 months, oldest first, each 'YYYY-MM' with its received and closed counts. */
  perMonth: v.array(v.object({ month: v.string(), received: v.number(), closed: v.number() })),
  byStatus: v.array(v.object({ status: v.picklist(LENDER_STEPS), count: v.number() })),
  perOfficer: v.array(
    v.object({
      loanOfficerId: v.nullable(v.number()),
      name: v.string(),
      status: v.nullable(v.string()),
      open: v.number(),
      closed: v.number(),
      total: v.number(),
    }),
  ),
  firstContact: v.object({
    /** Referrals received in the last 90 days, and how many of them were contacted. */
    received: v.number(),
    contacted: v.number(),
    medianHours: v.nullable(v.number()),
    within24Hours: v.number(),
  }),
  conversion: v.object({
    /** Referrals received in the last 12 months, how many closed a loan or did not proceed; rate = closed / received. */
    received: v.number(),
    closed: v.number(),
    lost: v.number(),
    rate: v.nullable(v.number()),
    /** The first day of the 12 months (UTC, YYYY-MM-DD): the lists behind Loans Closed and Not Proceeding start there. */
    receivedFrom: v.string(),
  }),
});
export type LenderOverview = v.InferOutput<typeof LenderOverview>;
