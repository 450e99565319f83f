import type { Insertable } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';

// Postgres allows 65,535 bind parameters per statement; 500 rows of up to ~30 columns stay well below.
const BATCH = 500;

export async function insertMany<T extends keyof Database & string>(
  db: Db, table: T, rows: Insertable<Database[T]>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    // Kysely's generic insert typing cannot follow a table name chosen at run time.
    const result = await (db.insertInto(table) as ReturnType<Db['insertInto']>)
      .values(chunk as never).returning('id' as never).execute() as { id: number }[];
    ids.push(...result.map((r) => r.id));
  }
  return ids;
}

/** For tables without an id column (join tables). */
export async function insertRows<T extends keyof Database & string>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await (db.insertInto(table) as ReturnType<Db['insertInto']>).values(rows.slice(i, i + BATCH) as never).execute();
  }
}
