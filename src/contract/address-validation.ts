import * as v from 'valibot';

import { ZipCode } from './agent-assignments.ts';

// POST /contact-center-api/proxy/google-api/validate-address (spec 2 section 7).
// The reference API stands in for Google's Address Validation at the boundary (docs/spec/DECISIONS.md: "a format
// check for addresses"): server/geography/address-validator.ts, the one place a real provider plugs in.

const line = (max: number) =>
  v.pipe(v.optional(v.string('must be text'), ''), v.trim(), v.maxLength(max, `must be at most ${max} characters`));
export const AddressInput = v.strictObject(
  {
    street: line(200),
    city: line(120),
    state: line(2),
    zip: line(10),
  },
  'unknown field',
);
export type AddressInput = v.InferOutput<typeof AddressInput>;

/** VALID: every check passed; SUSPECT: well-formed but the ZIP does not agree with the city or state; INVALID: a format check failed. */
export const ADDRESS_VERDICTS = ['VALID', 'SUSPECT', 'INVALID'] as const;
export const AddressIssue = v.object({ field: v.picklist(['street', 'city', 'state', 'zip']), message: v.string() });
export type AddressIssue = v.InferOutput<typeof AddressIssue>;
export const AddressValidation = v.object({
  verdict: v.picklist(ADDRESS_VERDICTS),
  /** the address as it should be stored: trimmed, state upper-cased, city and state from the ZIP when they were blank */
  address: v.object({ street: v.string(), city: v.string(), state: v.string(), zip: v.string() }),
  /** the ZIP's place, when the geography table knows it */
  place: v.nullable(ZipCode),
  issues: v.array(AddressIssue),
  /** which validator answered: 'reference' (the stand-in) or a provider's name */
  provider: v.string(),
});
export type AddressValidation = v.InferOutput<typeof AddressValidation>;
