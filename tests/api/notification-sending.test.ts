import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HAND_SENT_LIMITS } from '../../server/routes/agents-api/notifications.ts';
import { ADMIN_HOLD_REFUSAL } from '../../server/routes/agents-api/referral-writes.ts';
import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Notifications sent by hand (a sample, an overdue reminder) wake a phone at once: they are limited
// per sender and per agent (docs/security.md, "Bounded fan-out"), and only the my-notifications roles
// send them (decision 0085). A brokerage admin does not hand a referral to an agent on staff's
// administrative hold (decision 0085).

let server: TestServer;
let broker: Caller;
let staff: Caller;
let harborAgents: number[];

beforeAll(async () => {
  server = await startTestServer();
  [broker, staff] = await Promise.all([signIn(server, 'broker@demo.test'), signIn(server, 'admin@demo.test')]);
  const harbor = (
    await server.db
      .selectFrom('users')
      .select('broker_id')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow()
  ).broker_id!;
  harborAgents = (
    await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', harbor)
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .execute()
  ).map((a) => a.id);
});
afterAll(async () => server?.close());

const notificationsOf = async (agentId: number) =>
  Number(
    (
      await server.db
        .selectFrom('agent_notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('agent_id', '=', agentId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const clearLimits = () =>
  server.db.deleteFrom('rate_limit_events').where('scope', 'like', 'hand-sent-notification-%').execute();

describe('notifications sent by hand', () => {
  it("answers a flood of nudges to one agent with 429 and Retry-After once the agent's limit is reached, writing nothing more", async () => {
    const agentId = (
      await server.db
        .selectFrom('users')
        .select('agent_id')
        .where('phone', '=', DEMO_AGENT_PHONE)
        .executeTakeFirstOrThrow()
    ).agent_id!;
    const before = await notificationsOf(agentId);
    const statuses: number[] = [];
    let retryAfter = '';
    for (let i = 0; i < 25; i++) {
      const res = await broker.post('/agents-api/notifications/sample', { agentId });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('Retry-After') ?? '';
    }
    const max = HAND_SENT_LIMITS.agent[0].max;
    expect(statuses).toEqual([...Array(max).fill(201), ...Array(25 - max).fill(429)]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(await notificationsOf(agentId)).toBe(before + max);
    // Another sender is held to the agent's limit too: it is the phone that is protected.
    expect((await staff.post('/agents-api/notifications/sample', { agentId })).status).toBe(429);
    await clearLimits();
  });

  it('stops one sender spreading nudges over many agents', async () => {
    const max = HAND_SENT_LIMITS.sender[0].max;
    const perAgent = HAND_SENT_LIMITS.agent[0].max;
    expect(harborAgents.length * perAgent).toBeGreaterThan(max);
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++)
      statuses.push(
        (await broker.post('/agents-api/notifications/sample', { agentId: harborAgents[i % harborAgents.length] }))
          .status,
      );
    expect(statuses).toEqual([...Array(max).fill(201), 429]);
    await clearLimits();
  });

  it('is refused to QA, who review and do not prod agents, and to roles without the notifications page', async () => {
    for (const who of ['qa@demo.test', 'csr@demo.test']) {
      const caller = await signIn(server, who);
      const before = await notificationsOf(harborAgents[0]!);
      expect((await caller.post('/agents-api/notifications/sample', { agentId: harborAgents[0] })).status).toBe(403);
      expect(await notificationsOf(harborAgents[0]!)).toBe(before);
    }
    for (const who of ['manager@demo.test', 'supervisor@demo.test', 'engagement@demo.test']) {
      expect(
        (await (await signIn(server, who)).post('/agents-api/notifications/sample', { agentId: harborAgents[0] }))
          .status,
      ).toBe(201);
    }
    await clearLimits();
  });
});

describe('a referral handed to an agent on an administrative hold', () => {
  it('is refused to the brokerage admin with the reason, and allowed to staff, who place and lift holds', async () => {
    const held = harborAgents.at(-1)!;
    await server.db.updateTable('agents').set({ status: 'ADMIN_HOLD' }).where('id', '=', held).execute();
    const ref = await server.db
      .selectFrom('referrals')
      .select(['id', 'agent_id'])
      .where('agent_id', 'in', harborAgents)
      .where('agent_id', '<>', held)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const refused = await broker.patch(`/agents-api/referrals/${ref.id}/reassign`, { agentId: held });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ADMIN_HOLD_REFUSAL);
    expect(
      (await server.db.selectFrom('referrals').select('agent_id').where('id', '=', ref.id).executeTakeFirstOrThrow())
        .agent_id,
    ).toBe(ref.agent_id);
    expect((await staff.patch(`/agents-api/referrals/${ref.id}/reassign`, { agentId: held })).status).toBe(200);
  });
});
