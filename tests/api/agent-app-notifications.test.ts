import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AgentNotificationPage } from '../../src/contract/notifications.ts';
import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let broker: Caller;
let agent: Caller;
let admin: Caller;
let demo: number;
let harbor: number;
let maple: number;
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const list = (q = '') => `/agents-api/notifications?pageIndex=0&pageSize=24&sort=sent,DESC&fromDate=${yesterday}${q}`;

beforeAll(async () => {
  server = await startTestServer();
  [broker, agent, admin] = await Promise.all([
    signIn(server, 'broker@demo.test'),
    signIn(server, DEMO_AGENT_PHONE),
    signIn(server, 'admin@demo.test'),
  ]);
  demo = (
    await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow()
  ).agent_id!;
  const ids = await server.db.selectFrom('brokerages').select(['id', 'name']).execute();
  harbor = ids.find((b) => b.name === 'Harbor Point Realty')!.id;
  maple = ids.find((b) => b.name === 'Maple & Main Homes')!.id;
});
afterAll(async () => {
  await server.close();
});

const brokerageOfAgents = async (agentIds: number[]) =>
  new Set(
    (await server.db.selectFrom('agents').select('brokerage_id').where('id', 'in', agentIds).execute()).map(
      (a) => a.brokerage_id,
    ),
  );

describe("the brokerage's agent notifications", () => {
  it("gives a brokerage admin their own brokerage's notifications since the given day, newest first", async () => {
    const res = await broker.get(list());
    expect(res.status).toBe(200);
    const page = v.parse(AgentNotificationPage, res.body);
    expect(page.content.length).toBeGreaterThan(0);
    expect(await brokerageOfAgents(page.content.map((n) => n.agentId))).toEqual(new Set([harbor]));
    const sent = page.content.map((n) => n.sent);
    expect(sent).toEqual([...sent].sort().reverse());
    expect(sent.every((s) => s >= `${yesterday}T00:00:00.000Z`)).toBe(true);
    const total = await server.db
      .selectFrom('agent_notifications')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('brokerage_id', '=', harbor)
      .where('sent', '>=', new Date(`${yesterday}T00:00:00Z`))
      .executeTakeFirstOrThrow();
    expect(page.totalElements).toBe(total.n);
    expect(page.content[0]).toMatchObject({
      title: expect.any(String),
      text: expect.any(String),
      agentDisplayName: expect.any(String),
    });
  });

  it("refuses a brokerage admin another brokerage's notifications", async () => {
    expect((await broker.get(list(`&brokerageId=${maple}`))).status).toBe(403);
    const basic = await signIn(server, 'broker.basic@demo.test');
    const res = await basic.get(list());
    expect(res.status).toBe(200);
    expect(res.body.content.length).toBeGreaterThan(0);
    expect(await brokerageOfAgents(res.body.content.map((n: { agentId: number }) => n.agentId))).toEqual(
      new Set([maple]),
    );
  });

  it('lets the manager and the CSR supervisor read any brokerage, but not QA, a CSR or an agent', async () => {
    const [manager, supervisor, qa, csr] = await Promise.all(
      ['manager@demo.test', 'supervisor@demo.test', 'qa@demo.test', 'csr@demo.test'].map((u) => signIn(server, u)),
    );
    const all = await manager!.get('/agents-api/notifications?pageSize=1');
    const mapleOnly = await supervisor!.get(`/agents-api/notifications?pageSize=100&brokerageId=${maple}`);
    expect(all.status).toBe(200);
    expect(mapleOnly.status).toBe(200);
    expect(all.body.totalElements).toBeGreaterThan(mapleOnly.body.totalElements);
    expect(await brokerageOfAgents(mapleOnly.body.content.map((n: { agentId: number }) => n.agentId))).toEqual(
      new Set([maple]),
    );
    for (const caller of [qa!, csr!, agent]) expect((await caller.get(list())).status).toBe(403);
  });

  it('answers bad query parameters with 400 JSON', async () => {
    for (const q of [
      'fromDate=2025-02-30',
      'fromDate=yesterday',
      'sort=name,ASC',
      'pageSize=5000',
      'brokerageId=abc',
      'type=SOMETHING',
    ]) {
      const res = await broker.get(`/agents-api/notifications?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ status: 400, error: 'Bad Request' });
    }
  });
});

describe("the agent's own notifications", () => {
  it("lists only the signed-in agent's notifications, with a reminder for each overdue referral in the last day", async () => {
    const res = await agent.get(`/agents-api/notifications/mobile?pageSize=100&fromDate=${yesterday}`);
    expect(res.status).toBe(200);
    const page = v.parse(AgentNotificationPage, res.body);
    expect(page.content.every((n) => n.agentId === demo)).toBe(true);
    const reminded = page.content
      .filter((n) => n.type === 'OVERDUE_REFERRAL_REMINDER')
      .map((n) => n.referralId)
      .sort();
    const overdue = await agent.get(`/agents-api/agents/${demo}/referrals?followupType=OVERDUE`);
    expect(reminded).toEqual(overdue.body.content.map((r: { id: number }) => r.id).sort());
    expect(page.content.find((n) => n.type === 'OVERDUE_REFERRAL_REMINDER')).toMatchObject({
      agentDisplayName: 'Avery Lane',
      referralName: expect.any(String),
    });
  });

  it('is for agents only', async () => {
    expect((await broker.get('/agents-api/notifications/mobile')).status).toBe(403);
    expect((await agent.get(`/agents-api/notifications/mobile?agentId=${demo + 1}`)).status).toBe(403);
  });
});

describe('the sample notification', () => {
  it('lets staff send an agent a test notification, which the agent then sees first', async () => {
    const res = await admin.post('/agents-api/notifications/sample', { agentId: demo });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ agentId: demo, type: 'TEST_NEW_REFERRAL', referralId: null });
    const mine = await agent.get('/agents-api/notifications/mobile?pageSize=1');
    expect(mine.body.content[0]).toMatchObject({ id: res.body.id, type: 'TEST_NEW_REFERRAL' });
  });

  // A brokerage admin sends samples to their own agents (My Notifications), never to another's.
  it("is refused to another brokerage's admin and an agent, and answers an unknown agent or a bad body", async () => {
    const otherBroker = await signIn(server, 'broker.basic@demo.test');
    expect((await otherBroker.post('/agents-api/notifications/sample', { agentId: demo })).status).toBe(403);
    expect((await agent.post('/agents-api/notifications/sample', { agentId: demo })).status).toBe(403);
    expect((await admin.post('/agents-api/notifications/sample', { agentId: 99999999 })).status).toBe(404);
    const bad = await admin.post('/agents-api/notifications/sample', { agentId: '7' });
    expect(bad).toMatchObject({ status: 400, body: { fields: { agentId: expect.any(String) } } });
  });
});
