import * as v from 'valibot';

import { US_STATES_AND_TERRITORIES } from '../lib/us-states.ts';
import { EMAIL_PATTERN } from '../lib/validation.ts';
import { BROKERAGE_STATUSES, PRODUCT_FAMILIES } from './brokerages.ts';
import { normalisePhone } from './interviews.ts';
import { EMAIL_MAX, PHONE_TEXT_MAX, ZIP_LENGTH, ZIP_MESSAGE, ZIP_PATTERN } from './limits.ts';

// Brokerage administration: the full edit (PUT /agents-api/brokerages/{id}),
// the product families offered (GET /agents-api/product) and Apination
// (GET /agents-api/brokerages/{id}/apination, POST .../apination/enable and .../disable).

const STATE_CODES = new Set(US_STATES_AND_TERRITORIES.map((s) => s.code));
/** Empty text means "none": the form sends '' for a cleared field, the server stores null. */
const optionalText = (max: number, message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((s) => s?.trim() || null),
    v.nullable(v.pipe(v.string(), v.maxLength(max, message))),
  );

/**
 * PUT /agents-api/brokerages/{id}: every editable field at once (a full replacement; PATCH stays the
 * partial edit). Messages are the spec's where it has one (spec 1 and 2 section 5).
 */
export const BrokerageUpdate = v.strictObject(
  {
    name: v.pipe(
      v.string('Name is required'),
      v.trim(),
      v.nonEmpty('Name is required'),
      v.maxLength(255, 'Name must be less than 255 characters'),
    ),
    status: v.picklist(BROKERAGE_STATUSES, 'Status must be Active, Paused or Hidden'),
    productFamily: v.picklist(PRODUCT_FAMILIES, 'Choose a product'),
    email: v.pipe(
      optionalText(EMAIL_MAX, 'Invalid e-mail.'),
      v.check((e) => e === null || EMAIL_PATTERN.test(e), 'Invalid e-mail.'),
      v.transform((e) => e?.toLowerCase() ?? null),
    ),
    phone: v.pipe(
      optionalText(PHONE_TEXT_MAX, 'Invalid phone number.'),
      v.check((p) => p === null || normalisePhone(p) !== null, 'Invalid phone number.'),
      v.transform((p) => (p === null ? null : normalisePhone(p))),
    ),
    street: optionalText(200, 'Street must be less than 200 characters'),
    city: optionalText(120, 'City must be less than 120 characters'),
    state: v.pipe(
      optionalText(2, 'Choose a state'),
      v.transform((s) => s?.toUpperCase() ?? null),
      v.check((s) => s === null || STATE_CODES.has(s), 'Choose a state'),
    ),
    zip: v.pipe(
      optionalText(ZIP_LENGTH, ZIP_MESSAGE),
      v.check((z) => z === null || ZIP_PATTERN.test(z), ZIP_MESSAGE),
    ),
  },
  'unknown field',
);
export type BrokerageUpdateInput = v.InferInput<typeof BrokerageUpdate>;
export type BrokerageUpdate = v.InferOutput<typeof BrokerageUpdate>;

/** GET /agents-api/product: one product family the provider offers, with how many brokerages have it. */
export const ProductOffering = v.object({
  productFamily: v.picklist(PRODUCT_FAMILIES),
  name: v.string(),
  description: v.string(),
  brokerageCount: v.number(),
});
export type ProductOffering = v.InferOutput<typeof ProductOffering>;

/** GET /agents-api/brokerages/{id}/apination (and the answer of enable / disable). */
export const ApinationState = v.object({
  brokerageId: v.number(),
  enabled: v.boolean(),
  /** who last changed it (the broker admin, or staff), null when never changed */
  changedBy: v.nullable(v.object({ id: v.number(), name: v.string() })),
  /** the staff user acting for them, when the change was made while impersonating */
  actedBy: v.nullable(v.object({ id: v.number(), name: v.string() })),
  changedAt: v.nullable(v.string()),
});
export type ApinationState = v.InferOutput<typeof ApinationState>;
