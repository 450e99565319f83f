import { createServer as createTlsServer, type AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { sha256 } from '../../server/auth/tokens.ts';
import { testConfig } from '../../server/config.ts';
import { deliverPush, MAX_PUSH_FAILURES, PUSH_CONCURRENCY } from '../../server/push/deliver.ts';
import type { Resolve } from '../../server/push/endpoint.ts';
import { startPushDelivery } from '../../server/push/listener.ts';
import { vapidKeys } from '../../server/push/vapid.ts';
import { startPushService, subscriptionKeys } from '../setup/push-service.ts';
import {
  DEMO_AGENT_PHONE,
  DEMO_PASSWORD,
  signIn,
  startTestServer,
  type Caller,
  type TestServer,
} from '../setup/test-server.ts';

// Web Push reaches the agent's phone. A stand-in push service on the loopback interface
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
  agentId = (
    await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow()
  ).agent_id!;
});
afterAll(async () => {
  stopPush();
  await pushService.close();
  await server.close();
});

let eventIds = 9_000_000_000;
/** An event id of no real event, for a delivery called directly (the claim is per event id). */
const nextEventId = () => (eventIds += 1);
const familyOf = async (token: string) =>
  (
    await server.db
      .selectFrom('access_tokens')
      .select('family_id')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow()
  ).family_id;
const myUserId = async () =>
  (await server.db.selectFrom('users').select('id').where('phone', '=', DEMO_AGENT_PHONE).executeTakeFirstOrThrow()).id;

