import { mkdirSync } from 'node:fs';
import { sql } from 'kysely';

import { bootstrapProduction } from './bootstrap.ts';
import type { Config } from './config.ts';
import { openDatabase, type OpenDatabase } from './db/database.ts';
import { lockDataFolder } from './db/folder-lock.ts';
import { migrate, withBootLock } from './db/migrate.ts';
import { isSeeded, seed } from './db/seed/index.ts';

/**
 * Opens the configured database, applies pending migrations and seeds an empty one (demo mode
 * only). Migration and seeding run under one database-wide lock, so several API processes
 * started at once on one PostgreSQL migrate and seed it once; a PGlite folder is locked to
 * this process.
 */
export async function bootDatabase(config: Config, log: (msg: string) => void = () => {}): Promise<OpenDatabase> {
  let unlockFolder = () => {};
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true });
    unlockFolder = lockDataFolder(config.dataDir);
  }
  let database: OpenDatabase;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      preparedStatements: config.preparedStatements,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
    });
  } catch (err) {
    unlockFolder();
    throw err;
  }
  try {
    await withBootLock(database.db, async (db) => {
      const applied = await migrate(db);
      if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
      if (!config.demoMode) {
        // Production: demo accounts and open invite codes never enter a database outside demo mode.
        await bootstrapProduction(db, {
          adminEmail: config.adminEmail,
          publicOrigin: config.publicOrigin,
          now: new Date(),
          log,
        });
      } else if (!(await isSeeded(db))) {
        const started = Date.now();
        await seed(db, { scale: config.seedScale });
        // PGlite never vacuums by itself: fresh visibility maps and statistics let the dashboard's
        // counts use index-only scans from the first request.
        await sql`vacuum analyze`.execute(db);
        log(`seeded demo data (scale ${config.seedScale}) in ${Date.now() - started} ms`);
      }
    });
  } catch (err) {
    await database.close();
    unlockFolder();
    throw err;
  }
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      unlockFolder();
    },
  };
}
