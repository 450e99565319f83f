import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { overduePredicate } from '../../server/db/overdue.ts';
import { overdueCandidates } from '../../server/routes/agents-api/agent-queries.ts';
import { MyAgentPage } from '../../src/contract/my-agents.ts';
import { brokerageIdByName, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// My Agents by overdue reads each agent's open referrals from agent_open_referrals (migration 028's
// trigger) instead of grouping every overdue referral, and the broker score reads the brokerage's
// total from brokerage_open_referrals (migration 054, the same trigger). The kept counts must equal
// the rows after any write, and the sort must order agents exactly as server/db/overdue.ts's rule counts them.

let server: TestServer;
let broker: Caller;
let staff: Caller;
let harbor: number;

beforeAll(async () => {
  server = await startTestServer();
  broker = await signIn(server, 'broker@demo.test');
  staff = await signIn(server, 'admin@demo.test');
  harbor = await brokerageIdByName(server.db, 'Harbor Point Realty');
});
afterAll(async () => {
  await server.close();
});

const OPEN = ['AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES', 'MET_WITH_SELLER', 'OFFER_MADE', 'LISTED_HOME'];
/** Open referrals per brokerage and agent, and per brokerage (migration 054), counted from the rows. */
const fromRows = async () => ({
  agents: (
    await sql<{ brokerage_id: number; agent_id: number; open: number }>`
  select brokerage_id, agent_id, count(*)::int as open from referrals
  where stage in (${sql.join(OPEN)}) group by 1, 2 order by 1, 2`.execute(server.db)
  ).rows,
  brokerages: (
    await sql<{ brokerage_id: number; open: number }>`
  select brokerage_id, count(*)::int as open from referrals
  where stage in (${sql.join(OPEN)}) group by 1 order by 1`.execute(server.db)
  ).rows,
});
/** The same, as the trigger keeps them. */
const kept = async () => ({
  agents: (
    await sql<{ brokerage_id: number; agent_id: number; open: number }>`
  select brokerage_id, agent_id, open from agent_open_referrals where open <> 0 order by 1, 2`.execute(server.db)
  ).rows,
  brokerages: (
    await sql<{ brokerage_id: number; open: number }>`
  select brokerage_id, open from brokerage_open_referrals where open <> 0 order by 1`.execute(server.db)
  ).rows,
});

/** Harbor Point's agents (not deleted) in the order the rule's counts give: overdue, then last and first name (the database's collation), then id. */
async function expectedOrder(direction: 'asc' | 'desc') {
  const now = new Date();
  const dir = sql.raw(direction);
  return (
    await sql<{ id: number; overdue: number }>`
    select id, overdue from (
      select a.id, a.last_name, a.first_name,
        (select count(*)::int from referrals r where r.agent_id = a.id and r.brokerage_id = a.brokerage_id and ${overduePredicate('r', now)}) as overdue
      from agents a where a.brokerage_id = ${harbor} and a.status <> 'DELETED') x
    order by overdue ${dir}, last_name ${dir} nulls last, first_name ${dir} nulls last, id asc`.execute(server.db)
  ).rows;
}

describe('agent_open_referrals and brokerage_open_referrals, kept by the trigger (migrations 028 and 054)', () => {
  it('equal the referral rows after the seed, and after inserts, stage changes, moves between agents and brokerages, and deletes', async () => {
    const seeded = await kept();
    expect(seeded.brokerages.length).toBeGreaterThan(1);
    expect(seeded).toEqual(await fromRows());
    const some = await server.db
      .selectFrom('referrals')
      .select(['id', 'agent_id'])
      .where('brokerage_id', '=', harbor)
      .where('stage', 'in', OPEN)
      .orderBy('id')
      .limit(4)
      .execute();
    const otherAgent = (
      await server.db
        .selectFrom('agents')
        .select('id')
        .where('brokerage_id', '=', harbor)
        .where(
          'id',
          'not in',
          some.map((s) => s.agent_id),
        )
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const otherBrokerage = (
      await server.db
        .selectFrom('brokerages')
        .select('id')
        .where('id', '<>', harbor)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    await server.db.updateTable('referrals').set({ stage: 'CLOSED' }).where('id', '=', some[0]!.id).execute();
    await server.db.updateTable('referrals').set({ agent_id: otherAgent }).where('id', '=', some[1]!.id).execute();
    await server.db
      .updateTable('referrals')
      .set({ brokerage_id: otherBrokerage })
      .where('id', '=', some[2]!.id)
      .execute();
    await server.db.updateTable('referrals').set({ stage: 'SPOKEN_WITH' }).where('id', '=', some[3]!.id).execute();
    expect(await kept()).toEqual(await fromRows());
    await sql`create temp table referral_copy as select * from referrals where id = ${some[3]!.id}`.execute(server.db);
    await sql`update referral_copy set id = nextval(pg_get_serial_sequence('referrals', 'id'))`.execute(server.db);
    const copy = await sql<{ id: number }>`insert into referrals select * from referral_copy returning id`.execute(
      server.db,
    );
    await sql`drop table referral_copy`.execute(server.db);
    expect(await kept()).toEqual(await fromRows());
    await server.db.deleteFrom('referrals').where('id', '=', copy.rows[0]!.id).execute();
    expect(await kept()).toEqual(await fromRows());
  });
});

/** Small pages near the top as My Agents answers them, against every agent ordered; how many the floor narrowed. */
async function compareTopPages() {
  const expected = await expectedOrder('desc');
  const now = new Date();
  let narrowed = 0;
  for (const pageSize of [1, 2, 3, 5]) {
    for (let pageIndex = 0; pageIndex < 4; pageIndex++) {
      const rows = (pageIndex + 1) * pageSize;
      const only = await overdueCandidates(server.db, now, { brokerageId: harbor }, rows);
      if (only !== undefined) {
        narrowed += 1;
        // The floor never leaves out an agent the page shows.
        const open = await server.db
          .selectFrom('agent_open_referrals')
          .select(['agent_id', 'open'])
          .where('brokerage_id', '=', harbor)
          .execute();
        const openOf = new Map(open.map((o) => [o.agent_id, o.open]));
        for (const e of expected.slice(0, rows))
          expect(
            (openOf.get(e.id) ?? 0) >= only.floor || only.heavy.includes(e.id),
            `agent ${e.id} is a candidate`,
          ).toBe(true);
      }
      const page = v.parse(
        MyAgentPage,
        (await broker.get(`/agents-api/my-agents?pageSize=${pageSize}&pageIndex=${pageIndex}&sort=overdue,DESC`)).body,
      );
      expect(
        page.content.map((a) => ({ id: a.id, overdue: a.funnelStatus.stages.overdueForFollowup.count })),
        `page ${pageIndex} of ${pageSize}`,
      ).toEqual(expected.slice(pageIndex * pageSize, rows).map((e) => ({ id: e.id, overdue: e.overdue })));
    }
  }
  return narrowed;
}

describe('the most overdue first, read from the agents who can rank near the top', () => {
  it('orders small pages near the top exactly as every agent ordered would, and the floor did narrow them', async () => {
    // The demo seed's counts let the floor narrow the top pages (else this test would prove nothing).
    expect(await compareTopPages()).toBeGreaterThan(0);
  });

  it('still narrows them when one agent has many overdue sales, and counts that agent', async () => {
    // An agent with few open referrals gets twelve sales under contract, dated a week ago: its count
    // leads, and a floor that subtracted the most sales of any agent would fall to 0 and read every agent.
    const [one] = (
      await sql<{ agent_id: number }>`select agent_id from agent_open_referrals where brokerage_id = ${harbor}
        order by open asc, agent_id limit 1`.execute(server.db)
    ).rows;
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await sql`update referrals set stage = 'UNDER_CONTRACT', date_of_sale = ${weekAgo}::date, agent_id = ${one!.agent_id}
      where id in (select id from referrals where brokerage_id = ${harbor} and stage in ('CLOSED', 'REMOVED') order by id limit 12)`.execute(
      server.db,
    );
    expect((await expectedOrder('desc'))[0]!.id).toBe(one!.agent_id);
    expect(await compareTopPages()).toBeGreaterThan(0);
  });
});

describe('My Agents and the agents list sorted by overdue', () => {
  it("order every page as the overdue rule counts, descending and ascending, with each agent's count", async () => {
    for (const direction of ['desc', 'asc'] as const) {
      const expected = await expectedOrder(direction);
      const seen: { id: number; overdue: number }[] = [];
      for (let pageIndex = 0; seen.length < expected.length; pageIndex++) {
        const page = v.parse(
          MyAgentPage,
          (
            await broker.get(
              `/agents-api/my-agents?pageSize=100&pageIndex=${pageIndex}&sort=overdue,${direction.toUpperCase()}`,
            )
          ).body,
        );
        expect(page.totalElements).toBe(expected.length);
        if (page.content.length === 0) break;
        seen.push(...page.content.map((a) => ({ id: a.id, overdue: a.funnelStatus.stages.overdueForFollowup.count })));
      }
      expect(seen).toEqual(expected.map((e) => ({ id: e.id, overdue: e.overdue })));
    }
    // The staff agents list of one brokerage reads the same order.
    const expected = await expectedOrder('desc');
    const res = await staff.get(
      `/agents-api/agents?brokerageId=${harbor}&pageSize=10&sort=funnelStatus.overdueForFollowupCount,DESC`,
    );
    expect(res.status).toBe(200);
    expect((res.body as { content: { id: number }[] }).content.map((a) => a.id)).toEqual(
      expected.slice(0, 10).map((e) => e.id),
    );
  });
});
