import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'kysely';
import pg from 'pg';

import type { Logger } from '../observability/logger.ts';
import { BytesBlob } from './bytes-blob.ts';
import type { Db } from './database.ts';
import { FolderLockedError, lockDataFolder } from './folder-lock.ts';
import { migrationNames } from './migrate.ts';

// Backup and restore (npm run db:backup / db:restore, README "Operating Porchlight", decision 0090).
// PGlite: the data folder as PGlite dumps it (a gzipped tarball), taken by the server running on the
// folder (serveOnlineBackups) or, with none, by this process under the folder lock. PostgreSQL: pg_dump's custom format, consistent while the
// servers run (one snapshot), restored with pg_restore. A restore refuses a target that holds data
// unless forced, and a backup whose migrations the code does not know (it comes from newer code).

export class BackupError extends Error {}

export interface DatabaseTarget {
  /** postgres://... ; else the PGlite folder. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

const LOCK_FILE = 'porchlight.lock';
// A server on a PGlite folder takes backups while it serves: it names itself in SERVING_FILE, and on
// SIGUSR2 dumps the folder to the file REQUEST_FILE asks for, between two queries, then writes
// RESULT_FILE. None of these files is part of a restored folder.
const SERVING_FILE = 'porchlight.serving';
const REQUEST_FILE = 'porchlight.backup-request';
const RESULT_FILE = 'porchlight.backup-result';
const CONTROL_FILES = [LOCK_FILE, SERVING_FILE, REQUEST_FILE, RESULT_FILE];
const ONLINE_BACKUP_TIMEOUT_MS = 10 * 60_000;

/** pg_dump / pg_restore from PATH, else the newest /usr/lib/postgresql/<version>/bin; a clear error when neither has it. */
export function findPgTool(
  name: 'pg_dump' | 'pg_restore',
  env: NodeJS.ProcessEnv = process.env,
  root = '/usr/lib/postgresql',
): string {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    if (existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin', name);
  throw new BackupError(
    `${name} was not found on PATH or in ${root}/*/bin. Install PostgreSQL's client tools (Debian, Ubuntu: apt-get install postgresql-client; the same major version as the server or newer) and run again.`,
  );
}

/** The URL without its password, and the password for PGPASSWORD: a password on a command line shows in `ps`. */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', (e) => reject(new BackupError(`${path.basename(tool)} could not start: ${e.message}`)));
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new BackupError(`${path.basename(tool)} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/** Writes a backup of the database to `file`; answers what was written. */
export async function backupDatabase(target: DatabaseTarget, file: string): Promise<string> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    const { url, env } = connection(target.databaseUrl);
    await run(
      findPgTool('pg_dump'),
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`],
      env,
    );
    return `PostgreSQL database backed up to ${file} (pg_dump custom format)`;
  }
  if (!existsSync(path.join(target.dataDir, 'PG_VERSION')))
    throw new BackupError(`${target.dataDir} holds no PGlite database`);
  let unlock: () => void;
  try {
    unlock = lockDataFolder(target.dataDir);
  } catch (err) {
    if (!(err instanceof FolderLockedError)) throw err;
    return backupFromServer(target.dataDir, file);
  }
  try {
    const db = await PGlite.create({ dataDir: target.dataDir, extensions: { pg_trgm } });
    try {
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
  return `PGlite folder ${target.dataDir} backed up to ${file}`;
}

/** The folder's running server takes the backup (SIGUSR2); refuses when the lock's owner is not a server that takes them. */
async function backupFromServer(dataDir: string, file: string): Promise<string> {
  const read = (name: string) => {
    try {
      return readFileSync(path.join(dataDir, name), 'utf8').trim();
    } catch {
      return '';
    }
  };
  const owner = Number(read(LOCK_FILE));
  if (!Number.isInteger(owner) || owner <= 0 || read(SERVING_FILE) !== String(owner)) {
    throw new BackupError(
      `The data folder ${dataDir} is in use by process ${owner || 'unknown'}, which is not a Porchlight server taking backups: wait for it to finish.`,
    );
  }
  const id = `${process.pid}-${Date.now()}`;
  rmSync(path.join(dataDir, RESULT_FILE), { force: true });
  writeFileSync(path.join(dataDir, REQUEST_FILE), JSON.stringify({ id, file: path.resolve(file) }));
  process.kill(owner, 'SIGUSR2');
  const deadline = Date.now() + ONLINE_BACKUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await sleep(100);
    const text = read(RESULT_FILE);
    if (!text) continue;
    const result = JSON.parse(text) as { id: string; error?: string };
    if (result.id !== id) continue;
    rmSync(path.join(dataDir, RESULT_FILE), { force: true });
    if (result.error) throw new BackupError(`the server could not take the backup: ${result.error}`);
    return `PGlite folder ${dataDir} backed up to ${file} by its running server (process ${owner})`;
  }
  throw new BackupError(
    `the server (process ${owner}) did not take the backup within ${ONLINE_BACKUP_TIMEOUT_MS / 60_000} minutes`,
  );
}

/**
 * Lets `npm run db:backup` back up this process's PGlite folder while it serves (main.ts): on
 * SIGUSR2 the folder is dumped between two queries (every query goes through Kysely's one
 * connection, held for the checkpoint and the dump, so the copy is of a quiet database; requests
 * wait meanwhile, about a second for the demo database). Answers the function that stops it.
 */
