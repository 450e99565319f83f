import * as v from 'valibot';
import { EMAIL_PATTERN } from '../lib/validation.ts';

/*
 * Building blocks of the API contract (src/contract). Convention: a schema and the type it parses to
 * share one name (`export const Foo = v.object(...)`, `export type Foo = v.InferOutput<typeof Foo>`);
 * a paged list is `FooPage = paged(Foo)`. Counts are whole numbers; money is whole US dollars unless
 * a field is named ...Cents; percentages are 0-100; times are ISO 8601 strings (UTC).
 */

export const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const Dollars = v.pipe(v.number(), v.integer());
export const Percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));
export const IsoTime = v.pipe(v.string(), v.isoTimestamp());

/** The type of a paged answer (what `paged(Item)` parses to). */
export interface Page<T> { content: T[]; totalElements: number }

/** Paged lists answer `{ content, totalElements }` to `pageIndex` / `pageSize` query parameters. */
export const paged = <S extends v.GenericSchema>(item: S) => v.object({ content: v.array(item), totalElements: v.number() });

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
export const EmailAddress = v.pipe(v.string('must be an email address'), v.trim(), v.maxLength(254), v.regex(EMAIL_PATTERN, 'must be an email address'));
