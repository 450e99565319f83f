import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { closingsCandidates } from '../../server/routes/agents-api/my-agents.ts';
import { MyAgentPage } from '../../src/contract/my-agents.ts';
import { brokerageIdByName, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// My Agents by closings, most first, orders only the agents who can rank near the top, found from the
// sales kept per agent and year (migration 066's trigger, decision 0127). The kept counts must equal the
// rows after any write, and every page near the top must equal every agent ordered by its closings.

let server: TestServer;
let broker: Caller;
let harbor: number;

beforeAll(async () => {
  server = await startTestServer();
  broker = await signIn(server, 'broker@demo.test');
  harbor = await brokerageIdByName(server.db, 'Harbor Point Realty');
});
afterAll(async () => {
  await server.close();
});

/** Sales per brokerage, agent and year, counted from the rows. */
const fromRows = async () =>
  (
    await sql<{ brokerage_id: number; agent_id: number; year: number; closed: number }>`
  select brokerage_id, agent_id, extract(year from date_of_sale)::int as year, count(*)::int as closed from referrals
  where stage in ('CLOSED', 'LEASED') and date_of_sale is not null group by 1, 2, 3 order by 1, 2, 3`.execute(server.db)
  ).rows;
/** The same, as the trigger keeps them: every row, none left at 0 (migration 070). */
const kept = async () =>
  (
    await sql<{ brokerage_id: number; agent_id: number; year: number; closed: number }>`
  select brokerage_id, agent_id, year::int as year, closed from agent_sale_years order by 1, 2, 3`.execute(server.db)
  ).rows;

/** Harbor Point's agents (not deleted), most closings in the last 12 months first, as the list orders ties. */
async function expectedOrder() {
  const since = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  return (
    await sql<{ id: number; closings: number }>`
    select id, closings from (
      select a.id, a.last_name, a.first_name,
        (select count(*)::int from referrals r where r.agent_id = a.id and r.brokerage_id = a.brokerage_id
          and r.stage in ('CLOSED', 'LEASED') and r.date_of_sale >= ${since}::date) as closings
      from agents a where a.brokerage_id = ${harbor} and a.status <> 'DELETED') x
    order by closings desc, last_name asc nulls last, first_name asc nulls last, id asc`.execute(server.db)
  ).rows;
}

/** Small pages near the top as the API answers them, against every agent ordered; how many were narrowed. */
async function comparePages() {
  const expected = await expectedOrder();
  let narrowed = 0;
  for (const pageSize of [1, 2, 3, 5]) {
    for (let pageIndex = 0; pageIndex < 4; pageIndex++) {
      const rows = (pageIndex + 1) * pageSize;
      const candidates = await closingsCandidates(server.db, { brokerageId: harbor }, rows, new Date());
      if (candidates !== undefined) {
        narrowed += 1;
        // The candidates hold every agent the first `rows` places show.
        for (const e of expected.slice(0, rows)) expect(candidates).toContain(e.id);
      }
      const page = v.parse(
        MyAgentPage,
        (await broker.get(`/agents-api/my-agents?pageSize=${pageSize}&pageIndex=${pageIndex}&sort=closings,DESC`)).body,
      );
      expect(
        page.content.map((a) => ({ id: a.id, closings: a.closings })),
        `page ${pageIndex} of ${pageSize}`,
      ).toEqual(expected.slice(pageIndex * pageSize, rows).map((e) => ({ id: e.id, closings: e.closings })));
    }
  }
  return narrowed;
}

describe('agent_sale_years, kept by the trigger (migration 066)', () => {
  it('equals the referral rows after the seed, and after sales, changed dates, moves between agents, and deletes', async () => {
    expect(await kept()).toEqual(await fromRows());
    const db = server.db;
    const two = await db
      .selectFrom('referrals')
      .select(['id', 'agent_id'])
      .where('stage', 'in', ['CLOSED', 'LEASED'])
      .where('date_of_sale', 'is not', null)
      .orderBy('id')
      .limit(2)
      .execute();
    // A sale dated a year earlier, a sale moved to another agent, an open referral closed, one deleted.
    await sql`update referrals set date_of_sale = date_of_sale - interval '1 year' where id = ${two[0]!.id}`.execute(
      db,
    );
    await sql`update referrals set agent_id = (select id from agents where id <> ${two[1]!.agent_id} order by id limit 1)
      where id = ${two[1]!.id}`.execute(db);
    await sql`update referrals set stage = 'CLOSED', date_of_sale = current_date
      where id = (select id from referrals where stage = 'SPOKEN_WITH' order by id limit 1)`.execute(db);
    await sql`update referrals set date_of_sale = null where id = (select id from referrals where stage = 'LEASED' order by id limit 1)`.execute(
      db,
    );
    await sql`delete from referral_events where referral_id = ${two[0]!.id}`.execute(db);
    await sql`delete from referrals where id = ${two[0]!.id}`.execute(db);
    expect(await kept()).toEqual(await fromRows());
  });
});

describe('My Agents by closings, most first, read from the agents who can rank near the top', () => {
  it('orders small pages near the top exactly as every agent ordered would, and the candidates did narrow them', async () => {
    // The demo seed's sales let the candidates narrow the top pages (else this test would prove nothing).
    expect(await comparePages()).toBeGreaterThan(0);
  });

  let quiet: { id: number };
  const later = `${new Date().getUTCFullYear() + 2}-03-04`;

  it('counts sales dated in a later year, and sales split across the years of the window', async () => {
    // The agent with the fewest sales gets ten dated in two years' time: the top of the list.
    quiet = (await expectedOrder()).at(-1)!;
    await sql`update referrals set stage = 'CLOSED', date_of_sale = ${later}::date, agent_id = ${quiet.id}
      where id in (select id from referrals where brokerage_id = ${harbor} and stage not in ('CLOSED', 'LEASED') order by id limit 10)`.execute(
      server.db,
    );
    expect((await expectedOrder())[0]).toEqual({ id: quiet.id, closings: 10 });
    // The next quietest gets five sales on the window's second day (the previous calendar year) and
    // five today: ten in all, but no year with more than five.
    const split = (await expectedOrder()).at(-1)!;
    const second = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    for (const day of [second, new Date().toISOString().slice(0, 10)])
      await sql`update referrals set stage = 'CLOSED', date_of_sale = ${day}::date, agent_id = ${split.id}
        where id in (select id from referrals where brokerage_id = ${harbor} and stage not in ('CLOSED', 'LEASED') order by id limit 5)`.execute(
        server.db,
      );
    expect((await expectedOrder()).slice(0, 2).map((e) => e.id)).toEqual(expect.arrayContaining([quiet.id, split.id]));
    expect(await comparePages()).toBeGreaterThan(0);
  });

  it('keeps an agent whose sales split evenly over the two years of the window (L / m at its edge)', async () => {
    // The later year's sales are undone: its kept row goes with the last of them (migration 070), so the
    // window's two calendar years are all there is, and the agent with five and five has exactly L / 2
    // in each, the least the bound may ask of its best year.
    await sql`update referrals set stage = 'SPOKEN_WITH', date_of_sale = null
      where agent_id = ${quiet.id} and date_of_sale = ${later}::date`.execute(server.db);
    expect(await kept()).toEqual(await fromRows());
    const laterYear = Number(later.slice(0, 4));
    expect(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from agent_sale_years where agent_id = ${quiet.id} and year = ${laterYear}`.execute(
          server.db,
        )
      ).rows[0]!.n,
    ).toBe(0);
    const top = (await expectedOrder())[0]!;
    expect(top.closings).toBe(10);
    expect(await comparePages()).toBeGreaterThan(0);
  });
});
