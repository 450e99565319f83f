// Named prepared statements (server/db/statement-cache.ts, decision 0132) on a PostgreSQL server:
// what is named and when, what the server holds per connection, and what happens when a statement
// goes stale under it. Runs in the api-pg project only (TEST_DATABASE_URL); every other api-pg test
// runs through the same pool as well (openDatabase turns it on).
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../../server/db/database.ts';
import { PreparingPool, type StatementCacheOptions } from '../../server/db/statement-cache.ts';
import { withPgClient } from '../setup/test-server.ts';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && !!url;
let dbUrl = '';
let dbName = '';

const admin = <T>(run: (c: pg.Client) => Promise<T>, connectionString = url!) => withPgClient(connectionString, run);

beforeAll(async () => {
  if (!onPostgres) return;
  dbName = `porchlight_stmt_${process.pid}_${Date.now()}`;
  await admin((c) => c.query(`create database ${dbName}`));
  const target = new URL(url!);
  target.pathname = `/${dbName}`;
  dbUrl = target.toString();
  await admin(async (c) => {
    await c.query('create table items (id int primary key, name text not null)');
    await c.query(`insert into items select g, 'item ' || g from generate_series(1, 50) g`);
  }, dbUrl);
});
afterAll(async () => {
  if (dbName) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
});

interface Tables {
  items: { id: number; name: string };
}
type Db = Kysely<Tables>;
/** Three texts that differ (a value is a parameter: the same text whatever it is). */
const COLUMNS = [['id'], ['name'], ['id', 'name']] as const;
const distinct = (db: Db, k: number) => db.selectFrom('items').select(COLUMNS[k]!).where('id', '<', 3).execute();