export function serveOnlineBackups(dataDir: string, pglite: PGlite, db: Db, log: Logger): () => void {
  writeFileSync(path.join(dataDir, SERVING_FILE), String(process.pid));
  let busy = false;
  const onSignal = () => {
    if (busy) return;
    busy = true;
    void (async () => {
      let id = '';
      try {
        const request = JSON.parse(readFileSync(path.join(dataDir, REQUEST_FILE), 'utf8')) as {
          id: string;
          file: string;
        };
        id = request.id;
        rmSync(path.join(dataDir, REQUEST_FILE), { force: true });
        const started = Date.now();
        const dump = await db.connection().execute(async (conn) => {
          await sql`checkpoint`.execute(conn);
          return pglite.dumpDataDir('gzip');
        });
        mkdirSync(path.dirname(request.file), { recursive: true });
        writeFileSync(`${request.file}.partial`, Buffer.from(await dump.arrayBuffer()));
        renameSync(`${request.file}.partial`, request.file);
        writeFileSync(path.join(dataDir, RESULT_FILE), JSON.stringify({ id }));
        log.info({ job: 'backup', file: request.file, ms: Date.now() - started }, 'backup taken while serving');
      } catch (err) {
        writeFileSync(path.join(dataDir, RESULT_FILE), JSON.stringify({ id, error: (err as Error).message }));
        log.error({ job: 'backup', err }, 'backup while serving failed');
      } finally {
        busy = false;
      }
    })();
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    rmSync(path.join(dataDir, SERVING_FILE), { force: true });
  };
}

/** Refuses a backup that holds migrations the code does not have (it was taken by newer code). */
async function checkMigrations(applied: string[]): Promise<string[]> {
  const known = new Set(await migrationNames());
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupError(
      `The backup was taken by a newer version of Porchlight: it holds migrations this code does not have (${unknown.join(', ')}). Restore it with that version.`,
    );
  const have = new Set(applied);
  return [...known].filter((name) => !have.has(name));
}

/** Restores `file` into the configured database; answers what was done. */
export async function restoreDatabase(
  target: DatabaseTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<string> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  return target.databaseUrl
    ? restorePostgres(target.databaseUrl, file, options.force ?? false)
    : restorePglite(target.dataDir, file, options.force ?? false);
}

const pending = (names: string[]) =>
  names.length > 0 ? `; the next start applies ${names.length} newer migration(s)` : '';

async function restorePostgres(databaseUrl: string, file: string, force: boolean): Promise<string> {
  const { url, env } = connection(databaseUrl);
  const restoreTool = findPgTool('pg_restore');
  // The backup's schema_migrations rows, read from the file before the target is touched.
  const listing = await run(restoreTool, ['--data-only', '--table=schema_migrations', '--file=-', file], env);
  const copy = /^COPY [^\n]*schema_migrations[^\n]*FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(listing);
  if (!copy) throw new BackupError(`${file} is not a Porchlight backup (it has no schema_migrations table)`);
  const toApply = await checkMigrations(
    copy[1]!
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t')[0]!),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables where schemaname = 'public'`,
    );
    if (Number(rows[0]!.n) > 0) {
      if (!force)
        throw new BackupError(
          'The target database holds data: restore into an empty database, or add --force to replace everything in it (stop the servers first).',
        );
      await client.query('drop schema public cascade');
      await client.query('create schema public');
    }
  } finally {
    await client.end();
  }
  await run(
    restoreTool,
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
    env,
  );
  return `restored ${file} into the PostgreSQL database${pending(toApply)}`;
}

const holdsData = (dir: string) => existsSync(dir) && readdirSync(dir).some((f) => !CONTROL_FILES.includes(f));

async function restorePglite(dataDir: string, file: string, force: boolean): Promise<string> {
  let setAside: string | undefined;
  if (holdsData(dataDir)) {
    if (!force)
      throw new BackupError(
        `The data folder ${dataDir} holds data: restore into an empty folder, or add --force (the folder is kept beside it, renamed).`,
      );
    lockDataFolder(dataDir)(); // refuses while a server runs on it
    setAside = `${dataDir.replace(/[\\/]+$/, '')}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, setAside);
  }
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataFolder(dataDir);
  let ok = false;
  try {
    const db = await PGlite.create({
      dataDir,
      loadDataDir: new BytesBlob(readFileSync(file)),
      extensions: { pg_trgm },
    });
    let applied: string[];
    try {
      applied = (await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name);
    } catch {
      throw new BackupError(`${file} is not a Porchlight backup (it has no schema_migrations table)`);
    } finally {
      await db.close();
    }
    const toApply = await checkMigrations(applied);
    ok = true;
    return `restored ${file} into ${dataDir}${setAside ? ` (what was there is in ${setAside})` : ''}${pending(toApply)}`;
  } finally {
    unlock();
    // The backup carries the control files of the process that took it: a restored folder has no owner.
    for (const name of CONTROL_FILES) rmSync(path.join(dataDir, name), { force: true });
    if (!ok) {
      rmSync(dataDir, { recursive: true, force: true });
      if (setAside) renameSync(setAside, dataDir);
    }
  }
}
