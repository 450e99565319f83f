import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seed } from '../../server/db/seed/index.ts';
import { PG_TEMPLATE_DB } from './pg-template.ts';

export const TEMPLATE_PATH = path.resolve('.tmp/test-template.tar');

// Creating and seeding a PGlite database takes seconds (initdb, scrypt hashes); every test
// file starts from a dump of one seeded database instead (decision 0134: about 1.1 to 1.7 s).

/** The seeded template every PostgreSQL test database is cloned from (when TEST_DATABASE_URL is set). */
async function setupPostgresTemplate(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB}`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${PG_TEMPLATE_DB}`;
  const { db, close } = await openDatabase({ databaseUrl: target.toString() });
  await migrate(db);
  await seed(db);
  await close();
}

/**
 * Vitest runs a global setup once per project that inherits it (api, api-pg, ui): three builds of both
 * templates, about 35 s each on 2 cores, before the first file ran. The first call builds them and the
 * others wait for it (the projects' setups run in this one main process).
 */
const BUILT = Symbol.for('porchlight.test-templates');

export default function setup(): Promise<void> {
  const shared = globalThis as { [BUILT]?: Promise<void> };
  return (shared[BUILT] ??= buildTemplates());
}

async function buildTemplates(): Promise<void> {
  // The PostgreSQL seed runs mostly in the server's process, the PGlite one in this one: side by side.
  await Promise.all([
    process.env.TEST_DATABASE_URL ? setupPostgresTemplate(process.env.TEST_DATABASE_URL) : undefined,
    setupPgliteTemplate(),
  ]);
}

async function setupPgliteTemplate(): Promise<void> {
  const { db, pglite, close } = await openDatabase({});
  await migrate(db);
  await seed(db);
  const dump = await pglite!.dumpDataDir('none');
  mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await close();
}