/** A Kysely over one connection (max 1), so what the server holds is that connection's. */
function open(options: Partial<StatementCacheOptions> = {}) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  const statements = new PreparingPool(pool, { threshold: 2, perConnection: 250, maxTexts: 5000, ...options });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: statements }) });
  const held = async () =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements order by name`.execute(db)
    ).rows;
  const backend = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
  return { db, statements, pool, held, backend, close: () => db.destroy() };
}

const byId = (db: Db, id: number) =>
  db.selectFrom('items').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

describe.runIf(onPostgres)('named prepared statements', () => {
  it('names a text on its second run, once per connection, and answers as an unnamed one does', async () => {
    const t = open();
    try {
      expect(await byId(t.db, 7)).toEqual({ id: 7, name: 'item 7' });
      // One run: nothing named. (The query on pg_prepared_statements is itself a new text.)
      expect((await t.held()).filter((s) => s.statement.includes('"items"'))).toEqual([]);
      expect(await byId(t.db, 8)).toEqual({ id: 8, name: 'item 8' });
      const named = (await t.held()).filter((s) => s.statement.includes('"items"'));
      expect(named).toHaveLength(1);
      expect(named[0]!.name).toMatch(/^pl\d+$/);
      for (let id = 1; id <= 20; id += 1) expect(await byId(t.db, id)).toEqual({ id, name: `item ${id}` });
      // Twenty more runs, still one statement on the server; 21 of the 22 runs were named.
      expect((await t.held()).filter((s) => s.statement.includes('"items"'))).toHaveLength(1);
      expect(t.statements.counts.prepared).toBeGreaterThanOrEqual(21);
    } finally {
      await t.close();
    }
  });

  it('leaves transaction control, SET and texts of several statements unnamed', async () => {
    const t = open();
    try {
      for (let i = 0; i < 3; i += 1) {
        await t.db.transaction().execute(async (trx) => {
          await sql`set local statement_timeout = '5s'`.execute(trx);
          await byId(trx, 3);
        });
        await sql.raw('select 1; select 2').execute(t.db);
      }
      const held = (await t.held()).map((s) => s.statement.toLowerCase());
      expect(held.some((s) => s.includes('"items"'))).toBe(true);
      expect(held.filter((s) => /^\s*(begin|commit|set|select 1;)/.test(s))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('holds at most perConnection statements: a connection past it is closed when it goes back', async () => {
    const t = open({ perConnection: 3 });
    try {
      for (let k = 0; k < 3; k += 1) for (let i = 0; i < 2; i += 1) await distinct(t.db, k);
      // Three statements named on this connection: at the limit, not past it.
      const first = await t.backend(); // the pid query's first run: unnamed
      expect(t.statements.counts.retired).toBe(0);
      expect(await t.backend()).toBe(first); // its second run is named: a fourth statement
      expect(t.statements.counts.retired).toBe(1);
      expect(await t.backend()).not.toBe(first);
      // The fresh connection prepares again what it runs, and answers the same.
      for (let i = 0; i < 2; i += 1) expect(await distinct(t.db, 0)).toEqual([{ id: 1 }, { id: 2 }]);
    } finally {
      await t.close();
    }
  });

  it('counts at most maxTexts texts and names at most maxTexts: past that, texts run unnamed', async () => {
    const t = open({ maxTexts: 2 });
    try {
      for (let k = 0; k < 3; k += 1) for (let i = 0; i < 2; i += 1) await distinct(t.db, k);
      const items = (await t.held()).filter((s) => s.statement.includes('"items"'));
      expect(items).toHaveLength(2);
      const unnamed = t.statements.counts.unnamed;
      await distinct(t.db, 2);
      expect(t.statements.counts.unnamed).toBe(unnamed + 1);
    } finally {
      await t.close();
    }
  });

  it('runs a statement the server dropped (DISCARD ALL) again unnamed, then closes its connection', async () => {
    const t = open();
    try {
      await byId(t.db, 1);
      await byId(t.db, 2);
      const before = await t.backend();
      await sql`discard all`.execute(t.db);
      expect(await byId(t.db, 3)).toEqual({ id: 3, name: 'item 3' });
      expect(t.statements.counts.retired).toBe(1);
      expect(await t.backend()).not.toBe(before);
    } finally {
      await t.close();
    }
  });

  it('a table changed under a cached plan: answered unnamed outside a transaction, refused inside one', async () => {
    const t = open();
    const all = (db: Db) => db.selectFrom('items').selectAll().where('id', '=', 4).executeTakeFirst();
    try {
      await all(t.db);
      await all(t.db); // named
      await admin((c) => c.query(`alter table items add column note text default 'new'`), dbUrl);
      // Outside a transaction: the refused statement runs again unnamed, with the new column.
      expect(await all(t.db)).toEqual({ id: 4, name: 'item 4', note: 'new' });
      expect(t.statements.counts.retired).toBe(1);
      await all(t.db);
      await all(t.db); // named again on the fresh connection
      await admin((c) => c.query('alter table items drop column note'), dbUrl);
      // Inside one: the transaction has failed and says so; the next use starts clean.
      await expect(t.db.transaction().execute((trx) => all(trx))).rejects.toMatchObject({ code: '0A000' });
      expect(t.statements.counts.retired).toBe(2);
      expect(await all(t.db)).toEqual({ id: 4, name: 'item 4' });
    } finally {
      await t.close();
    }
  });

  it('is on for openDatabase, and DATABASE_PREPARED_STATEMENTS=false (preparedStatements: false) turns it off', async () => {
    const on = await openDatabase({ databaseUrl: dbUrl });
    const off = await openDatabase({ databaseUrl: dbUrl, preparedStatements: false });
    try {
      expect(on.statements).toBeInstanceOf(PreparingPool);
      expect(off.statements).toBeUndefined();
      for (let i = 0; i < 3; i += 1) {
        await sql`select count(*) from items where id > ${i}`.execute(on.db);
        await sql`select count(*) from items where id > ${i}`.execute(off.db);
      }
      expect(on.statements!.counts.prepared).toBe(2);
      const held = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(off.db);
      expect(held.rows[0]!.n).toBe(0);
    } finally {
      await on.close();
      await off.close();
    }
  });
});
