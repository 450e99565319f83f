import type { Insertable, Kysely } from 'kysely';

import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';

// Postgres allows 65,535 bind parameters per statement; 500 rows of up to ~30 columns stay well below.
const BATCH = 500;

// Kysely's insert typing cannot follow a table name chosen at run time: the rows are typed
// by the caller's Insertable<Database[T]>, and the builder sees loose rows.
type Loose = Kysely<Record<string, Record<string, unknown>>>;

export async function insertMany<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<number[]> {
  const loose = db as unknown as Loose;
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH) as Record<string, unknown>[];
    const result = await loose.insertInto(table).values(chunk).returning('id').execute();
    ids.push(...result.map((r) => r['id'] as number));
  }
  return ids;
}

/** For tables without an id column (join tables). */
export async function insertRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  const loose = db as unknown as Loose;
  for (let i = 0; i < rows.length; i += BATCH) {
    await loose
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as Record<string, unknown>[])
      .execute();
  }
}
