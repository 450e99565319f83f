import type { Kysely, UpdateObject, UpdateQueryBuilder, UpdateResult } from 'kysely';

import type { Database } from '../db/schema.ts';
import { notFound } from './errors.ts';

type TableWithId = { [K in keyof Database]: Database[K] extends { id: unknown } ? K : never }[keyof Database];
/** One concrete builder type: Kysely cannot call `set` on the union of every table's builder. */
type AnyUpdate = UpdateQueryBuilder<Database, 'users', 'users', UpdateResult>;

/**
 * Updates the row `id` of `table` with `set` (typed against that table at the call site) and answers
 * 404 with `message` when no row has that id.
 */
export async function updateByIdOr404<T extends TableWithId>(
  db: Kysely<Database>,
  table: T,
  id: number,
  set: UpdateObject<Database, T>,
  message: string,
): Promise<void> {
  const builder = db.updateTable(table) as unknown as AnyUpdate;
  const res = await builder
    .set(set as UpdateObject<Database, 'users'>)
    .where('id', '=', id)
    .executeTakeFirst();
  if (res.numUpdatedRows === 0n) throw notFound(message);
}
