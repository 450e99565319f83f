import type { DatabaseTarget } from '../server/db/backup.ts';

/** The database the server would open: DATABASE_URL, else the PGlite folder DATA_DIR (default .data), as server/config.ts reads them. */
export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error('DATABASE_URL must start with postgres://');
    process.exit(2);
  }
  return { databaseUrl, dataDir: env.DATA_DIR || '.data' };
}
