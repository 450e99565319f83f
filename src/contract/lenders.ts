import * as v from 'valibot';

// The /lenders-api family: loan offices and loan officers.

const id = v.number();
const text = v.nullable(v.string());
const time = v.string();

/** GET /lenders-api/loan-offices/{id} as the shell reads it (my loan office). */
export const LoanOffice = v.object({ id, name: v.string(), status: v.string(), email: text, phone: text });
export type LoanOffice = v.InferOutput<typeof LoanOffice>;
export const LoanOfficeSummary = v.object({
  id,
  name: v.string(),
  status: v.string(),
  email: text,
  phone: text,
  loanOfficerCount: v.number(),
  created: time,
});
export type LoanOfficeSummary = v.InferOutput<typeof LoanOfficeSummary>;
export const LoanOfficer = v.object({
  id,
  loanOfficeId: id,
  loanOfficeName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: text,
  phone: text,
  nmls: text,
  created: time,
});
export type LoanOfficer = v.InferOutput<typeof LoanOfficer>;
