import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

// PGlite is one process's database: two processes writing one data folder corrupt it, and nothing
// in PGlite stops that (TOOLCHAIN.md). A lock file with the owner's pid does. It is created
// atomically ('wx'); a lock left by a process that no longer runs is taken over.
const LOCK_FILE = 'porchlight.lock';

export class FolderLockedError extends Error {}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
};

/** Takes the data folder's lock for this process; the returned function releases it. */
export function lockDataFolder(dataDir: string, pid = process.pid): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(pid)) rmSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== pid && isRunning(owner)) {
        throw new FolderLockedError(
          `The data folder ${dataDir} is in use by process ${owner}. One server process per PGlite folder: use DATABASE_URL (PostgreSQL) to run several.`,
        );
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new FolderLockedError(`Could not lock the data folder ${dataDir}`);
}
