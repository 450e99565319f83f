import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Agent onboarding: wrong invitation codes count against the caller's address on every
// method of /agents-api/potentialAgents/invite/code/:code (read, accept, decline), 20 per 15 minutes,
// then 429 with Retry-After; a throttled accept writes nothing.

let server: TestServer;
let broker: Caller;
let now = new Date('2026-03-02T15:00:00Z');

beforeAll(async () => {
  server = await startTestServer();
  server.setNow(now);
  broker = await signIn(server, 'broker@demo.test');
});
afterAll(async () => {
  await server.close();
});

const codeCall = (method: string, code: string, body?: unknown) =>
  call(server, method, `/agents-api/potentialAgents/invite/code/${code}`, body === undefined ? {} : { body });
const accept = { firstName: 'Riley', lastName: 'Stone', phone: '5557773100', password: 'Welcome-home-9' };

async function invite(email: string, phone: string): Promise<string> {
  const res = await broker.post('/agents-api/potentialAgents', { firstName: 'Riley', lastName: 'Stone', email, phone });
  expect(res.status).toBe(201);
  const mail = await server.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\/agent-onboarding\/([A-Za-z0-9-]+)/.exec(mail.body)![1]!;
}

const moveClock = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
  server.setNow(now);
};
const agentCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('agents')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('wrong invitation codes', () => {
  it('count on accept as on read: the 21st wrong guess is 429 and even a good code then waits, writing nothing', async () => {
    const code = await invite('riley.stone@example.com', '5557773100');
    for (let i = 0; i < 20; i++) {
      const res = await codeCall('PATCH', `WRONG-${i}`, accept);
      expect(res.status, `guess ${i}`).toBe(404);
    }
    const agents = await agentCount();
    const throttled = await codeCall('PATCH', code, accept);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await codeCall('GET', code)).status).toBe(429);
    expect((await codeCall('DELETE', code)).status).toBe(429);
    expect(await agentCount()).toBe(agents);
    const row = await server.db
      .selectFrom('potential_agents')
      .select('status')
      .where('email', '=', 'riley.stone@example.com')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('INVITE_PENDING');

    moveClock(16);
    const accepted = await codeCall('PATCH', code, accept);
    expect(accepted.status).toBe(200);
    expect(await agentCount()).toBe(agents + 1);
  });

  it('count on decline too, and a wrong code with a bad body is still a counted 404, not a 400', async () => {
    moveClock(16);
    broker = await signIn(server, 'broker@demo.test');
    const code = await invite('casey.moss@example.com', '5557773200');
    for (let i = 0; i < 10; i++) expect((await codeCall('DELETE', `NOPE-${i}`)).status).toBe(404);
    for (let i = 0; i < 10; i++) expect((await codeCall('PATCH', `NOPE-B-${i}`, { password: 'x' })).status).toBe(404);
    expect((await codeCall('DELETE', code)).status).toBe(429);
    moveClock(16);
    expect((await codeCall('DELETE', code)).status).toBe(200);
    expect((await codeCall('GET', code)).body).toMatchObject({ message: expect.stringMatching(/declined/) });
  });
});
