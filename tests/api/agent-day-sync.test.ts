import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AgentDaySync } from '../../src/contract/referrals.ts';
import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// The agent's day kit, GET /agents-api/agents/:id/day-sync: the most urgent open
// referrals with their contact, last events and last notes, for the signed-in agent only.

let server: TestServer;
let agent: Caller;
let demo: number;
const kit = (q = '') => `/agents-api/agents/${demo}/day-sync${q}`;

beforeAll(async () => {
  server = await startTestServer();
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

describe("the agent's day kit", () => {
  it('holds every open referral of the agent, most urgent first, in the follow-ups list order', async () => {
    const res = await agent.get<AgentDaySync>(kit());
    expect(res.status).toBe(200);
    const open = (
      await sql<{ n: number }>`select count(*)::int as n from referrals
      where agent_id = ${demo} and stage not in ('CLOSED', 'LEASED', 'REMOVED')`.execute(server.db)
    ).rows[0]!.n;
    expect(open).toBeGreaterThan(3);
    expect(res.body.totalOpen).toBe(open);
    expect(res.body.content).toHaveLength(Math.min(open, 200));
    expect(res.body.content.every((i) => !['CLOSED', 'LEASED', 'REMOVED'].includes(i.referral.stage))).toBe(true);
    // The follow-ups list's "most overdue first" order, finished referrals left out.
    const list = await agent.get<{ content: { id: number; stage: string }[] }>(
      `/agents-api/agents/${demo}/referrals?pageSize=1000&sort=overdue`,
    );
    const openIds = list.body.content
      .filter((r) => !['CLOSED', 'LEASED', 'REMOVED'].includes(r.stage))
      .map((r) => r.id);
    expect(res.body.content.map((i) => i.referral.id)).toEqual(openIds.slice(0, 200));
    expect(res.body.content[0]!.referral.overdue).toBe(true);
    expect(Date.parse(res.body.syncedAt)).not.toBeNaN();
  });

  it('gives each referral the same detail, last events and last notes as the one-referral calls', async () => {
    const first = (await agent.get<AgentDaySync>(kit())).body.content[0]!;
    const id = first.referral.id;
    await agent.post(
      `/agents-api/agents/${demo}/referrals/${id}/notes`,
      { text: 'Left a voicemail' },
      { 'Idempotency-Key': 'day-sync-note-1' },
    );
    const item = (await agent.get<AgentDaySync>(kit())).body.content.find((i) => i.referral.id === id)!;
    const base = `/agents-api/agents/${demo}/referrals/${id}`;
    expect(item.referral).toEqual((await agent.get(base)).body);
    expect(item.events).toEqual((await agent.get(`${base}/events?pageSize=20`)).body);
    expect(item.notes).toEqual((await agent.get(`${base}/notes?pageSize=20`)).body);
    expect(item.notes.content[0]).toMatchObject({ text: 'Left a voicemail', authorName: 'Avery Lane' });
  });

  it('keeps at most the last 20 events and notes of a referral, with their totals', async () => {
    const id = (await agent.get<AgentDaySync>(kit())).body.content[1]!.referral.id;
    for (let i = 0; i < 22; i += 1) {
      expect(
        (
          await agent.post(
            `/agents-api/agents/${demo}/referrals/${id}/notes`,
            { text: `Call ${i}` },
            { 'Idempotency-Key': `day-sync-many-${i}` },
          )
        ).status,
      ).toBe(201);
    }
    const item = (await agent.get<AgentDaySync>(kit())).body.content.find((i) => i.referral.id === id)!;
    expect(item.notes.content).toHaveLength(20);
    expect(item.notes.totalElements).toBeGreaterThanOrEqual(22);
    expect(item.notes.content[0]!.text).toBe('Call 21');
  });

  it('answers the most urgent `limit` referrals and refuses a limit out of 1 to 200 with a 400 body', async () => {
    const all = (await agent.get<AgentDaySync>(kit())).body;
    const three = await agent.get<AgentDaySync>(kit('?limit=3'));
    expect(three.status).toBe(200);
    expect(three.body.content.map((i) => i.referral.id)).toEqual(all.content.slice(0, 3).map((i) => i.referral.id));
    expect(three.body.totalOpen).toBe(all.totalOpen);
    for (const bad of ['0', '201', 'abc', '-1', '1.5']) {
      const res = await agent.get<{ status: number; fields: Record<string, string> }>(kit(`?limit=${bad}`));
      expect(res.status, bad).toBe(400);
      expect(res.body.fields).toHaveProperty('limit');
    }
    expect((await agent.get(kit('?limit='))).status).toBe(200);
  });

  it('does not change the data it reads', async () => {
    const before = (
      await sql<{ t: string }>`select max(updated_at)::text as t from referrals where agent_id = ${demo}`.execute(
        server.db,
      )
    ).rows[0]!.t;
    await agent.get(kit());
    expect(
      (
        await sql<{ t: string }>`select max(updated_at)::text as t from referrals where agent_id = ${demo}`.execute(
          server.db,
        )
      ).rows[0]!.t,
    ).toBe(before);
  });
});

describe('who may read the day kit', () => {
  it("refuses another agent's kit with 403, and a bad id with 400", async () => {
    const other = (
      await server.db.selectFrom('agents').select('id').where('id', '!=', demo).orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const res = await agent.get<{ status: number; message: string }>(`/agents-api/agents/${other}/day-sync`);
    expect(res.status).toBe(403);
    expect(res.body.status).toBe(403);
    expect((await agent.get('/agents-api/agents/12345678901/day-sync')).status).toBe(400);
  });

  it.each([
    'admin',
    'manager',
    'qa',
    'supervisor',
    'engagement',
    'csr',
    'opps',
    'broker',
    'broker.basic',
    'supplier',
    'lender',
  ])("%s@demo.test is refused with 403: the kit is for the agent's own phone", async (who) => {
    const caller = await signIn(server, `${who}@demo.test`);
    const res = await caller.get<{ status: number }>(kit());
    expect(res.status).toBe(403);
    expect(res.body.status).toBe(403);
  });

  it('is refused without a token (401)', async () => {
    const res = await server.app.request(kit());
    expect(res.status).toBe(401);
  });
});
