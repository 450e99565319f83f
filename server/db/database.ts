import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import pg from 'pg';

import type { Database } from './schema.ts';
import { PreparingPool } from './statement-cache.ts';

export type Db = Kysely<Database>;

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

// Both drivers read int8 and numeric as numbers (counts and cents stay far below 2^53)
// and dates as plain 'YYYY-MM-DD' strings, so the API answers the same on either.
const pgliteParsers = {
  [INT8]: (v: string) => Number(v),
  [NUMERIC]: (v: string) => Number(v),
  [DATE]: (v: string) => v,
};
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);

/** A tiny FIFO lock: PGlite is one session, so Kysely gets it one caller at a time. */
class Lock {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(query.sql, [...query.parameters]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite connections do not stream');
  }
}

class PGliteDriver implements Driver {
  private readonly lock = new Lock();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly connection: PGliteConnection;

  constructor(private readonly client: PGlite) {
    this.connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {
    await this.client.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await this.client.query('begin');
    void conn;
  }

  async commitTransaction(): Promise<void> {
    await this.client.query('commit');
  }

  async rollbackTransaction(): Promise<void> {
    await this.client.query('rollback');
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const release = this.releases.get(conn);
    this.releases.delete(conn);
    release?.();
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}

function pgliteDialect(client: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(client),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/**
 * Session settings of every connection to a PostgreSQL server: no JIT (decision 0099), and no parallel
 * workers for one statement (decision 0129): a request's statement that starts workers waits for them
 * (20 to 60 ms on this machine) and takes cores the other requests need.
 */
export const PG_SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

export interface OpenOptions {
  /** postgres://... to use a PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** false: every statement unnamed, parsed and planned on each run (for a pooler in transaction mode). */
  preparedStatements?: boolean | undefined;
  /** PGlite data folder; omitted means in memory. */
  dataDir?: string | undefined;
  /** A dumped PGlite data folder to start from (fast fresh databases for tests). */
  loadDataDir?: Blob | undefined;
}

export interface OpenDatabase {
  db: Db;
  /** The PGlite instance when embedded (for dumps); undefined on a PostgreSQL server. */
  pglite?: PGlite;
  /** The connection pool on a PostgreSQL server (its in-use and waiting metrics); undefined on PGlite. */
  pool?: pg.Pool;
  /** The named prepared statements' pool and counts on a PostgreSQL server, when they are on. */
  statements?: PreparingPool;
  close(): Promise<void>;
}

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    // JIT off (decision 0099): the API's statements are short, but a count over a large table can be
    // estimated above jit_above_cost, and compiling it (300 ms at 10x for the announcements editor) costs
    // more than running it.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: PG_SESSION_OPTIONS });
    // Repeated statements run as named prepared statements (decision 0132) unless turned off.
    const statements = options.preparedStatements === false ? undefined : new PreparingPool(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: statements ?? pool }) });
    return { db, pool, ...(statements ? { statements } : {}), close: () => db.destroy() };
  }
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: pgliteParsers,
    // Trigram search indexes (migration 013); PostgreSQL has the extension in its contrib package.
    extensions: { pg_trgm },
  });
  const db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
  return { db, pglite, close: () => db.destroy() };
}
