import * as v from 'valibot';

import { Count, IsoTime } from './common.ts';

// GET /interviews-api/partners/{id} (spec 2 section 7): the referral partner who sent an
// opportunity in, shown on the opportunity view.

export const PARTNER_TYPES = ['LENDER', 'BUILDER', 'RELOCATION', 'WEBSITE', 'AFFINITY'] as const;

export const Partner = v.object({
  id: Count,
  name: v.string(),
  type: v.picklist(PARTNER_TYPES),
  contactName: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  website: v.nullable(v.string()),
  active: v.boolean(),
  created: IsoTime,
  /** Opportunities the partner sent in, and how many of them are still open (not CLOSED or LOST). */
  opportunities: v.object({ total: Count, open: Count }),
});
export type Partner = v.InferOutput<typeof Partner>;
