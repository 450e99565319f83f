import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../server/config.ts';
import { deliverPush } from '../../server/push/deliver.ts';
import { startPushDelivery } from '../../server/push/listener.ts';
import { vapidKeys } from '../../server/push/vapid.ts';
import { startPushService } from '../setup/push-service.ts';
import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Issue 38: Web Push reaches the agent's phone. A stand-in push service on the loopback interface
// checks each message's VAPID signature (RFC 8292) and decrypts it (RFC 8291) with the keys only
// the subscribing browser holds; what it reads is what the phone would show. Messages go the way a
// server process sends them: the change commits its event, the bus hands it to Web Push.

const WITHIN_MS = 5_000;
const config = testConfig();
let server: TestServer;
let agent: Caller;
let broker: Caller;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let agentId: number;
let stopPush: () => void;

beforeAll(async () => {
  server = await startTestServer();
  [agent, broker] = await Promise.all([signIn(server, DEMO_AGENT_PHONE), signIn(server, 'broker@demo.test')]);
  pushService = await startPushService(async () => (await vapidKeys(server.db, config))!.publicKey);
  stopPush = startPushDelivery(config);
  agentId = (await server.db.selectFrom('users').select('agent_id').where('phone', '=', DEMO_AGENT_PHONE).executeTakeFirstOrThrow()).agent_id!;
});
afterAll(async () => {
  stopPush();
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
/** The pipeline's event of an agent notification. */
const eventOf = async (notificationId: number) => Number((await server.db.selectFrom('events').select('id').where('type', '=', 'AGENT_NOTIFICATION')
  .where(sql<boolean>`(payload->>'notificationId')::int = ${notificationId}`).executeTakeFirstOrThrow()).id);

describe('Web Push delivery', () => {
  it('brings a sample notification to the agent\'s phone, signed with the server\'s VAPID key and readable only with the phone\'s keys', async () => {
    const sub = await subscribe();
    const started = Date.now();
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    const push = await pushService.waitFor(sub.path, WITHIN_MS);
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    const sample = await latestNotification('TEST_NEW_REFERRAL');
    expect(push.message).toEqual({
      title: 'Test notification', body: 'This is a sample new-referral notification from Porchlight.',
      tag: `notification-${sample.id}`, url: '/console/agent-followups', referralId: null, referralName: 'Test Referral',
    });
    expect(push.claims.sub).toBe(config.vapidSubject);
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('normal');
    expect(pushService.refused).toEqual([]);
  });

  it('forgets claims older than a day, long after any redelivery of their event', async () => {
    await server.db.insertInto('push_deliveries').values({ event_id: 0, claimed_at: new Date(Date.now() - 2 * 86_400_000) }).execute();
    // Event ids start at 1: 0 stands for an event long gone. A process (re)started prunes at its first event.
    stopPush();
    stopPush = startPushDelivery(config);
    const sub = await subscribe();
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    await pushService.waitFor(sub.path, WITHIN_MS);
    await vi.waitFor(async () => {
      expect(await server.db.selectFrom('push_deliveries').select('event_id').where('event_id', '=', 0).execute()).toEqual([]);
    }, { timeout: WITHIN_MS });
  });

  it('tells the agent at once, with high urgency, of a referral moved to them, and opens that referral', async () => {
    const sub = await subscribe();
    const ref = await server.db.selectFrom('referrals as r').innerJoin('agents as a', 'a.id', 'r.agent_id')
      .select(['r.id', 'r.prospect_first', 'r.prospect_last']).where('r.brokerage_id', '=', (await server.db.selectFrom('agents')
        .select('brokerage_id').where('id', '=', agentId).executeTakeFirstOrThrow()).brokerage_id)
      .where('r.agent_id', '<>', agentId).where('r.prospect_first', 'is not', null).orderBy('r.id').executeTakeFirstOrThrow();
    const started = Date.now();
    expect((await broker.patch(`/agents-api/referrals/${ref.id}/reassign`, { agentId })).status).toBe(200);
    const push = await pushService.waitFor(sub.path, WITHIN_MS, (m) => (m.message as { tag: string }).tag === `referral-${ref.id}`);
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    const name = `${ref.prospect_first} ${ref.prospect_last ?? ''}`.trim();
    expect(push.message).toEqual({
      title: 'Referral assigned to you', body: `${await userName('broker@demo.test')} assigned ${name} to you.`,
      tag: `referral-${ref.id}`, url: `/console/agent-followups/view/${ref.id}`, referralId: ref.id, referralName: name,
    });
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.topic).toBe(`referral-${ref.id}`);
  });

  it('sends an event once however many processes hear it', async () => {
    const sub = await subscribe();
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    const sample = await latestNotification('TEST_NEW_REFERRAL');
    await pushService.waitFor(sub.path, WITHIN_MS, (m) => (m.message as { tag: string }).tag === `notification-${sample.id}`);
    // Two more processes hear the same event: the claim is taken, neither sends it again.
    const event = { id: await eventOf(sample.id), notificationId: sample.id };
    const late = await Promise.all([deliverPush(server.db, config, event), deliverPush(server.db, config, event)]);
    expect(late.map((o) => o.claimed)).toEqual([false, false]);
    expect(pushService.received.filter((m) => m.path === sub.path)).toHaveLength(1);
  });

  it('removes the subscriptions the push service says are gone (410) or unknown (404) and sends nothing to another agent\'s phone', async () => {
    const gone = await subscribe();
    const unknown = await subscribe();
    pushService.answerWith(gone.path, 410);
    pushService.answerWith(unknown.path, 404);
    const otherAgent = await server.db.selectFrom('agents').select('id').where('id', '<>', agentId)
      .where('brokerage_id', '=', (await server.db.selectFrom('agents').select('brokerage_id').where('id', '=', agentId).executeTakeFirstOrThrow()).brokerage_id)
      .orderBy('id').executeTakeFirstOrThrow();
    expect((await broker.post('/agents-api/notifications/sample', { agentId: otherAgent.id })).status).toBe(201);
    const theirs = await server.db.selectFrom('agent_notifications').select('id').where('agent_id', '=', otherAgent.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    const ours = await latestNotification('TEST_NEW_REFERRAL');
    // Push hears events in id order, one after the other: once ours arrived, theirs was dealt with.
    await pushService.waitFor(gone.path, WITHIN_MS, (m) => (m.message as { tag: string }).tag === `notification-${ours.id}`);
    expect(pushService.received.filter((m) => (m.message as { tag: string }).tag === `notification-${theirs.id}`)).toEqual([]);
    await pushService.waitFor(unknown.path, WITHIN_MS, (m) => (m.message as { tag: string }).tag === `notification-${ours.id}`);
    await vi.waitFor(async () => {
      expect(await server.db.selectFrom('push_subscriptions').select('id').where('endpoint', 'in', [gone.endpoint, unknown.endpoint]).execute()).toEqual([]);
    }, { timeout: WITHIN_MS });
  });
});

/** A demo user's name as a notification names who acted. */
async function userName(email: string): Promise<string> {
  const u = await server.db.selectFrom('users').select(['first_name', 'last_name']).where('email', '=', email).executeTakeFirstOrThrow();
  return [u.first_name, u.last_name].filter(Boolean).join(' ');
}
