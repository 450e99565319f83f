import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MyAgentPage, ResponseTime } from '../../src/contract/my-agents.ts';
import { SavedViewList } from '../../src/contract/saved-views.ts';
import { startDashboardFixture } from '../setup/dashboard-fixture.ts';
import { call as rawCall, signIn, type Caller, type TestServer } from '../setup/test-server.ts';

// My Agents, brokerage notes, response times and saved views, per endpoint and identity.

let server: TestServer;
const now = new Date();
const ids = { harbor: 0, maple: 0 };
let admin: Caller, csr: Caller, broker: Caller, basic: Caller, supplier: Caller, agent: Caller;

beforeAll(async () => {
  const f = await startDashboardFixture(now);
  ({ server, admin, csr, broker, basic } = f);
  Object.assign(ids, f.ids);
  supplier = await signIn(server, 'supplier@demo.test');
  agent = await signIn(server, '+15550100001');
});
afterAll(async () => {
  await server.close();
});

const harborAgent = async () =>
  (
    await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', ids.harbor)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
const mapleAgent = async () =>
  (
    await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', ids.maple)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('My Agents list', () => {
  it('lists the brokerage’s agents with closings as plain SQL counts them', async () => {
    const res = await broker.get('/agents-api/my-agents?pageSize=100&sort=closings,DESC');
    expect(res.status).toBe(200);
    const page = v.parse(MyAgentPage, res.body);
    const { n } = await server.db
      .selectFrom('agents')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('brokerage_id', '=', ids.harbor)
      .where('status', '<>', 'DELETED')
      .executeTakeFirstOrThrow();
    expect(page.totalElements).toBe(n);
    const since = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
    for (const a of page.content.slice(0, 5)) {
      const { c } = (
        await sql<{ c: number }>`select count(*)::int as c from referrals where agent_id = ${a.id}
        and stage in ('CLOSED', 'LEASED') and date_of_sale >= ${since}::date`.execute(server.db)
      ).rows[0]!;
      expect(a.closings).toBe(c);
    }
    const closings = page.content.map((a) => a.closings);
    expect(closings).toEqual([...closings].sort((x, y) => y - x));
  });

  it('sorts by overdue count, most first (the overview’s View All), and filters by status and name', async () => {
    const page = v.parse(MyAgentPage, (await broker.get('/agents-api/my-agents?pageSize=20&sort=overdue,DESC')).body);
    const counts = page.content.map((a) => a.funnelStatus.stages.overdueForFollowup.count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(counts[0]).toBeGreaterThan(0);
    const paused = v.parse(MyAgentPage, (await broker.get('/agents-api/my-agents?pageSize=100&status=PAUSED')).body);
    expect(paused.content.every((a) => a.status === 'PAUSED')).toBe(true);
    const avery = v.parse(MyAgentPage, (await broker.get('/agents-api/my-agents?name=avery%20lane')).body);
    expect(avery.content.map((a) => a.name.display)).toContain('Avery Lane');
  });

  it('keeps each brokerage admin to their brokerage and refuses other roles and bad input', async () => {
    expect((await basic.get(`/agents-api/my-agents?brokerageId=${ids.harbor}`)).status).toBe(403);
    expect((await admin.get(`/agents-api/my-agents?brokerageId=${ids.harbor}`)).status).toBe(200);
    for (const c of [csr, agent]) expect((await c.get('/agents-api/my-agents')).status).toBe(403);
    for (const q of ['sort=revenue,DESC', 'status=HAPPY', 'pageSize=5000'])
      expect((await broker.get(`/agents-api/my-agents?${q}`)).status).toBe(400);
  });
});

describe('an agent’s response times and the brokerage’s notes', () => {
  it('answers response times matching an average over the referrals', async () => {
    const id = await harborAgent();
    const res = await broker.get(`/agents-api/performanceMetrics/responseTime/${id}`);
    expect(res.status).toBe(200);
    const rt = v.parse(ResponseTime, res.body);
    const since = new Date(now.getTime() - 30 * 86_400_000);
    const row = (
      await sql<{
        avg: number | null;
        n: number;
      }>`select round(avg(extract(epoch from (first_response_at - created_at)))
      filter (where first_response_at is not null))::int as avg, count(*)::int as n from referrals where agent_id = ${id} and created_at >= ${since}`.execute(
        server.db,
      )
    ).rows[0]!;
    expect(rt.last30ResponseTime).toBe(row.avg);
    expect(rt.last30Received).toBe(row.n);
    expect((await broker.get(`/agents-api/performanceMetrics/responseTime/${await mapleAgent()}`)).status).toBe(403);
  });

  it('adds and lists notes on the brokerage’s own agents only, never writing on bad input', async () => {
    const id = await harborAgent();
    const added = await broker.post(`/agents-api/agents/${id}/brokerage-notes`, { body: 'Prefers texts after 5 PM' });
    expect(added.status).toBe(201);
    const list = await supplier.get(`/agents-api/agents/${id}/brokerage-notes`);
    expect(list.body.content[0]).toMatchObject({ body: 'Prefers texts after 5 PM', author: { name: 'Blair Harbor' } });
    const maple = await mapleAgent();
    expect((await broker.post(`/agents-api/agents/${maple}/brokerage-notes`, { body: 'x' })).status).toBe(403);
    expect((await broker.get(`/agents-api/agents/${maple}/brokerage-notes`)).status).toBe(403);
    expect((await agent.get(`/agents-api/agents/${id}/brokerage-notes`)).status).toBe(403);
    const before = await server.db
      .selectFrom('brokerage_agent_notes')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect((await broker.post(`/agents-api/agents/${id}/brokerage-notes`, { body: '' })).status).toBe(400);
    expect((await broker.post(`/agents-api/agents/${id}/brokerage-notes`, { body: 'x'.repeat(4001) })).status).toBe(
      400,
    );
    const after = await server.db
      .selectFrom('brokerage_agent_notes')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('saved views', () => {
  it('keeps a person’s views on the server, across sign-ins, apart from everyone else’s', async () => {
    const created = await broker.post('/users-api/saved-views', {
      list: 'my-referrals',
      name: 'Overdue sellers',
      query: 'followupType=OVERDUE&t=SELLER',
    });
    expect(created.status).toBe(201);
    const again = await signIn(server, 'broker@demo.test');
    const mine = v.parse(SavedViewList, (await again.get('/users-api/saved-views?list=my-referrals')).body);
    expect(mine.map((x) => x.name)).toEqual(['Overdue sellers']);
    expect((await supplier.get('/users-api/saved-views?list=my-referrals')).body).toEqual([]);
    const over = await broker.post('/users-api/saved-views', {
      list: 'my-referrals',
      name: 'Overdue sellers',
      query: 'followupType=OVERDUE',
    });
    expect(over.status).toBe(200);
    expect(over.body.id).toBe(created.body.id);
    expect((await supplier.delete(`/users-api/saved-views/${created.body.id}`)).status).toBe(404);
    expect((await broker.delete(`/users-api/saved-views/${created.body.id}`)).status).toBe(200);
    expect((await broker.get('/users-api/saved-views?list=my-referrals')).body).toEqual([]);
  });

  it('refuses unknown lists, empty names and query strings with ? in them', async () => {
    for (const body of [
      { list: 'dnc', name: 'x', query: '' },
      { list: 'my-leads', name: ' ', query: '' },
      { list: 'my-leads', name: 'x', query: '?a=1' },
    ]) {
      expect((await broker.post('/users-api/saved-views', body)).status).toBe(400);
    }
    expect((await broker.get('/users-api/saved-views?list=nope')).status).toBe(400);
    expect((await agent.get('/users-api/saved-views?list=my-leads')).status).toBe(403);
  });
});

describe('agent invitations', () => {
  const linkOf = async (email: string) => {
    const mail = await server.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /\/agent-onboarding\/([A-Za-z0-9-]+)/.exec(mail.body)![1]!;
  };

  it('invites by email through the outbox; the invitee accepts, becomes an ACTIVE agent and signs in with their phone', async () => {
    const res = await broker.post('/agents-api/potentialAgents', {
      firstName: 'Jordan',
      lastName: 'Reyes',
      email: 'Jordan.Reyes@Example.com',
      phone: '(555) 777-1234',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'INVITE_PENDING',
      email: 'jordan.reyes@example.com',
      phone: '+15557771234',
      invitesSent: 1,
    });
    const code = await linkOf('jordan.reyes@example.com');
    const seen = await call('GET', code);
    expect(seen.body).toMatchObject({
      brokerageName: 'Harbor Point Realty',
      firstName: 'Jordan',
      lastName: 'Reyes',
      phone: '+15557771234',
    });
    const bad = await call('PATCH', code, {
      firstName: 'Jordan',
      lastName: 'Reyes',
      phone: '5557771234',
      password: 'short',
    });
    expect(bad.status).toBe(400);
    const accepted = await call('PATCH', code, {
      firstName: 'Jordan',
      lastName: 'Reyes-Diaz',
      phone: '5557771234',
      password: 'Welcome-home-9',
    });
    expect(accepted.status).toBe(200);
    const agentRow = await server.db
      .selectFrom('agents')
      .selectAll()
      .where('id', '=', accepted.body.agentId)
      .executeTakeFirstOrThrow();
    expect(agentRow).toMatchObject({
      brokerage_id: ids.harbor,
      status: 'ACTIVE',
      last_name: 'Reyes-Diaz',
      phone: '+15557771234',
    });
    const newAgent = await signIn(server, '+15557771234', 'Welcome-home-9');
    expect((await newAgent.get('/users-api/users/me')).body).toMatchObject({ agentId: accepted.body.agentId });
    const list = await broker.get('/agents-api/potentialAgents?status=INVITE_REDEEMED');
    expect(list.body.content.some((p: { agentId: number }) => p.agentId === accepted.body.agentId)).toBe(true);
    // Used: a clear message, and nothing changes.
    const again = await call('PATCH', code, {
      firstName: 'X',
      lastName: 'Y',
      phone: '5557770000',
      password: 'Welcome-home-9',
    });
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/already accepted/);
    expect((await call('DELETE', code)).status).toBe(410);
  });

  it('declines, withdraws and resends, each link saying what happened to it', async () => {
    const a = await broker.post('/agents-api/potentialAgents', {
      firstName: 'Dana',
      lastName: 'Cole',
      email: 'dana@example.com',
      phone: '5557772000',
    });
    const codeA = await linkOf('dana@example.com');
    expect((await call('DELETE', codeA)).status).toBe(200);
    expect((await call('GET', codeA)).body.message).toMatch(/declined/);
    const resent = await broker.post(`/agents-api/potentialAgents/invite/${a.body.id}`);
    expect(resent.body).toMatchObject({ status: 'INVITE_PENDING', invitesSent: 2 });
    const codeB = await linkOf('dana@example.com');
    expect(codeB).not.toBe(codeA);
    expect((await call('GET', codeA)).status).toBe(404);
    expect((await broker.delete(`/agents-api/potentialAgents/${a.body.id}`)).body.status).toBe('INVITE_INVALIDATED');
    expect((await call('GET', codeB)).body.message).toMatch(/withdrawn/);
    expect((await call('GET', 'NOT-A-CODE')).status).toBe(404);
  });

  it('refuses a second open invitation, bad fields, and another brokerage’s potential agents', async () => {
    await broker.post('/agents-api/potentialAgents', {
      firstName: 'Sam',
      lastName: 'Ng',
      email: 'sam.ng@example.com',
      phone: '5557773000',
    });
    expect(
      (
        await broker.post('/agents-api/potentialAgents', {
          firstName: 'Sam',
          lastName: 'Ng',
          email: 'SAM.NG@example.com',
          phone: '5557773000',
        })
      ).status,
    ).toBe(409);
    const bad = await broker.post('/agents-api/potentialAgents', {
      firstName: '',
      lastName: 'x'.repeat(300),
      email: 'nope',
      phone: '123',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      firstName: 'Name is required',
      lastName: 'Name must be less than 255 characters',
      email: 'Invalid e-mail.',
      phone: 'Phone number must be 10 numbers.',
    });
    const maple = await server.db
      .selectFrom('potential_agents')
      .select('id')
      .where('brokerage_id', '=', ids.maple)
      .executeTakeFirstOrThrow();
    expect((await broker.get(`/agents-api/potentialAgents/${maple.id}`)).status).toBe(403);
    expect((await broker.post(`/agents-api/potentialAgents/invite/${maple.id}`)).status).toBe(403);
    expect((await broker.delete(`/agents-api/potentialAgents/${maple.id}`)).status).toBe(403);
    expect((await agent.get('/agents-api/potentialAgents')).status).toBe(403);
    const stats = await broker.get(`/agents-api/brokerages/${ids.harbor}/agentInvitations/stats`);
    expect(stats.body.counts.INVITE_PENDING).toBe(
      (await broker.get('/agents-api/potentialAgents?status=INVITE_PENDING&pageSize=1')).body.totalElements,
    );
    expect((await basic.get(`/agents-api/brokerages/${ids.harbor}/agentInvitations/stats`)).status).toBe(403);
  });
});

describe('questionnaires', () => {
  it('reads and saves an agent’s questionnaire, refusing bad ZIPs, prices and states without writing', async () => {
    const id = await harborAgent();
    const body = {
      states: ['ME', 'NH'],
      zipCodes: ['04101', '03801'],
      priceMin: 250000,
      priceMax: 1500000,
      buyer: true,
      seller: false,
      rental: true,
      languages: ['English', 'Spanish'],
      yearsExperience: 7.5,
    };
    const saved = await broker.put(`/agents-api/agents/${id}/questionnaire`, body);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...body, zipCodes: ['03801', '04101'], updatedBy: 'Blair Harbor' });
    for (const wrong of [
      { zipCodes: ['4101'] },
      { priceMin: 123 },
      { priceMin: 2000000, priceMax: 1000000 },
      { states: ['ZZ'] },
      { languages: ['Klingon'] },
      { extra: 1 },
    ]) {
      const res = await broker.put(`/agents-api/agents/${id}/questionnaire`, { ...body, ...wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(400);
    }
    expect((await broker.get(`/agents-api/agents/${id}/questionnaire`)).body).toMatchObject({
      ...body,
      zipCodes: ['03801', '04101'],
    });
    expect((await broker.put(`/agents-api/agents/${await mapleAgent()}/questionnaire`, body)).status).toBe(403);
    expect((await agent.get(`/agents-api/agents/${id}/questionnaire`)).status).toBe(403);
  });
});

/** The public invitation call of a code, without a token. */
async function call(method: string, code: string, body?: unknown) {
  return rawCall(server, method, `/agents-api/potentialAgents/invite/code/${code}`, body === undefined ? {} : { body });
}
