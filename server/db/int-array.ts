import { sql, type RawBuilder } from 'kysely';

/**
 * A list of integers as one `int[]` parameter, sent as a single array literal ('{1,2,3}'). pg's
 * serializer turns a JS array parameter into text element by element, making short-lived strings for
 * each: 1.9 MB per request for the 1,666 candidate ids of a national ZIP across five statements.
 */
export function intArray(values: readonly number[]): RawBuilder<number[]> {
  if (!values.every(Number.isSafeInteger)) throw new Error('intArray: integers only');
  return sql<number[]>`${`{${values.join(',')}}`}::int[]`;
}
