import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app.ts';
import { loadConfig, testConfig } from '../../server/config.ts';
import { route } from '../../server/http/route.ts';
import { call, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let broker: Caller;
let agent: Caller;
let lender: Caller;
let admin: Caller;
beforeAll(async () => {
  server = await startTestServer();
  [broker, agent, lender, admin] = await Promise.all([
    signIn(server, 'broker@demo.test'),
    signIn(server, '+15550100001'),
    signIn(server, 'lender@demo.test'),
    signIn(server, 'admin@demo.test'),
  ]);
});
afterAll(async () => {
  await server.close();
});

const idOf = async (table: 'brokerages' | 'loan_offices', name: string) =>
  (await server.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('who may call what', () => {
  it('answers 401 with a JSON body without a token, and for a made-up one', async () => {
    const none = await call(server, 'GET', '/users-api/users/me');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ status: 401, error: 'Unauthorized' });
    expect((await call(server, 'GET', '/users-api/users/me', { token: 'forged' })).status).toBe(401);
  });

  it('answers 403 when the role is not admitted', async () => {
    const res = await agent.get(`/lenders-api/loan-offices/${await idOf('loan_offices', 'Summit Home Loans')}`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 403, error: 'Forbidden' });
  });

  it('lets a brokerage admin read only their own brokerage', async () => {
    expect(
      (await broker.get(`/agents-api/brokerages/${await idOf('brokerages', 'Harbor Point Realty')}`)).body,
    ).toMatchObject({
      name: 'Harbor Point Realty',
      product: [{ productFamily: 'COMBINED' }],
    });
    expect((await broker.get(`/agents-api/brokerages/${await idOf('brokerages', 'Maple & Main Homes')}`)).status).toBe(
      403,
    );
  });

  it('lets a lender read only their own loan office; staff read any', async () => {
    const summit = await idOf('loan_offices', 'Summit Home Loans');
    const keystone = await idOf('loan_offices', 'Keystone Mortgage');
    expect((await lender.get(`/lenders-api/loan-offices/${summit}`)).body).toMatchObject({ name: 'Summit Home Loans' });
    expect((await lender.get(`/lenders-api/loan-offices/${keystone}`)).status).toBe(403);
    expect((await admin.get(`/lenders-api/loan-offices/${keystone}`)).status).toBe(200);
  });

  it('lets an agent read and stamp only their own agent record', async () => {
    const me = (await agent.get('/users-api/users/me')).body;
    const stamp = new Date().toISOString();
    const res = await agent.patch(`/agents-api/agents/${me.agentId}`, { agentDesktopLastAccessed: stamp });
    expect(res.status).toBe(200);
    expect(res.body.agentDesktopLastAccessed).toBe(stamp);
    const other = await server.db
      .selectFrom('agents')
      .select('id')
      .where('id', '!=', me.agentId)
      .executeTakeFirstOrThrow();
    expect((await agent.get(`/agents-api/agents/${other.id}`)).status).toBe(403);
    expect((await agent.patch(`/agents-api/agents/${other.id}`, { agentDesktopLastAccessed: stamp })).status).toBe(403);
  });

  it("lets a user record their own last login and nobody else's", async () => {
    const me = (await broker.get('/users-api/users/me')).body;
    const stamp = '2026-11-22T08:00:00.000Z';
    expect((await broker.patch(`/users-api/users/${me.id}`, { psiLastLogin: stamp })).body.psiLastLogin).toBe(stamp);
    const adminMe = (await admin.get('/users-api/users/me')).body;
    expect((await broker.patch(`/users-api/users/${adminMe.id}`, { psiLastLogin: stamp })).status).toBe(403);
  });

  it("shows the boost status of the agent's brokerage and the app versions", async () => {
    expect((await agent.get('/agents-api/agents/boost')).body).toEqual({ enabled: true, boostPercentage: 15 });
    expect((await agent.get('/agents-api/appVersion')).body).toEqual([
      { env: 'PROD', deviceType: 'ANDROID', version: '3.14.2' },
      { env: 'PROD', deviceType: 'IOS', version: '3.14.0' },
    ]);
  });
});

describe('bad input', () => {
  it.each([
    ['an unknown field', { isAdmin: true }],
    ['a malformed time', { psiLastLogin: 'yesterday' }],
  ])('PATCH a user with %s is a 400 JSON body naming the field, and nothing is written', async (_, body) => {
    const me = (await broker.get('/users-api/users/me')).body;
    const res = await broker.patch(`/users-api/users/${me.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, error: 'Bad Request' });
    expect(Object.keys(res.body.fields ?? {}).length).toBeGreaterThan(0);
    expect((await broker.get('/users-api/users/me')).body.psiLastLogin).toBe(me.psiLastLogin);
  });

  it('a non-numeric id does not reach a handler', async () => {
    expect((await broker.get('/agents-api/brokerages/abc')).status).toBe(404);
    // An unknown agent answers a brokerage admin like another brokerage's agent (no probing ids).
    expect((await broker.get('/agents-api/agents/99999999')).status).toBe(403);
  });

  it('a body that is not JSON is a 400', async () => {
    const me = (await broker.get('/users-api/users/me')).body;
    const res = await call(server, 'PATCH', `/users-api/users/${me.id}`, {
      token: broker.token,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});

describe('start-up', () => {
  it('refuses a route that declares no role policy', () => {
    const bad = route({
      method: 'GET',
      path: '/users-api/unguarded',
      policy: [] as never,
      handler: (c) => c.text('x'),
    });
    expect(() => createApp({ db: server.db, config: testConfig(), routes: [bad] })).toThrow(/declares no role policy/);
  });

  it('refuses a bad environment with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a port number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
  });
});
