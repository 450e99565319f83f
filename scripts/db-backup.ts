// npm run db:backup -- FILE: backs up the database the server is configured with (DATABASE_URL:
// PostgreSQL through pg_dump, custom format; else the PGlite folder DATA_DIR, default .data).
// See README "Operating Porchlight" and server/db/backup.ts.
import { backupDatabase, BackupError } from '../server/db/backup.ts';
import { FolderLockedError } from '../server/db/folder-lock.ts';
import { targetFromEnv } from './db-target.ts';

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0 || file.startsWith('-')) {
  console.error('usage: npm run db:backup -- FILE');
  process.exit(2);
}
try {
  console.log(await backupDatabase(targetFromEnv(), file));
} catch (err) {
  if (err instanceof BackupError || err instanceof FolderLockedError) {
    console.error(`backup failed: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
