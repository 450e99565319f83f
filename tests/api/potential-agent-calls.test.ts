import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Catalogue calls outside the listed screens: PATCH /agents-api/potentialAgents/{id}
// and GET /interviews-api/agentInvitations/stats/{ids}.

let server: TestServer;
const as: Record<string, Caller> = {};
let harbor: number;
let maple: number;

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['admin@demo.test', 'broker@demo.test', 'csr@demo.test', 'lender@demo.test'])
    as[who] = await signIn(server, who);
  const b = async (name: string) =>
    (await server.db.selectFrom('brokerages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  harbor = await b('Harbor Point Realty');
  maple = await b('Maple & Main Homes');
});
afterAll(async () => {
  await server.close();
});

const pending = async (brokerageId: number) =>
  await server.db
    .selectFrom('potential_agents')
    .select(['id', 'first_name', 'phone'])
    .where('brokerage_id', '=', brokerageId)
    .where('status', '<>', 'INVITE_REDEEMED')
    .orderBy('id')
    .executeTakeFirstOrThrow();

describe('PATCH /agents-api/potentialAgents/{id}', () => {
  it('corrects the name and phone for the brokerage admin and staff', async () => {
    const p = await pending(harbor);
    const res = await as['broker@demo.test']!.patch(`/agents-api/potentialAgents/${p.id}`, {
      firstName: 'Corrected',
      phone: '(555) 321-0000',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, name: { first: 'Corrected' }, phone: '+15553210000' });
    expect(
      (await as['admin@demo.test']!.patch(`/agents-api/potentialAgents/${p.id}`, { lastName: 'Staffside' })).body.name
        .last,
    ).toBe('Staffside');
  });

  it("refuses another brokerage's potential agent with 403 and other roles with 403", async () => {
    const p = await pending(maple);
    expect(
      (await as['broker@demo.test']!.patch(`/agents-api/potentialAgents/${p.id}`, { firstName: 'X' })).status,
    ).toBe(403);
    expect((await as['csr@demo.test']!.patch(`/agents-api/potentialAgents/${p.id}`, { firstName: 'X' })).status).toBe(
      403,
    );
    expect(
      (
        await server.db
          .selectFrom('potential_agents')
          .select('first_name')
          .where('id', '=', p.id)
          .executeTakeFirstOrThrow()
      ).first_name,
    ).toBe(p.first_name);
  });

  it('answers 400 JSON for an empty body, an unknown field or a bad phone, writing nothing; 404 to staff for an unknown id', async () => {
    const p = await pending(harbor);
    const before = await server.db
      .selectFrom('potential_agents')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    for (const body of [{}, { email: 'x@y.example' }, { phone: '123' }, { firstName: '' }]) {
      const res = await as['admin@demo.test']!.patch(`/agents-api/potentialAgents/${p.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(400);
    }
    expect(
      await server.db.selectFrom('potential_agents').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect((await as['admin@demo.test']!.patch('/agents-api/potentialAgents/999999', { firstName: 'X' })).status).toBe(
      404,
    );
  });
});

describe('GET /interviews-api/agentInvitations/stats/{ids}', () => {
  it('answers the same figures as the one-brokerage call, for each id asked', async () => {
    const res = await as['admin@demo.test']!.get(`/interviews-api/agentInvitations/stats/${maple},${harbor}`);
    expect(res.status).toBe(200);
    expect(res.body.map((s: { brokerageId: number }) => s.brokerageId)).toEqual([maple, harbor]);
    for (const [i, id] of [maple, harbor].entries()) {
      expect(res.body[i]).toEqual(
        (await as['admin@demo.test']!.get(`/agents-api/brokerages/${id}/agentInvitations/stats`)).body,
      );
    }
    expect(
      (await as['admin@demo.test']!.get(`/interviews-api/agentInvitations/stats/${harbor},999999`)).body,
    ).toHaveLength(1);
  });

  it('lets a brokerage admin ask only for their own brokerage', async () => {
    expect((await as['broker@demo.test']!.get(`/interviews-api/agentInvitations/stats/${harbor}`)).status).toBe(200);
    expect(
      (await as['broker@demo.test']!.get(`/interviews-api/agentInvitations/stats/${harbor},${maple}`)).status,
    ).toBe(403);
    expect((await as['lender@demo.test']!.get(`/interviews-api/agentInvitations/stats/${harbor}`)).status).toBe(403);
  });

  it('answers 400 JSON for ids that are not a comma list of numbers', async () => {
    for (const bad of ['abc', '1,,2', `${'1,'.repeat(50)}1`]) {
      const res = await as['admin@demo.test']!.get(`/interviews-api/agentInvitations/stats/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('ids');
    }
  });
});

describe('POST /interviews-api/interactions and PATCH .../{id}', () => {
  it('logs a call for staff, counting it on the opportunity, and sets its disposition and summary', async () => {
    const opp = await server.db
      .selectFrom('opportunities')
      .select(['id', 'phone_count'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const [first, disposition] = await server.db
      .selectFrom('dispositions')
      .select(['id', 'name'])
      .orderBy('id')
      .limit(2)
      .execute();
    // A call records what came of it (a disposition) and how long it lasted.
    const res = await as['admin@demo.test']!.post('/interviews-api/interactions', {
      opportunityId: opp.id,
      type: 'CALL',
      direction: 'OUTBOUND',
      durationSeconds: 95,
      dispositionId: first!.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      opportunityId: opp.id,
      type: 'CALL',
      durationSeconds: 95,
      disposition: { id: first!.id },
    });
    expect(
      (
        await server.db
          .selectFrom('opportunities')
          .select('phone_count')
          .where('id', '=', opp.id)
          .executeTakeFirstOrThrow()
      ).phone_count,
    ).toBe(opp.phone_count + 1);
    const patched = await as['admin@demo.test']!.patch(`/interviews-api/interactions/${res.body.id}`, {
      dispositionId: disposition!.id,
      summary: 'Left a voicemail',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      disposition: { id: disposition!.id, name: disposition!.name },
      summary: 'Left a voicemail',
    });
  });

  it('refuses roles outside staff with 403 and bad input with 400 JSON, writing nothing', async () => {
    const opp = await server.db.selectFrom('opportunities').select('id').orderBy('id').executeTakeFirstOrThrow();
    const count = async () =>
      Number(
        (
          await server.db
            .selectFrom('interactions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(
      (
        await as['csr@demo.test']!.post('/interviews-api/interactions', {
          opportunityId: opp.id,
          type: 'CALL',
          direction: 'OUTBOUND',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await as['broker@demo.test']!.post('/interviews-api/interactions', {
          opportunityId: opp.id,
          type: 'CALL',
          direction: 'OUTBOUND',
        })
      ).status,
    ).toBe(403);
    for (const body of [
      {},
      { opportunityId: opp.id, type: 'FAX', direction: 'OUTBOUND' },
      { opportunityId: 999999, type: 'CALL', direction: 'INBOUND' },
      { opportunityId: opp.id, type: 'CALL', direction: 'INBOUND', dispositionId: 999999 },
    ]) {
      const res = await as['admin@demo.test']!.post('/interviews-api/interactions', body);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(400);
    }
    expect(await count()).toBe(before);
    expect((await as['admin@demo.test']!.patch('/interviews-api/interactions/999999', { summary: 'x' })).status).toBe(
      404,
    );
    const any = await server.db
      .selectFrom('interactions')
      .select(['id', 'disposition_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await as['admin@demo.test']!.patch(`/interviews-api/interactions/${any.id}`, {})).status).toBe(400);
    expect(
      (await as['admin@demo.test']!.patch(`/interviews-api/interactions/${any.id}`, { dispositionId: 999999 })).status,
    ).toBe(400);
    expect(
      (
        await server.db
          .selectFrom('interactions')
          .select('disposition_id')
          .where('id', '=', any.id)
          .executeTakeFirstOrThrow()
      ).disposition_id,
    ).toBe(any.disposition_id);
  });
});
