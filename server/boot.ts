import { mkdirSync } from 'node:fs';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import { openDatabase, type OpenDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { isSeeded, seed } from './db/seed/index.ts';
import { bootstrapProduction } from './bootstrap.ts';

/** Opens the configured database, applies pending migrations and seeds an empty one (demo mode only). */
export async function bootDatabase(config: Config, log: (msg: string) => void = () => {}): Promise<OpenDatabase> {
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  const applied = await migrate(database.db);
  if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
  if (!config.demoMode) {
    // Production: demo accounts and open invite codes never enter a database outside demo mode.
    await bootstrapProduction(database.db, { adminEmail: config.adminEmail, publicOrigin: config.publicOrigin, now: new Date(), log });
  } else if (!(await isSeeded(database.db))) {
    const started = Date.now();
    await seed(database.db, { scale: config.seedScale });
    // PGlite never vacuums by itself: fresh visibility maps and statistics let the dashboard's
    // counts use index-only scans from the first request.
    await sql`vacuum analyze`.execute(database.db);
    log(`seeded demo data (scale ${config.seedScale}) in ${Date.now() - started} ms`);
  }
  return database;
}
