// npm run db:restore -- FILE [--force]: restores a backup of npm run db:backup into the database
// the server is configured with (DATABASE_URL, else the PGlite folder DATA_DIR). Refuses a target
// that holds data unless --force, and a backup taken by newer code. Stop the servers first.
import { BackupError, restoreDatabase } from '../server/db/backup.ts';
import { FolderLockedError } from '../server/db/folder-lock.ts';
import { targetFromEnv } from './db-target.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0]!.startsWith('-')) {
  console.error('usage: npm run db:restore -- FILE [--force]');
  process.exit(2);
}
try {
  console.log(await restoreDatabase(targetFromEnv(), files[0]!, { force }));
} catch (err) {
  if (err instanceof BackupError || err instanceof FolderLockedError) {
    console.error(`restore refused: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
