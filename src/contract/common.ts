import * as v from 'valibot';

import { parseIsoDate, parseIsoMonth, parseIsoTime } from '../lib/iso-time.ts';
import { EMAIL_PATTERN } from '../lib/validation.ts';
import { EMAIL_MAX } from './limits.ts';

/*
 * Building blocks of the API contract (src/contract). Convention: a schema and the type it parses to
 * share one name (`export const Foo = v.object(...)`, `export type Foo = v.InferOutput<typeof Foo>`);
 * a paged list is `FooPage = paged(Foo)`. Counts are whole numbers; money is whole US dollars unless
 * a field is named ...Cents; percentages are 0-100; times are ISO 8601 strings (UTC).
 */

export const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const Dollars = v.pipe(v.number(), v.integer());
export const Percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));

/*
 * Dates and times, in answers and from input, all through the one reader of src/lib/iso-time.ts:
 * a date the calendar lacks (2024-02-31, 2024-13-01, hour 24, year 0000, years outside 1900-2200)
 * is refused, never rolled over or passed on to the database. The server takes a Date with the
 * ...AsDate forms, so no handler calls `new Date(input)` itself.
 */
const ISO_TIME_MESSAGE = 'must be an ISO date and time such as 2026-11-23T05:00:00.000Z';
/** An ISO 8601 date and time (the ECMAScript form: 2026-11-23T05:00:00.000Z or with an offset +hh:mm). */
export const isoTime = (message = ISO_TIME_MESSAGE) =>
  v.pipe(
    v.string(message),
    v.check((s) => parseIsoTime(s) !== null, message),
  );
export const IsoTime = isoTime();
/** The same, read as the instant it names (server input). */
export const isoTimeAsDate = (message = ISO_TIME_MESSAGE) =>
  v.pipe(
    isoTime(message),
    v.transform((s) => parseIsoTime(s) as Date),
  );

const ISO_DATE_MESSAGE = 'must be a real calendar date as YYYY-MM-DD';
/** A calendar day as YYYY-MM-DD (2025-02-30 is refused, not rolled over). */
export const isoDate = (message = ISO_DATE_MESSAGE) =>
  v.pipe(
    v.string(message),
    v.check((s) => parseIsoDate(s) !== null, message),
  );
export const IsoDate = isoDate();

/** A month as YYYY-MM (2024-13 and 0000-01 are refused). */
export const isoMonth = (message = 'must be a month as YYYY-MM') =>
  v.pipe(
    v.string(message),
    v.check((s) => parseIsoMonth(s) !== null, message),
  );

/** The type of a paged answer (what `paged(Item)` parses to). */
export interface Page<T> {
  content: T[];
  totalElements: number;
}

/** Paged lists answer `{ content, totalElements }` to `pageIndex` / `pageSize` query parameters. */
export const paged = <S extends v.GenericSchema>(item: S) =>
  v.object({ content: v.array(item), totalElements: v.number() });

export const ErrorBody = v.object({
  status: v.number(),
  error: v.optional(v.string()),
  message: v.string(),
  fields: v.optional(v.record(v.string(), v.string())),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

export const DeleteResult = v.object({ deleted: v.number() });
export type DeleteResult = v.InferOutput<typeof DeleteResult>;

/** An email address under spec 1 section 5's rule (src/lib/validation.ts EMAIL_PATTERN, the only copy). */
export const EmailAddress = v.pipe(
  v.string('must be an email address'),
  v.trim(),
  v.maxLength(EMAIL_MAX),
  v.regex(EMAIL_PATTERN, 'must be an email address'),
);
