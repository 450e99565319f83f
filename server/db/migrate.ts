import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';

import type { Db } from './database.ts';

// Resolved when first read, not at import: the console's component tests import the app (and so this
// module) in jsdom, where import.meta.url is no file URL.
const migrationsDir = () => fileURLToPath(new URL('./migrations/', import.meta.url));
// One key for "this database is being migrated or seeded": every API process starting on one
// PostgreSQL waits for the first to finish instead of racing it (an arbitrary constant).
export const BOOT_LOCK_KEY = 7_406_113;

export class MigrationEditedError extends Error {}

const checksumOf = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Runs `work` holding the database-wide boot lock (a session-level advisory lock on one
 * connection). PGlite is one session: its lock is reentrant, and one process owns the folder.
 */
export async function withBootLock<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${BOOT_LOCK_KEY})`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${BOOT_LOCK_KEY})`.execute(conn);
    }
  });
}

/**
 * Applies every plain-SQL migration not yet recorded, in file-name order, each in a transaction,
 * recording its checksum. An applied migration whose file has changed stops start-up: edit the
 * schema with a new migration instead.
 */
export async function migrate(db: Db): Promise<string[]> {
  await sql`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`.execute(db);
  await sql`alter table schema_migrations add column if not exists checksum text`.execute(db);
  const done = new Map(
    (await db.selectFrom('schema_migrations').select(['name', 'checksum']).execute()).map((r) => [r.name, r.checksum]),
  );
  const files = (await readdir(migrationsDir())).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    const text = await readFile(migrationsDir() + file, 'utf8');
    const checksum = checksumOf(text);
    if (done.has(file)) {
      const recorded = done.get(file);
      if (recorded === null || recorded === undefined) {
        // Applied before checksums were recorded: trust the file as it is now.
        await db.updateTable('schema_migrations').set({ checksum }).where('name', '=', file).execute();
      } else if (recorded !== checksum) {
        throw new MigrationEditedError(
          `Migration ${file} was changed after it was applied (checksum ${recorded.slice(0, 12)} recorded, ${checksum.slice(0, 12)} now). Restore it and add a new migration for the change.`,
        );
      }
      continue;
    }
    await db.transaction().execute(async (trx) => {
      for (const statement of splitStatements(text)) await sql.raw(statement).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: file, checksum }).execute();
    });
    applied.push(file);
  }
  return applied;
}

/**
 * PGlite's extended protocol runs one statement per query, so a file is split at the semicolons
 * that end a line, except inside a dollar-quoted body ($$ ... $$ of a function or trigger, or a
 * tagged $name$ ... $name$, which may hold other dollar quotes).
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let body: string | null = null; // the dollar quote the current line is inside
  for (const line of text.split(/\r?\n/)) {
    for (const [quote] of line.matchAll(/\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$/g)) {
      if (body === null) body = quote;
      else if (quote === body) body = null;
    }
    const end = body === null && /;[ \t]*(?:--.*)?$/.exec(line);
    current.push(end ? line.slice(0, end.index) : line);
    if (end) {
      statements.push(current.join('\n'));
      current = [];
    }
  }
  statements.push(current.join('\n'));
  return statements.map((s) => s.replace(/^\s*--[^\n]*$/gm, '').trim()).filter((s) => s.length > 0);
}

/** The migration files the code holds, in the order they apply (readiness and restore compare a database with them). */
export async function migrationNames(): Promise<string[]> {
  return (await readdir(migrationsDir())).filter((f) => f.endsWith('.sql')).sort();
}