/** A listener on the loopback interface (where a TLS handshake would begin) that only counts the connections it receives. */
async function startTlsListener() {
  const server = createTlsServer();
  let connections = 0;
  server.on('connection', (socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A subscription of the demo agent's phone on the stand-in push service. */
async function subscribe() {
  const sub = pushService.subscribe();
  expect((await agent.post('/agents-api/push-subscriptions', { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(
    201,
  );
  return sub;
}
const latestNotification = async (type: string) =>
  await server.db
    .selectFrom('agent_notifications')
    .select(['id', 'referral_id'])
    .where('agent_id', '=', agentId)
    .where('type', '=', type as never)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
/** The pipeline's event of an agent notification. */
const eventOf = async (notificationId: number) =>
  Number(
    (
      await server.db
        .selectFrom('events')
        .select('id')
        .where('type', '=', 'AGENT_NOTIFICATION')
        .where(sql<boolean>`(payload->>'notificationId')::int = ${notificationId}`)
        .executeTakeFirstOrThrow()
    ).id,
  );

describe('Web Push delivery', () => {
  it("brings a sample notification to the agent's phone, signed with the server's VAPID key and readable only with the phone's keys", async () => {
    const sub = await subscribe();
    const started = Date.now();
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    const push = await pushService.waitFor(sub.path, WITHIN_MS);
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    const sample = await latestNotification('TEST_NEW_REFERRAL');
    expect(push.message).toEqual({
      title: 'Test notification',
      body: 'This is a sample new-referral notification from Porchlight.',
      tag: `notification-${sample.id}`,
      url: '/console/agent-followups',
      referralId: null,
      referralName: 'Test Referral',
    });
    expect(push.claims.sub).toBe(config.vapidSubject);
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('normal');
    expect(pushService.refused).toEqual([]);
  });

  it('forgets claims older than a day, long after any redelivery of their event', async () => {
    await server.db
      .insertInto('push_deliveries')
      .values({ event_id: 0, claimed_at: new Date(Date.now() - 2 * 86_400_000) })
      .execute();
    // Event ids start at 1: 0 stands for an event long gone. A process (re)started prunes at its first event.
    stopPush();
    stopPush = startPushDelivery(config);
    const sub = await subscribe();
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    await pushService.waitFor(sub.path, WITHIN_MS);
    await vi.waitFor(
      async () => {
        expect(
          await server.db.selectFrom('push_deliveries').select('event_id').where('event_id', '=', 0).execute(),
        ).toEqual([]);
      },
      { timeout: WITHIN_MS },
    );
  });

  it('tells the agent at once, with high urgency, of a referral moved to them, and opens that referral', async () => {
    const sub = await subscribe();
    const ref = await server.db
      .selectFrom('referrals as r')
      .innerJoin('agents as a', 'a.id', 'r.agent_id')
      .select(['r.id', 'r.prospect_first', 'r.prospect_last'])
      .where(
        'r.brokerage_id',
        '=',
        (
          await server.db
            .selectFrom('agents')
            .select('brokerage_id')
            .where('id', '=', agentId)
            .executeTakeFirstOrThrow()
        ).brokerage_id,
      )
      .where('r.agent_id', '<>', agentId)
      .where('r.prospect_first', 'is not', null)
      .orderBy('r.id')
      .executeTakeFirstOrThrow();
    const started = Date.now();
    expect((await broker.patch(`/agents-api/referrals/${ref.id}/reassign`, { agentId })).status).toBe(200);
    const push = await pushService.waitFor(
      sub.path,
      WITHIN_MS,
      (m) => (m.message as { tag: string }).tag === `referral-${ref.id}`,
    );
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    const name = `${ref.prospect_first} ${ref.prospect_last ?? ''}`.trim();
    expect(push.message).toEqual({
      title: 'Referral assigned to you',
      body: `${await userName('broker@demo.test')} assigned ${name} to you.`,
      tag: `referral-${ref.id}`,
      url: `/console/agent-followups/view/${ref.id}`,
      referralId: ref.id,
      referralName: name,
    });
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.topic).toBe(`referral-${ref.id}`);
  });

  it('sends a new referral to no phone once the agent turns push off for new referrals, and again once on', async () => {
    const sub = await subscribe();
    expect(
      (await agent.put('/agents-api/message-preferences', { NEW_REFERRAL: ['SMS'], REMINDER: ['PUSH'] })).status,
    ).toBe(200);
    try {
      expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
      const off = await latestNotification('TEST_NEW_REFERRAL');
      // The listener takes the event (its claim) and sends it nowhere; so does a direct delivery.
      const offEvent = await eventOf(off.id);
      await expect
        .poll(
          async () =>
            (
              await server.db
                .selectFrom('push_deliveries')
                .select('event_id')
                .where('event_id', '=', offEvent)
                .execute()
            ).length,
          { timeout: WITHIN_MS },
        )
        .toBe(1);
      expect(await deliverPush(server.db, config, { id: nextEventId(), notificationId: off.id })).toMatchObject({
        claimed: true,
        sent: 0,
      });
      expect(pushService.received.filter((m) => m.path === sub.path)).toHaveLength(0);
    } finally {
      expect(
        (await agent.put('/agents-api/message-preferences', { NEW_REFERRAL: ['PUSH', 'SMS'], REMINDER: ['PUSH'] }))
          .status,
      ).toBe(200);
    }
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    const on = await latestNotification('TEST_NEW_REFERRAL');
    await pushService.waitFor(
      sub.path,
      WITHIN_MS,
      (m) => (m.message as { tag: string }).tag === `notification-${on.id}`,
    );
  });

  it('sends an event once however many processes hear it', async () => {
    const sub = await subscribe();
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    const sample = await latestNotification('TEST_NEW_REFERRAL');
    await pushService.waitFor(
      sub.path,
      WITHIN_MS,
      (m) => (m.message as { tag: string }).tag === `notification-${sample.id}`,
    );
    // Two more processes hear the same event: the claim is taken, neither sends it again.
    const event = { id: await eventOf(sample.id), notificationId: sample.id };
    const late = await Promise.all([deliverPush(server.db, config, event), deliverPush(server.db, config, event)]);
    expect(late.map((o) => o.claimed)).toEqual([false, false]);
    expect(pushService.received.filter((m) => m.path === sub.path)).toHaveLength(1);
  });

  it("removes the subscriptions the push service says are gone (410) or unknown (404) and sends nothing to another agent's phone", async () => {
    const gone = await subscribe();
    const unknown = await subscribe();
    pushService.answerWith(gone.path, 410);
    pushService.answerWith(unknown.path, 404);
    const otherAgent = await server.db
      .selectFrom('agents')
      .select('id')
      .where('id', '<>', agentId)
      .where(
        'brokerage_id',
        '=',
        (
          await server.db
            .selectFrom('agents')
            .select('brokerage_id')
            .where('id', '=', agentId)
            .executeTakeFirstOrThrow()
        ).brokerage_id,
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await broker.post('/agents-api/notifications/sample', { agentId: otherAgent.id })).status).toBe(201);
    const theirs = await server.db
      .selectFrom('agent_notifications')
      .select('id')
      .where('agent_id', '=', otherAgent.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    const ours = await latestNotification('TEST_NEW_REFERRAL');
    // Push hears events in id order, one after the other: once ours arrived, theirs was dealt with.
    await pushService.waitFor(
      gone.path,
      WITHIN_MS,
      (m) => (m.message as { tag: string }).tag === `notification-${ours.id}`,
    );
    expect(
      pushService.received.filter((m) => (m.message as { tag: string }).tag === `notification-${theirs.id}`),
    ).toEqual([]);
    await pushService.waitFor(
      unknown.path,
      WITHIN_MS,
      (m) => (m.message as { tag: string }).tag === `notification-${ours.id}`,
    );
    await vi.waitFor(
      async () => {
        expect(
          await server.db
            .selectFrom('push_subscriptions')
            .select('id')
            .where('endpoint', 'in', [gone.endpoint, unknown.endpoint])
            .execute(),
        ).toEqual([]);
      },
      { timeout: WITHIN_MS },
    );
  });

  it('sends to a stored endpoint only when it is still allowed: an internal address is dropped, never contacted', async () => {
    const tls = await startTlsListener();
    try {
      const family = await familyOf(agent.token);
      const me = await myUserId();
      const keys = subscriptionKeys();
      const targets = [
        `https://127.0.0.1:${tls.port}/x`,
        `https://localhost:${tls.port}/x`,
        `https://[::1]:${tls.port}/x`,
        'https://169.254.169.254/latest',
      ];
      for (const endpoint of targets) {
        await server.db
          .insertInto('push_subscriptions')
          .values({ user_id: me, family_id: family, endpoint, p256dh: keys.p256dh, auth: keys.authSecret })
          .execute();
      }
      const note = await latestNotification('TEST_NEW_REFERRAL');
      const outcome = await deliverPush(server.db, config, { id: nextEventId(), notificationId: note.id });
      expect(outcome.removed).toBeGreaterThanOrEqual(targets.length);
      expect(
        await server.db.selectFrom('push_subscriptions').select('id').where('endpoint', 'in', targets).execute(),
      ).toEqual([]);
      expect(tls.connections).toBe(0);
    } finally {
      await tls.close();
    }
  });

  it('refuses a push service name that resolves to an internal address at delivery (no DNS rebinding), and drops it', async () => {
    const family = await familyOf(agent.token);
    const me = await myUserId();
    const keys = subscriptionKeys();
    const endpoint = `https://fcm.googleapis.com/fcm/send/rebound-${Date.now()}`;
    await server.db
      .insertInto('push_subscriptions')
      .values({ user_id: me, family_id: family, endpoint, p256dh: keys.p256dh, auth: keys.authSecret })
      .execute();
    const asked: string[] = [];
    // A resolver that answers one public address and one inside: the name is refused as a whole.
    const resolve: Resolve = (host, callback) => {
      asked.push(host);
      callback(null, [
        { address: '142.250.74.74', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ]);
    };
    const note = await latestNotification('TEST_NEW_REFERRAL');
    const outcome = await deliverPush(server.db, config, { id: nextEventId(), notificationId: note.id }, { resolve });
    expect(asked).toContain('fcm.googleapis.com');
    expect(outcome.removed).toBeGreaterThanOrEqual(1);
    expect(
      await server.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute(),
    ).toEqual([]);
  });

  it('keeps at most a few messages in flight however many subscriptions there are', async () => {
    const family = await familyOf(agent.token);
    const me = await myUserId();
    const subs = Array.from({ length: 12 }, () => pushService.subscribe());
    await server.db
      .insertInto('push_subscriptions')
      .values(
        subs.map((sub) => ({
          user_id: me,
          family_id: family,
          endpoint: sub.endpoint,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
        })),
      )
      .execute();
    pushService.load.maxInFlight = 0;
    pushService.load.answerAfterMs = 40;
    try {
      const note = await latestNotification('TEST_NEW_REFERRAL');
      const outcome = await deliverPush(server.db, config, { id: nextEventId(), notificationId: note.id });
      expect(outcome.sent).toBeGreaterThanOrEqual(subs.length);
      expect(pushService.load.maxInFlight).toBeLessThanOrEqual(PUSH_CONCURRENCY);
      expect(pushService.load.maxInFlight).toBeGreaterThan(1);
    } finally {
      pushService.load.answerAfterMs = 0;
      await server.db
        .deleteFrom('push_subscriptions')
        .where(
          'endpoint',
          'in',
          subs.map((x) => x.endpoint),
        )
        .execute();
    }
  });

  it('drops an endpoint that keeps failing, and forgives one that recovers', async () => {
    const family = await familyOf(agent.token);
    const me = await myUserId();
    const [failing, flaky] = [pushService.subscribe(), pushService.subscribe()];
    await server.db
      .insertInto('push_subscriptions')
      .values(
        [failing, flaky].map((sub) => ({
          user_id: me,
          family_id: family,
          endpoint: sub.endpoint,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
        })),
      )
      .execute();
    pushService.answerWith(failing.path, 500);
    pushService.answerWith(flaky.path, 503);
    const note = await latestNotification('TEST_NEW_REFERRAL');
    const rowOf = (endpoint: string) =>
      server.db.selectFrom('push_subscriptions').select('failures').where('endpoint', '=', endpoint).executeTakeFirst();
    for (let i = 1; i < MAX_PUSH_FAILURES; i += 1)
      await deliverPush(server.db, config, { id: nextEventId(), notificationId: note.id });
    expect(await rowOf(failing.endpoint)).toEqual({ failures: MAX_PUSH_FAILURES - 1 });
    pushService.answerWith(flaky.path, 201);
    await deliverPush(server.db, config, { id: nextEventId(), notificationId: note.id });
    expect(await rowOf(failing.endpoint)).toBeUndefined();
    expect(await rowOf(flaky.endpoint)).toEqual({ failures: 0 });
    await server.db.deleteFrom('push_subscriptions').where('endpoint', '=', flaky.endpoint).execute();
  });
});

describe('a session that ends, ends everywhere', () => {
  /** Sends a sample to the agent and waits until `witness` (a live sign-in's phone) has it: the event was dealt with. */
  async function sampleSeenBy(witness: { path: string }) {
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    const sample = await latestNotification('TEST_NEW_REFERRAL');
    await pushService.waitFor(
      witness.path,
      WITHIN_MS,
      (m) => (m.message as { tag: string }).tag === `notification-${sample.id}`,
    );
    return sample.id;
  }
  const heardAt = (path: string, sampleId: number) =>
    pushService.received.filter(
      (m) => m.path === path && (m.message as { tag: string }).tag === `notification-${sampleId}`,
    );

  it("after a password change, the other sign-ins' phones are told nothing, the changing session's still are", async () => {
    const old = await signIn(server, DEMO_AGENT_PHONE);
    const current = await signIn(server, DEMO_AGENT_PHONE);
    const [oldPhone, currentPhone] = [pushService.subscribe(), pushService.subscribe()];
    expect(
      (await old.post('/agents-api/push-subscriptions', { endpoint: oldPhone.endpoint, keys: oldPhone.keys })).status,
    ).toBe(201);
    expect(
      (
        await current.post('/agents-api/push-subscriptions', {
          endpoint: currentPhone.endpoint,
          keys: currentPhone.keys,
        })
      ).status,
    ).toBe(201);
    const me = await myUserId();
    const res = await current.patch(`/users-api/users/${me}`, {
      password: DEMO_PASSWORD,
      currentPassword: DEMO_PASSWORD,
    });
    expect(res.status).toBe(200);
    const sample = await sampleSeenBy(currentPhone);
    expect(heardAt(oldPhone.path, sample)).toEqual([]);
    expect(
      await server.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', oldPhone.endpoint).execute(),
    ).toEqual([]);
  });

  it('sends nothing to a subscription whose sign-in was revoked, even when its row survived', async () => {
    const revoked = await signIn(server, DEMO_AGENT_PHONE);
    const live = await signIn(server, DEMO_AGENT_PHONE);
    const [gone, witness] = [pushService.subscribe(), pushService.subscribe()];
    expect(
      (await revoked.post('/agents-api/push-subscriptions', { endpoint: gone.endpoint, keys: gone.keys })).status,
    ).toBe(201);
    expect(
      (await live.post('/agents-api/push-subscriptions', { endpoint: witness.endpoint, keys: witness.keys })).status,
    ).toBe(201);
    // Revoked the way the earlier code did, tokens only: the subscription row stays behind.
    const family = await familyOf(revoked.token);
    await server.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('family_id', '=', family)
      .execute();
    const sample = await sampleSeenBy(witness);
    expect(heardAt(gone.path, sample)).toEqual([]);
  });

  it("after a broker deletes and reactivates the agent, the old sign-in's phone is told nothing", async () => {
    const before = await signIn(server, DEMO_AGENT_PHONE);
    const phone = pushService.subscribe();
    expect(
      (await before.post('/agents-api/push-subscriptions', { endpoint: phone.endpoint, keys: phone.keys })).status,
    ).toBe(201);
    expect((await broker.delete(`/agents-api/agents/${agentId}`)).status).toBe(200);
    expect((await broker.patch(`/agents-api/agents/${agentId}/reactivate`)).status).toBe(200);
    // The agent signs in again on another phone: that one hears the next notification, the old sign-in's does not.
    agent = await signIn(server, DEMO_AGENT_PHONE);
    const witness = pushService.subscribe();
    expect(
      (await agent.post('/agents-api/push-subscriptions', { endpoint: witness.endpoint, keys: witness.keys })).status,
    ).toBe(201);
    const sample = await sampleSeenBy(witness);
    expect(heardAt(phone.path, sample)).toEqual([]);
    expect((await before.get('/agents-api/notifications/mobile')).status).toBe(401);
  });
});

/** A demo user's name as a notification names who acted. */
async function userName(email: string): Promise<string> {
  const u = await server.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return [u.first_name, u.last_name].filter(Boolean).join(' ');
}
