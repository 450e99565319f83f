// The large seed's bulk load on a PostgreSQL where the loading role is not a superuser (a managed
// server's database owner): session_replication_role is refused, and the load runs with its
// foreign-key checks and triggers on instead of failing. Runs in the api-pg project only
// (TEST_DATABASE_URL); the bulk path is forced at scale 1 to keep the test short.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seed, type SeedTimings } from '../../server/db/seed/index.ts';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && !!url;
const suffix = `${process.pid}_${Date.now()}`;
const ROLE = `seed_owner_${suffix}`;
const OWNED = `seed_owned_${suffix}`;
const SUPER = `seed_super_${suffix}`;

async function admin(statements: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}

function urlOf(database: string, user?: string): string {
  const u = new URL(url!);
  u.pathname = `/${database}`;
  if (user) u.username = user;
  return u.toString();
}

/** Migrates and bulk-seeds `database` as `user`; the load's path and every table's row count. */
async function bulkSeed(database: string, user?: string) {
  const { db, close } = await openDatabase({ databaseUrl: urlOf(database, user) });
  try {
    await migrate(db);
    const timings: SeedTimings = { phases: [] };
    await seed(db, { scale: 1, bulk: true, now: new Date('2026-11-20T15:30:00Z'), timings });
    const tables = (
      await sql<{
        name: string;
      }>`select tablename as name from pg_tables where schemaname = 'public' order by 1`.execute(db)
    ).rows;
    const rows: Record<string, number> = {};
    for (const { name } of tables)
      rows[name] = (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db)).rows[0]!.n;
    const role = (
      await sql<{
        superuser: boolean;
      }>`select rolsuper as superuser from pg_roles where rolname = current_user`.execute(db)
    ).rows[0]!.superuser;
    // Kept columns a bulk load without triggers fills after the load (migration 058): none left behind.
    const buyerStale = (
      await sql<{
        n: number;
      }>`select count(*)::int as n from lender_referrals lr join opportunities op on op.id = lr.opportunity_id
        where lr.buyer_sort is distinct from lender_buyer_sort(op.contact_first, op.contact_last)
           or lr.buyer_search is distinct from lender_buyer_search(op.contact_first, op.contact_last, op.contact_email, op.contact_phone)`.execute(
        db,
      )
    ).rows[0]!.n;
    return { path: timings.loadPath, rows, superuser: role, buyerStale };
  } finally {
    await close();
  }
}

beforeAll(async () => {
  if (!onPostgres) return;
  await admin([
    `create role "${ROLE}" login nosuperuser`,
    `create database "${OWNED}" owner "${ROLE}"`,
    `create database "${SUPER}"`,
  ]);
});

afterAll(async () => {
  if (!onPostgres) return;
  await admin([
    `drop database if exists "${OWNED}" with (force)`,
    `drop database if exists "${SUPER}" with (force)`,
    `drop role if exists "${ROLE}"`,
  ]);
});

describe.runIf(onPostgres)('the bulk seed on PostgreSQL', () => {
  it('loads as a database owner that is no superuser, with its checks on, the same rows as a superuser loads', async () => {
    const owner = await bulkSeed(OWNED, ROLE);
    const superuser = await bulkSeed(SUPER);
    expect(owner.superuser).toBe(false);
    expect(owner.path).toBe('checked');
    expect(superuser.path).toBe('replica');
    expect(owner.rows['opportunities']).toBeGreaterThan(1000);
    expect(owner.rows).toEqual(superuser.rows);
    expect(owner.rows['lender_referrals']).toBeGreaterThan(0);
    expect([owner.buyerStale, superuser.buyerStale]).toEqual([0, 0]);
  }, 120_000);
});
