import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seed } from '../../server/db/seed/index.ts';

export const TEMPLATE_PATH = path.resolve('.tmp/test-template.tar');

// Creating and seeding a PGlite database takes seconds (initdb, scrypt hashes); every test
// file starts from a dump of one seeded database instead, restored in about half a second.
export default async function setup(): Promise<void> {
  const { db, pglite, close } = await openDatabase({});
  await migrate(db);
  await seed(db);
  const dump = await pglite!.dumpDataDir('none');
  mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await close();
}
