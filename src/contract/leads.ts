import * as v from 'valibot';

import { Count } from './common.ts';

// The /leads-api family (spec 2 section 7 "Workflow, leads, contact center, lenders").

/**
 * GET /leads-api/leadstats/{brokerageId}?ingestedDate=YYYY-MM (default: the current month, UTC).
 * One row: LEAD_GENIUS leads ingested in the month and in its calendar quarter, and the brokerage's
 * quarterly cap (0 or 99999 = no cap).
 */
export const LeadStats = v.object({
  content: v.array(
    v.object({
      month: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/)),
      ingestedCount: Count,
      quarterIngestedCount: Count,
      quarterlyCap: Count,
    }),
  ),
});
export type LeadStats = v.InferOutput<typeof LeadStats>;
