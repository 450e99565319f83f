import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AgentFunnel, AgentReferralDetail, AgentReferralPage } from '../../src/contract/referrals.ts';
import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let agent: Caller;
let demo: number;
const NOW = new Date();
const base = () => `/agents-api/agents/${demo}/referrals`;

beforeAll(async () => {
  server = await startTestServer();
  server.setNow(NOW);
  agent = await signIn(server, DEMO_AGENT_PHONE);
  demo = (
    await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow()
  ).agent_id!;
});
afterAll(async () => {
  await server.close();
});

/** The demo agent's referral at `stage` of `type` (the seed has one of each used here). */
async function demoRef(stage: string, type: string): Promise<number> {
  const r = await server.db
    .selectFrom('referrals')
    .select('id')
    .where('agent_id', '=', demo)
    .where('stage', '=', stage)
    .where('type', '=', type)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Days overdue by the spec's rule, computed here in SQL independently of the server's query. */
async function expectedDays(): Promise<Map<number, number>> {
  const { rows } = await sql<{ id: number; days: number }>`
    select id, (case
      when stage in ('REMOVED', 'CLOSED', 'LONG_TERM_HOLD', 'LEASED') then 0
      when stage = 'UNDER_CONTRACT' then case
        when date_of_sale is not null and ${NOW}::timestamptz - (date_of_sale::timestamp at time zone 'UTC') > interval '1 day'
        then floor(extract(epoch from ${NOW}::timestamptz - (date_of_sale::timestamp at time zone 'UTC')) / 86400) else 0 end
      when ${NOW}::timestamptz - updated_at > interval '7 days' then floor(extract(epoch from ${NOW}::timestamptz - updated_at) / 86400)
      else 0 end)::int as days
    from referrals where agent_id = ${demo}`.execute(server.db);
  return new Map(rows.map((r) => [r.id, r.days]));
}

describe("the agent's follow-ups list", () => {
  it('lists only their own referrals, overdue first and most overdue on top, with the days overdue of the spec rule', async () => {
    const res = await agent.get(`${base()}?pageSize=100`);
    expect(res.status).toBe(200);
    const page = v.parse(AgentReferralPage, res.body);
    const expected = await expectedDays();
    expect(page.totalElements).toBe(expected.size);
    expect(page.content.map((r) => [r.id, r.daysOverdue])).toEqual(expect.arrayContaining([...expected.entries()]));
    expect(page.content).toHaveLength(expected.size);
    const days = page.content.map((r) => r.daysOverdue);
    const overdueCount = days.filter((d) => d > 0).length;
    expect(overdueCount).toBeGreaterThanOrEqual(3);
    expect(days.slice(0, overdueCount)).toEqual([...days.slice(0, overdueCount)].sort((a, b) => b - a));
    expect(days.slice(overdueCount).every((d) => d === 0)).toBe(true);
    expect(page.content.every((r) => r.overdue === r.daysOverdue > 0)).toBe(true);
  });

  it('filters by overdue or up to date, stage, type and a search, and pages', async () => {
    const overdue = await agent.get(`${base()}?followupType=OVERDUE`);
    const upToDate = await agent.get(`${base()}?followupType=UP_TO_DATE&pageSize=100`);
    const all = await agent.get(base());
    expect(overdue.body.content.every((r: { overdue: boolean }) => r.overdue)).toBe(true);
    expect(upToDate.body.content.every((r: { overdue: boolean }) => !r.overdue)).toBe(true);
    expect(overdue.body.totalElements + upToDate.body.totalElements).toBe(all.body.totalElements);

    const buyers = await agent.get(`${base()}?type=BUYER&stage=AWAITING_FOLLOWUP,SHOWN_HOMES`);
    expect(buyers.body.totalElements).toBeGreaterThan(0);
    for (const r of buyers.body.content) expect(['AWAITING_FOLLOWUP', 'SHOWN_HOMES']).toContain(r.stage);

    const someone = all.body.content[0].prospect.name.last as string;
    const found = await agent.get(`${base()}?q=${encodeURIComponent(someone.toLowerCase())}`);
    expect(found.body.content.length).toBeGreaterThan(0);
    expect(
      found.body.content.every((r: { prospect: { name: { last: string } } }) => r.prospect.name.last === someone),
    ).toBe(true);

    const blanks = await agent.get(`${base()}?followupType=&q=&stage=&type=&sort=overdue`);
    expect(blanks.body.totalElements).toBe(all.body.totalElements);

    const byName = await agent.get(`${base()}?sort=name&pageSize=3&pageIndex=1`);
    expect(byName.body.content).toHaveLength(3);
    expect(byName.body.totalElements).toBe(all.body.totalElements);
  });

  it('answers bad query parameters with a 400 JSON body naming the field', async () => {
    for (const [q, field] of [
      ['pageSize=0', 'pageSize'],
      ['followupType=LATE', 'followupType'],
      ['sort=price', 'sort'],
      ['stage=NOPE', 'stage'],
      ['type=CONDO', 'type'],
    ] as const) {
      const res = await agent.get(`${base()}?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ status: 400, error: 'Bad Request' });
      expect(Object.keys(res.body.fields).join(' '), q).toContain(field);
    }
    expect((await agent.get('/agents-api/agents/12345678901/referrals')).status).toBe(400);
  });
});

describe("who may read an agent's referrals", () => {
  it("refuses another agent's referrals with 403 and hides another agent's referral under one's own path with 404", async () => {
    const other = await server.db
      .selectFrom('referrals')
      .select(['id', 'agent_id'])
      .where('agent_id', '<>', demo)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await agent.get(`/agents-api/agents/${other.agent_id}/referrals`)).status).toBe(403);
    expect((await agent.get(`/agents-api/agents/${other.agent_id}/funnel`)).status).toBe(403);
    expect((await agent.get(`/agents-api/agents/${other.agent_id}/referrals/${other.id}`)).status).toBe(403);
    const hidden = await agent.get(`${base()}/${other.id}`);
    expect(hidden.status).toBe(404);
    expect((await agent.get(`${base()}/${other.id}/events`)).status).toBe(404);
    expect(
      (await agent.patch(`/agents-api/agents/${other.agent_id}/referrals/${other.id}`, { stage: 'SPOKEN_WITH' }))
        .status,
    ).toBe(403);
  });

  it("lets the agent's brokerage admin and staff read, but not another brokerage's admin or a CSR", async () => {
    expect((await (await signIn(server, 'broker@demo.test')).get(base())).status).toBe(200);
    expect((await (await signIn(server, 'manager@demo.test')).get(`/agents-api/agents/${demo}/funnel`)).status).toBe(
      200,
    );
    expect((await (await signIn(server, 'broker.basic@demo.test')).get(base())).status).toBe(403);
    expect((await (await signIn(server, 'csr@demo.test')).get(base())).status).toBe(403);
  });

  it('lets only the agent write: a brokerage admin cannot change the stage', async () => {
    const ref = await demoRef('SPOKEN_WITH', 'RENTAL');
    const broker = await signIn(server, 'broker@demo.test');
    expect((await broker.patch(`${base()}/${ref}`, { stage: 'SHOWN_HOMES' })).status).toBe(403);
  });
});

describe('the funnel', () => {
  it("counts the agent's referrals at each stage of each funnel, as SQL counts them", async () => {
    const res = await agent.get(`/agents-api/agents/${demo}/funnel`);
    expect(res.status).toBe(200);
    const funnel = v.parse(AgentFunnel, res.body);
    expect(funnel.seller.stages.map((s) => s.stage)).toEqual([
      'AWAITING_FOLLOWUP',
      'SPOKEN_WITH',
      'MET_WITH_SELLER',
      'LISTED_HOME',
      'OFFER_MADE',
      'UNDER_CONTRACT',
      'CLOSED',
      'LONG_TERM_HOLD',
    ]);
    expect(funnel.rental.stages.map((s) => s.stage)).toEqual([
      'AWAITING_FOLLOWUP',
      'SPOKEN_WITH',
      'SHOWN_HOMES',
      'LEASED',
      'LONG_TERM_HOLD',
    ]);
    const rows = await server.db
      .selectFrom('referrals')
      .select(['type', 'stage', sql<number>`count(*)::int`.as('n')])
      .where('agent_id', '=', demo)
      .groupBy(['type', 'stage'])
      .execute();
    for (const [type, f] of [
      ['SELLER', funnel.seller],
      ['BUYER', funnel.buyer],
      ['RENTAL', funnel.rental],
    ] as const) {
      for (const s of f.stages)
        expect(s.count, `${type} ${s.stage}`).toBe(rows.find((r) => r.type === type && r.stage === s.stage)?.n ?? 0);
      expect(f.total).toBe(rows.filter((r) => r.type === type).reduce((t, r) => t + r.n, 0));
    }
    expect(funnel.buyer.stages.find((s) => s.stage === 'AWAITING_FOLLOWUP')?.overdue).toBe(1);
  });
});

describe('stage moves', () => {
  it('moves forward along the funnel, records one event and bumps the last update', async () => {
    const ref = await demoRef('SPOKEN_WITH', 'SELLER');
    const res = await agent.patch(`${base()}/${ref}`, { stage: 'MET_WITH_SELLER' });
    expect(res.status).toBe(200);
    const detail = v.parse(AgentReferralDetail, res.body);
    expect(detail).toMatchObject({
      stage: 'MET_WITH_SELLER',
      updated: NOW.toISOString(),
      overdue: false,
      daysOverdue: 0,
    });
    expect(detail.allowedMoves).toEqual([
      'LISTED_HOME',
      'OFFER_MADE',
      'UNDER_CONTRACT',
      'CLOSED',
      'LONG_TERM_HOLD',
      'REMOVED',
    ]);
    const events = await agent.get(`${base()}/${ref}/events`);
    expect(events.body.content[0]).toMatchObject({
      type: 'STAGE_CHANGED',
      fromStage: 'SPOKEN_WITH',
      toStage: 'MET_WITH_SELLER',
      actorName: 'Avery Lane',
    });
  });

  it('refuses a move the rule does not allow with 409 and a message, changing nothing', async () => {
    const ref = await demoRef('MET_WITH_SELLER', 'SELLER');
    const back = await agent.patch(`${base()}/${ref}`, { stage: 'SPOKEN_WITH' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('This referral can no longer move to Spoken With');
    const wrongFunnel = await agent.patch(`${base()}/${ref}`, { stage: 'SHOWN_HOMES' });
    expect(wrongFunnel).toMatchObject({
      status: 409,
      body: { message: 'A seller referral cannot move to Met or Showed Homes' },
    });
    const closed = await demoRef('CLOSED', 'SELLER');
    const reopen = await agent.patch(`${base()}/${closed}`, { stage: 'LONG_TERM_HOLD' });
    expect(reopen).toMatchObject({
      status: 409,
      body: { message: 'This referral can no longer move to Long-Term Hold' },
    });
    const row = await server.db.selectFrom('referrals').select('stage').where('id', '=', ref).executeTakeFirstOrThrow();
    expect(row.stage).toBe('MET_WITH_SELLER');
  });

  it('needs one of the removal reasons to remove, and then nothing moves out of Removed', async () => {
    const ref = await demoRef('AWAITING_FOLLOWUP', 'SELLER');
    const bare = await agent.patch(`${base()}/${ref}`, { stage: 'REMOVED' });
    expect(bare.status).toBe(400);
    expect(bare.body.fields).toEqual({ removalReason: 'Choose a removal reason' });
    expect((await agent.patch(`${base()}/${ref}`, { stage: 'REMOVED', removalReason: 'Too busy' })).status).toBe(400);
    const removed = await agent.patch(`${base()}/${ref}`, { stage: 'REMOVED', removalReason: 'Duplicate referral' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ stage: 'REMOVED', removalReason: 'Duplicate referral', allowedMoves: [] });
    const event = await server.db
      .selectFrom('referral_events')
      .select('detail')
      .where('referral_id', '=', ref)
      .where('to_stage', '=', 'REMOVED')
      .executeTakeFirstOrThrow();
    expect(event.detail).toBe('Duplicate referral');
    expect(await agent.patch(`${base()}/${ref}`, { stage: 'CLOSED' })).toMatchObject({
      status: 409,
      body: { message: 'This referral can no longer move to Closed' },
    });
  });

  it('needs the expected closing date to go under contract', async () => {
    const ref = await demoRef('LISTED_HOME', 'SELLER');
    const bare = await agent.patch(`${base()}/${ref}`, { stage: 'UNDER_CONTRACT' });
    expect(bare).toMatchObject({ status: 400, body: { fields: { dateOfSale: 'Enter the expected closing date' } } });
    expect((await agent.patch(`${base()}/${ref}`, { stage: 'UNDER_CONTRACT', dateOfSale: '2031-02-30' })).status).toBe(
      400,
    );
    const ok = await agent.patch(`${base()}/${ref}`, { stage: 'UNDER_CONTRACT', dateOfSale: '2031-03-01' });
    expect(ok.status).toBe(200);
    expect(ok.body.details.referralSale.dateOfSale).toBe('2031-03-01');
  });

  it('reactivates a referral on long-term hold to an open stage, but not straight to closed', async () => {
    const ref = await demoRef('LONG_TERM_HOLD', 'BUYER');
    expect(await agent.patch(`${base()}/${ref}`, { stage: 'CLOSED' })).toMatchObject({
      status: 409,
      body: { message: 'Reactivate this referral before moving it to Closed' },
    });
    expect((await agent.patch(`${base()}/${ref}`, { stage: 'SPOKEN_WITH' })).body).toMatchObject({
      stage: 'SPOKEN_WITH',
    });
  });

  it('answers a malformed body or key with 400 JSON', async () => {
    const ref = await demoRef('SPOKEN_WITH', 'RENTAL');
    expect((await agent.patch(`${base()}/${ref}`, { stage: 'FINISHED' })).status).toBe(400);
    expect((await agent.patch(`${base()}/${ref}`, { stage: 'SHOWN_HOMES', colour: 'red' })).status).toBe(400);
    expect((await agent.patch(`${base()}/${ref}`, { stage: 'SHOWN_HOMES', dateOfSale: '2030-01-01' })).status).toBe(
      400,
    );
    const badKey = await agent.patch(
      `${base()}/${ref}`,
      { stage: 'SHOWN_HOMES' },
      { 'Idempotency-Key': 'has spaces in it' },
    );
    expect(badKey).toMatchObject({ status: 400, body: { status: 400, error: 'Bad Request' } });
    expect((await agent.post(`${base()}/${ref}/notes`, { text: '   ' })).status).toBe(400);
  });
});
