import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config.ts';
import { deliverPush } from '../../server/push/deliver.ts';
import { vapidKeys } from '../../server/push/vapid.ts';
import { startPushService } from '../setup/push-service.ts';
import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Issue 38: Web Push reaches the agent's phone. A stand-in push service on the loopback interface
// checks each message's VAPID signature (RFC 8292) and decrypts it (RFC 8291) with the keys only
// the subscribing browser holds; what it reads is what the phone would show.

const WITHIN_MS = 5_000;
const config = testConfig();
let server: TestServer;
let agent: Caller;
let broker: Caller;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let agentId: number;
let eventIds = 9_000_000; // ids no pipeline event of this fresh database has

beforeAll(async () => {
  server = await startTestServer();
  [agent, broker] = await Promise.all([signIn(server, DEMO_AGENT_PHONE), signIn(server, 'broker@demo.test')]);
  pushService = await startPushService(async () => (await vapidKeys(server.db, config))!.publicKey);
  agentId = (await server.db.selectFrom('users').select('agent_id').where('phone', '=', DEMO_AGENT_PHONE).executeTakeFirstOrThrow()).agent_id!;
});
afterAll(async () => {
  await pushService.close();
  await server.close();
});

/** A subscription of the demo agent's phone on the stand-in push service. */
async function subscribe() {
  const sub = pushService.subscribe();
  expect((await agent.post('/agents-api/push-subscriptions', { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(201);
  return sub;
}
const latestNotification = async (type: string) => (await server.db.selectFrom('agent_notifications').select(['id', 'referral_id'])
  .where('agent_id', '=', agentId).where('type', '=', type as never).orderBy('id', 'desc').executeTakeFirstOrThrow());
const deliver = (notificationId: number) => deliverPush(server.db, config, { id: (eventIds += 1), notificationId });

describe('Web Push delivery', () => {
  it('brings a sample notification to the agent\'s phone, signed with the server\'s VAPID key and readable only with the phone\'s keys', async () => {
    const sub = await subscribe();
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    const sample = await latestNotification('TEST_NEW_REFERRAL');
    const started = Date.now();
    const outcome = await deliver(sample.id);
    const push = await pushService.waitFor(sub.path, WITHIN_MS);
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    expect(outcome).toEqual({ claimed: true, sent: 1, removed: 0, failed: 0 });
    expect(push.message).toEqual({
      title: 'Test notification', body: 'This is a sample new-referral notification from Porchlight.',
      tag: `notification-${sample.id}`, url: '/console/agent-followups', referralId: null, referralName: 'Test Referral',
    });
    expect(push.claims.sub).toBe(config.vapidSubject);
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('normal');
    expect(pushService.refused).toEqual([]);
  });

  it('tells the agent at once, with high urgency, of a referral moved to them, and opens that referral', async () => {
    const sub = await subscribe();
    const ref = await server.db.selectFrom('referrals as r').innerJoin('agents as a', 'a.id', 'r.agent_id')
      .select(['r.id', 'r.prospect_first', 'r.prospect_last']).where('r.brokerage_id', '=', (await server.db.selectFrom('agents')
        .select('brokerage_id').where('id', '=', agentId).executeTakeFirstOrThrow()).brokerage_id)
      .where('r.agent_id', '<>', agentId).where('r.prospect_first', 'is not', null).orderBy('r.id').executeTakeFirstOrThrow();
    expect((await broker.patch(`/agents-api/referrals/${ref.id}/reassign`, { agentId })).status).toBe(200);
    const note = await latestNotification('FORCE_ASSIGNED_REFERRAL');
    expect(note.referral_id).toBe(ref.id);
    await deliver(note.id);
    const push = await pushService.waitFor(sub.path, WITHIN_MS);
    const name = `${ref.prospect_first} ${ref.prospect_last ?? ''}`.trim();
    expect(push.message).toEqual({
      title: 'Referral assigned to you', body: `The Porchlight team assigned ${name} to you.`,
      tag: `referral-${ref.id}`, url: `/console/agent-followups/view/${ref.id}`, referralId: ref.id, referralName: name,
    });
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.topic).toBe(`referral-${ref.id}`);
  });

  it('sends an event once however many processes hear it', async () => {
    const sub = await subscribe();
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    const sample = await latestNotification('TEST_NEW_REFERRAL');
    const event = { id: (eventIds += 1), notificationId: sample.id };
    const outcomes = await Promise.all([deliverPush(server.db, config, event), deliverPush(server.db, config, event)]);
    expect(outcomes.filter((o) => o.claimed)).toHaveLength(1);
    await pushService.waitFor(sub.path, WITHIN_MS, (m) => (m.message as { tag: string }).tag === `notification-${sample.id}`);
    expect(pushService.received.filter((m) => m.path === sub.path)).toHaveLength(1);
  });

  it('removes a subscription the push service says is gone (410) and sends nothing to another agent\'s phone', async () => {
    const gone = await subscribe();
    pushService.answerWith(gone.path, 410);
    const otherAgent = await server.db.selectFrom('agents').select('id').where('id', '<>', agentId)
      .where('brokerage_id', '=', (await server.db.selectFrom('agents').select('brokerage_id').where('id', '=', agentId).executeTakeFirstOrThrow()).brokerage_id)
      .orderBy('id').executeTakeFirstOrThrow();
    expect((await broker.post('/agents-api/notifications/sample', { agentId: otherAgent.id })).status).toBe(201);
    const theirs = await server.db.selectFrom('agent_notifications').select('id').where('agent_id', '=', otherAgent.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await deliver(theirs.id)).toEqual({ claimed: true, sent: 0, removed: 0, failed: 0 });

    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    const outcome = await deliver((await latestNotification('TEST_NEW_REFERRAL')).id);
    expect(outcome.removed).toBeGreaterThanOrEqual(1);
    expect(await server.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', gone.endpoint).execute()).toEqual([]);
  });
});
