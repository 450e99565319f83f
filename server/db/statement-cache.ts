import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Named prepared statements for the statements this process runs again and again (decision 0132).
 *
 * PostgreSQL parses and plans an unnamed statement on every execution: for the API's short reads
 * that is most of the database's work (the agent by id: 0.45 ms of planning for 0.06 ms of
 * execution). A named statement is parsed once per connection, and PostgreSQL's plan cache keeps a
 * generic plan when it costs no more than the custom ones (plan_cache_mode auto), so a repeated
 * read costs its execution only. This is what pgjdbc (prepareThreshold) and Npgsql (Max Auto
 * Prepare) do for every Java and .NET client; node-postgres prepares only what is named, so this
 * pool names statements the way they do.
 *
 * - A statement text is named once this process has run it `threshold` times, if it is one query
 *   or data change (NAMEABLE). The name is "pl" and a number, never reused for another text.
 * - The texts counted are at most `maxTexts`; past that the count starts over (a flood of distinct
 *   texts, say IN lists of every length, cannot grow memory), names already given stay.
 * - A connection holds at most `perConnection` prepared statements. One that has prepared more is
 *   closed when it goes back to the pool, and the pool opens a fresh one when it needs it: the
 *   server's memory per connection stays bounded with no protocol message node-postgres lacks.
 * - A statement the server no longer knows or can no longer run (after a DISCARD; a table's
 *   columns changed under a cached plan by another process's migration) runs again unnamed when
 *   outside a transaction, and its connection is closed when it goes back to the pool.
 *
 * Off (DATABASE_PREPARED_STATEMENTS=false) for a pooler in transaction mode that does not keep
 * prepared statements per client (PgBouncer before 1.21, or without max_prepared_statements).
 */
export interface StatementCacheOptions {
  /** Runs of a text before it is named (2: the second run is the first prepared one). */
  threshold: number;
  /** Prepared statements one connection may hold before it is closed on release. */
  perConnection: number;
  /** Distinct texts counted before the count starts over. */
  maxTexts: number;
}

export const DEFAULT_STATEMENT_CACHE: StatementCacheOptions = { threshold: 2, perConnection: 250, maxTexts: 5000 };

/**
 * Texts that may be named: one query or data change (a text with a semicolon may hold several
 * statements, which a prepared statement refuses; one that merely quotes a semicolon runs unnamed).
 * Transaction control, SET, LISTEN and DDL run unnamed: preparing them saves nothing.
 */
const NAMEABLE = /^\s*(select|insert|update|delete|with|values)\b[^;]*$/i;

/** SQLSTATEs that say a connection's prepared statement is gone or stale. */
const STALE_STATEMENT = new Set(['26000', '0A000']);

export interface StatementCounts {
  /** Executions of a named statement. */
  prepared: number;
  /** Executions sent unnamed (parsed and planned by the server again). */
  unnamed: number;
  /** Connections closed on release for holding too many statements or a stale one. */
  retired: number;
}

export class PreparingPool implements PostgresPool {
  private readonly seen = new Map<string, number>();
  private readonly names = new Map<string, string>();
  private nextName = 1;
  private readonly clients = new WeakMap<pg.PoolClient, PreparingClient>();
  readonly counts: StatementCounts = { prepared: 0, unnamed: 0, retired: 0 };

  constructor(
    readonly pool: pg.Pool,
    readonly options: StatementCacheOptions = DEFAULT_STATEMENT_CACHE,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let wrapped = this.clients.get(client);
    if (!wrapped) {
      wrapped = new PreparingClient(this, client);
      this.clients.set(client, wrapped);
    }
    return wrapped;
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  /** The name a text runs under, once it has been run often enough; undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.names.get(text);
    if (name) return name;
    // Checked once a text is not yet named: a named text passed it, and most runs are of those.
    if (!NAMEABLE.test(text)) return undefined;
    const runs = (this.seen.get(text) ?? 0) + 1;
    if (runs < this.options.threshold) {
      if (this.seen.size >= this.options.maxTexts) this.seen.clear();
      this.seen.set(text, runs);
      return undefined;
    }
    this.seen.delete(text);
    if (this.names.size >= this.options.maxTexts) return undefined;
    const given = `pl${this.nextName++}`;
    this.names.set(text, given);
    return given;
  }
}

class PreparingClient implements PostgresPoolClient {
  /** Names this connection has prepared. */
  private readonly prepared = new Set<string>();
  private stale = false;
  private inTransaction = false;

  constructor(
    private readonly owner: PreparingPool,
    private readonly client: pg.PoolClient,
  ) {}

  // Kysely's PostgresConnection calls query(text, parameters) for every statement; the cursor form
  // (streaming) is not configured in this app.
  query<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    text: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof text !== 'string') throw new Error('cursors are not configured');
    return this.run<R>(text, parameters ?? []);
  }

  private async run<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const values = [...parameters];
    this.track(text);
    const name = this.owner.nameFor(text);
    if (!name) return this.unnamed<R>(text, values);
    this.owner.counts.prepared += 1;
    this.prepared.add(name);
    try {
      return (await this.client.query({ name, text, values })) as unknown as PostgresQueryResult<R>;
    } catch (err) {
      if (!STALE_STATEMENT.has((err as { code?: string }).code ?? '')) throw err;
      // The server refused the statement before running it. Outside a transaction it runs again
      // unnamed; inside one the transaction has failed and says so. Either way this connection's
      // statements are not to be trusted: it closes when it goes back to the pool.
      this.stale = true;
      if (this.inTransaction) throw err;
      return this.unnamed<R>(text, values);
    }
  }

  private async unnamed<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    this.owner.counts.unnamed += 1;
    return (await this.client.query(text, values)) as unknown as PostgresQueryResult<R>;
  }

  /** Follows Kysely's transaction statements (begin / start transaction, commit, rollback). */
  private track(text: string): void {
    if (/^\s*(begin|start transaction)\b/i.test(text)) this.inTransaction = true;
    else if (/^\s*(commit|rollback|end|abort)\s*;?\s*$/i.test(text)) this.inTransaction = false;
  }

  release(): void {
    this.inTransaction = false;
    if (this.stale || this.prepared.size > this.owner.options.perConnection) {
      this.owner.counts.retired += 1;
      // node-postgres closes a client released with an error and forgets its statements with it.
      this.client.release(true);
      return;
    }
    this.client.release();
  }
}
