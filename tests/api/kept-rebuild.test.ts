// Each kept table's rebuild function (migration 063) builds from the rows exactly what the row triggers
// kept as the default seed went in (every trigger on), after more writes through the API and by SQL.
// The large seed loads with those triggers off and calls these functions after the load, so a
// function that drifts from its triggers would give a large seed's figures the tests never see.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** The kept tables that have a rebuild function, by the functions' names. */
async function keptTables(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select substr(proname, length('kept_rebuild_') + 1) as name from pg_proc
    where proname like 'kept\\_rebuild\\_%' order by 1`.execute(server.db);
  return rows.map((r) => r.name);
}

/**
 * A table's rows as sorted JSON, leaving out rows whose numbers are all zero: a trigger counts a row
 * down to zero and leaves it, a rebuild writes no such row, and both mean the same counts.
 */
async function contentOf(table: string): Promise<string[]> {
  const { rows } = await sql<{
    row: Record<string, unknown>;
  }>`select to_jsonb(t) as row from ${sql.table(table)} t`.execute(server.db);
  return rows
    .map(({ row }) => row)
    .filter((r) => !isAllZero(r))
    .map((r) => JSON.stringify(r, Object.keys(r).sort()))
    .sort();
}

/** Every count of the row is zero: its numeric columns other than ids and keys. */
function isAllZero(row: Record<string, unknown>): boolean {
  const counts = Object.keys(row).filter((k) => typeof row[k] === 'number' && !/(_id|_key|^id|bucket)$/.test(k));
  return counts.length > 0 && counts.every((k) => row[k] === 0);
}

describe('kept_rebuild_<table>() (migration 063)', () => {
  it('has one function for each of the sixteen kept tables', async () => {
    expect(await keptTables()).toEqual(
      [
        'agent_open_referrals',
        'agent_sale_years',
        'announcement_audience_counts',
        'announcement_audience_members',
        'brokerage_open_referrals',
        'contact_center_task_counts',
        'content_item_counts',
        'dnc_buckets',
        'lender_referral_closed_months',
        'lender_referral_counts',
        'opportunity_counts',
        'opportunity_days',
        'qa_review_counts',
        'referral_days',
        'referral_months',
        'referral_stage_counts',
      ].sort(),
    );
  });

  it('rebuilds what the triggers kept, table by table, after the seed and after writes that move counts', async () => {
    const db = server.db;
    // Writes that move rows between counted groups, so the kept rows are the triggers' work, not a backfill's.
    await sql`update referrals set stage = 'SPOKEN_WITH' where id in (select id from referrals order by id limit 3)`.execute(
      db,
    );
    await sql`update opportunities set status = 'NO_AGENT_ACCEPT' where id in (select id from opportunities order by id limit 2)`.execute(
      db,
    );
    await sql`update referrals set product = case product when 'LEAD_GENIUS' then 'PORCHLIGHT' else 'LEAD_GENIUS' end
      where id in (select id from referrals order by id desc limit 2)`.execute(db);
    // Sales that move between years and agents, and a sale that ends.
    await sql`update referrals set date_of_sale = date_of_sale - interval '400 days'
      where id in (select id from referrals where stage in ('CLOSED', 'LEASED') and date_of_sale is not null order by id limit 2)`.execute(
      db,
    );
    await sql`update referrals set stage = 'CLOSED', date_of_sale = date '2026-02-03'
      where id in (select id from referrals where stage = 'SPOKEN_WITH' order by id desc limit 1)`.execute(db);
    await sql`update referrals set stage = 'REMOVED'
      where id in (select id from referrals where stage = 'CLOSED' order by id desc limit 1)`.execute(db);
    const tables = await keptTables();
    for (const table of tables) {
      const kept = await contentOf(table);
      expect(kept.length, `${table} holds rows after the seed`).toBeGreaterThan(0);
      await sql`select ${sql.raw(`kept_rebuild_${table}`)}()`.execute(db);
      expect(await contentOf(table), `${table} rebuilt from its rows`).toEqual(kept);
    }
  });
});
