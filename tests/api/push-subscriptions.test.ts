import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { PRODUCTION_DELIVERY_ENV } from '../setup/message-stand-ins.ts';
import { PushSubscriptionAnswer, VapidPublicKey } from '../../src/contract/push.ts';
import { pushEndpointAllowed } from '../../server/push/endpoint.ts';
import { vapidKeys } from '../../server/push/vapid.ts';
import { subscriptionKeys } from '../setup/push-service.ts';
import { call, DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Issue 38: an agent registers the browser's push subscription; it is theirs alone and ends with
// the sign-in that made it. Delivery itself: push-delivery.test.ts.

let server: TestServer;
let agent: Caller;
const KEY_PATH = '/agents-api/push-subscriptions/vapid-public-key';
const PATH = '/agents-api/push-subscriptions';

const subscription = (endpoint = `https://push.example.net/send/${Math.random().toString(36).slice(2)}`) => {
  const k = subscriptionKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: k.p256dh, auth: k.authSecret } };
};
const rowsOf = (endpoint: string) => server.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();

beforeAll(async () => {
  server = await startTestServer();
  agent = await signIn(server, DEMO_AGENT_PHONE);
});
afterAll(async () => { await server.close(); });

describe('the VAPID public key', () => {
  it('gives the agent the key the demo generated once and keeps in the database', async () => {
    const first = await agent.get(KEY_PATH);
    expect(first.status).toBe(200);
    const { publicKey } = v.parse(VapidPublicKey, first.body);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await agent.get(KEY_PATH)).body).toEqual({ publicKey });
    const stored = await server.db.selectFrom('push_vapid_keys').select('public_key').execute();
    expect(stored).toEqual([{ public_key: publicKey }]);
  });

  it('is the environment\'s key when VAPID keys are configured, and none outside demo mode without them', async () => {
    const env = { DEMO_MODE: 'false', PUBLIC_ORIGIN: 'https://console.example.com', ...PRODUCTION_DELIVERY_ENV };
    const configured = loadConfig({ ...env, VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'a'.repeat(43), VAPID_SUBJECT: 'mailto:ops@example.com' });
    expect(await vapidKeys(server.db, configured)).toEqual({ publicKey: 'B'.repeat(87), privateKey: 'a'.repeat(43), subject: 'mailto:ops@example.com' });
    expect(await vapidKeys(server.db, loadConfig(env))).toBeUndefined();
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'a'.repeat(43) })).toThrow(/VAPID_PUBLIC_KEY/);
  });

  it('is for agents only', async () => {
    expect((await call(server, 'GET', KEY_PATH)).status).toBe(401);
    for (const who of ['broker@demo.test', 'admin@demo.test']) expect((await (await signIn(server, who)).get(KEY_PATH)).status).toBe(403);
  });
});

describe('registering a subscription', () => {
  it('stores the browser\'s endpoint and keys for the signed-in agent, tied to this sign-in, and answers 201', async () => {
    const sub = subscription();
    const res = await agent.post(PATH, sub);
    expect(res.status).toBe(201);
    expect(v.parse(PushSubscriptionAnswer, res.body).endpoint).toBe(sub.endpoint);
    const me = await server.db.selectFrom('users').select('id').where('phone', '=', DEMO_AGENT_PHONE).executeTakeFirstOrThrow();
    const [row] = await rowsOf(sub.endpoint);
    expect(row).toMatchObject({ user_id: me.id, p256dh: sub.keys.p256dh, auth: sub.keys.auth, family_id: expect.any(String) });
  });

  it('keeps one row per endpoint: registering it again replaces the keys', async () => {
    const sub = subscription();
    await agent.post(PATH, sub);
    const renewed = { ...subscription(sub.endpoint) };
    expect((await agent.post(PATH, renewed)).status).toBe(201);
    const rows = await rowsOf(sub.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.p256dh).toBe(renewed.keys.p256dh);
  });

  it('refuses keys of the wrong size, unknown fields and a missing endpoint with 400 and writes nothing', async () => {
    const good = subscription();
    const bad = [
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
      { ...good, keys: { ...good.keys, auth: 'short' } },
      { ...good, extra: 1 },
      { keys: good.keys },
      { ...good, endpoint: 'not a url' },
    ];
    for (const body of bad) {
      const res = await agent.post(PATH, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, error: 'Bad Request', fields: expect.any(Object) });
    }
    expect(await rowsOf(good.endpoint)).toEqual([]);
  });

  it('accepts http only on the loopback interface, and only in demo mode', async () => {
    for (const endpoint of ['http://push.example.net/x', 'http://10.0.0.5/x', 'http://user:pw@127.0.0.1/x', 'ftp://127.0.0.1/x']) {
      const res = await agent.post(PATH, subscription(endpoint));
      expect(res.status, endpoint).toBe(400);
      expect(res.body.fields).toEqual({ endpoint: 'must be an https URL' });
    }
    expect((await agent.post(PATH, subscription('http://127.0.0.1:9/push/1'))).status).toBe(201);
    expect(pushEndpointAllowed('http://127.0.0.1:9/push/1', false)).toBe(false);
    expect(pushEndpointAllowed('http://localhost:9/push/1', true)).toBe(true);
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
  });

  it('is refused to anyone but an agent', async () => {
    const sub = subscription();
    expect((await call(server, 'POST', PATH, { body: sub })).status).toBe(401);
    for (const who of ['broker@demo.test', 'admin@demo.test', 'manager@demo.test']) {
      expect((await (await signIn(server, who)).post(PATH, sub)).status).toBe(403);
    }
    expect(await rowsOf(sub.endpoint)).toEqual([]);
  });
});

describe('removing a subscription', () => {
  it('deletes the agent\'s own subscription with 204, and answers 204 again for one already gone', async () => {
    const sub = subscription();
    await agent.post(PATH, sub);
    expect((await agent.delete(PATH, { endpoint: sub.endpoint })).status).toBe(204);
    expect(await rowsOf(sub.endpoint)).toEqual([]);
    expect((await agent.delete(PATH, { endpoint: sub.endpoint })).status).toBe(204);
    expect((await agent.delete(PATH, { nope: 1 })).status).toBe(400);
  });

  it('never deletes another user\'s subscription', async () => {
    const sub = subscription();
    const other = await server.db.selectFrom('users').select('id').where('email', '=', 'broker@demo.test').executeTakeFirstOrThrow();
    await server.db.insertInto('push_subscriptions').values({ user_id: other.id, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }).execute();
    expect((await agent.delete(PATH, { endpoint: sub.endpoint })).status).toBe(204);
    expect(await rowsOf(sub.endpoint)).toHaveLength(1);
  });

  it('drops the subscriptions of a sign-in when it logs out, and keeps those of the agent\'s other sign-ins', async () => {
    const phone = await signIn(server, DEMO_AGENT_PHONE);
    const tablet = await signIn(server, DEMO_AGENT_PHONE);
    const [a, b] = [subscription(), subscription()];
    await phone.post(PATH, a);
    await tablet.post(PATH, b);
    expect((await phone.get('/auth/logout')).status).toBe(204);
    expect(await rowsOf(a.endpoint)).toEqual([]);
    expect(await rowsOf(b.endpoint)).toHaveLength(1);
  });
});
