import * as v from 'valibot';

import { Count, IsoTime, paged } from './common.ts';
import { ZIP_MESSAGE, ZIP_PATTERN } from './limits.ts';

// Lead suppliers, their ZIP coverage and their limits (spec 1 section 7 "GET /users-api/lead-suppliers";
// spec 2 section 7 "lead-supplier-zip-codes ... lead-supplier-limit").

/** GET /users-api/lead-suppliers (paged; name search) and GET /users-api/lead-suppliers/{id}. */
export const LeadSupplier = v.object({
  id: v.number(),
  name: v.string(),
  zipCount: Count,
  /** Brokerages the supplier has a quarterly limit for. */
  limitCount: Count,
  /** IRIS leads the supplier delivered this calendar quarter (all brokerages). */
  leadsThisQuarter: Count,
  created: IsoTime,
});
export type LeadSupplier = v.InferOutput<typeof LeadSupplier>;
export const LeadSupplierPage = paged(LeadSupplier);
export type LeadSupplierPage = v.InferOutput<typeof LeadSupplierPage>;

export const SupplierName = v.pipe(
  v.string('Name is required'),
  v.trim(),
  v.nonEmpty('Name is required'),
  v.maxLength(255, 'Name must be less than 255 characters'),
);
/** POST /users-api/lead-suppliers (ADMIN only). */
export const NewLeadSupplier = v.strictObject({ name: SupplierName }, 'unknown field');
export type NewLeadSupplier = v.InferInput<typeof NewLeadSupplier>;

/** ZIP: exactly 5 digits (spec 1 section 5); the pattern and message live with the shared lengths. */
export { ZIP_MESSAGE, ZIP_PATTERN };
export const Zip = v.pipe(v.string(ZIP_MESSAGE), v.trim(), v.regex(ZIP_PATTERN, ZIP_MESSAGE));

/** GET /leads-api/lead-supplier-zip-codes?supplierId=..&zip=.. (paged, ZIP order). */
export const LeadSupplierZip = v.object({ supplierId: v.number(), zip: v.string(), created: IsoTime });
export type LeadSupplierZip = v.InferOutput<typeof LeadSupplierZip>;
export const LeadSupplierZipPage = paged(LeadSupplierZip);
export type LeadSupplierZipPage = v.InferOutput<typeof LeadSupplierZipPage>;

const SupplierId = v.pipe(v.number('supplierId must be a number'), v.integer(), v.minValue(1), v.maxValue(999_999_999));
/** POST /leads-api/lead-supplier-zip-codes: one ZIP. */
export const NewLeadSupplierZip = v.strictObject({ supplierId: SupplierId, zip: Zip }, 'unknown field');
export type NewLeadSupplierZip = v.InferInput<typeof NewLeadSupplierZip>;

export const MAX_BULK_ZIP_LINES = 5000;
/** POST /leads-api/lead-supplier-zip-codes/bulk: a pasted list, one ZIP per line (commas and spaces also split). */
export const BulkLeadSupplierZips = v.strictObject(
  {
    supplierId: SupplierId,
    zips: v.pipe(
      v.string('zips must be text'),
      v.maxLength(MAX_BULK_ZIP_LINES * 12, 'The list is too long'),
      v.check((text) => /[^\s,;]/.test(text), 'Paste at least one ZIP'),
    ),
  },
  'unknown field',
);
export type BulkLeadSupplierZips = v.InferInput<typeof BulkLeadSupplierZips>;

/** The bulk answer: the valid ZIPs saved, those already covered, and every invalid line by number. */
export const BulkZipResult = v.object({
  saved: Count,
  alreadyCovered: Count,
  invalid: v.array(v.object({ line: v.number(), value: v.string(), message: v.string() })),
});
export type BulkZipResult = v.InferOutput<typeof BulkZipResult>;

/**
 * Splits a pasted list into lines (numbered from 1) and checks each: blank lines are skipped,
 * commas or spaces separate several ZIPs on one line (each reported with that line's number).
 */
export function parseZipList(text: string): { valid: string[]; invalid: BulkZipResult['invalid'] } {
  const valid: string[] = [];
  const invalid: BulkZipResult['invalid'] = [];
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    for (const value of line.split(/[\s,;]+/).filter(Boolean)) {
      if (ZIP_PATTERN.test(value)) valid.push(value);
      else invalid.push({ line: i + 1, value: value.slice(0, 40), message: ZIP_MESSAGE });
    }
  });
  return { valid: [...new Set(valid)], invalid };
}

const CAP_MESSAGE = 'Enter a whole number from 0 to 99999';
/** A quarterly cap: 0 or 99999 means no cap (spec 2 section 9). */
export const QuarterlyCap = v.pipe(
  v.number(CAP_MESSAGE),
  v.integer(CAP_MESSAGE),
  v.minValue(0, CAP_MESSAGE),
  v.maxValue(99999, CAP_MESSAGE),
);

/** GET /leads-api/lead-supplier-limit?supplierId=..: the supplier's quarterly limit per brokerage. */
export const LeadSupplierLimit = v.object({
  id: v.number(),
  supplierId: v.number(),
  brokerageId: v.number(),
  brokerageName: v.string(),
  quarterlyCap: Count,
  /** IRIS leads this supplier delivered to the brokerage this calendar quarter. */
  quarterIngestedCount: Count,
  updated: IsoTime,
});
export type LeadSupplierLimit = v.InferOutput<typeof LeadSupplierLimit>;
export const LeadSupplierLimits = v.array(LeadSupplierLimit);

/** POST /leads-api/lead-supplier-limit. */
export const NewLeadSupplierLimit = v.strictObject(
  {
    supplierId: SupplierId,
    brokerageId: v.pipe(
      v.number('Choose a brokerage'),
      v.integer('Choose a brokerage'),
      v.minValue(1, 'Choose a brokerage'),
      v.maxValue(999_999_999, 'Choose a brokerage'),
    ),
    quarterlyCap: QuarterlyCap,
  },
  'unknown field',
);
export type NewLeadSupplierLimit = v.InferInput<typeof NewLeadSupplierLimit>;

/** PATCH /leads-api/lead-supplier-limit/{id}. */
export const PatchLeadSupplierLimit = v.strictObject({ quarterlyCap: QuarterlyCap }, 'unknown field');
