import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Applies every plain-SQL migration not yet recorded, in file-name order, each in a transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await sql`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`.execute(db);
  const done = new Set((await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = await readFile(MIGRATIONS_DIR + file, 'utf8');
    await db.transaction().execute(async (trx) => {
      for (const statement of splitStatements(text)) await sql.raw(statement).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: file }).execute();
    });
    applied.push(file);
  }
  return applied;
}

/**
 * PGlite's extended protocol runs one statement per query, so a file is split at the
 * semicolons that end a line. Migrations therefore keep function bodies ($$...$$) out.
 */
export function splitStatements(text: string): string[] {
  return text
    .split(/;[ \t]*(?:--[^\n]*)?\r?\n/)
    .map((s) => s.replace(/^\s*--[^\n]*$/gm, '').trim())
    .filter((s) => s.length > 0);
}
