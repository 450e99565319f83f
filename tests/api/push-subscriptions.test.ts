import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';

import { issueTokens } from '../../server/auth/tokens.ts';
import { loadConfig } from '../../server/config.ts';
import { isBlockedAddress, pushEndpointAllowed, pushEndpointRefusal } from '../../server/push/endpoint.ts';
import { vapidKeys } from '../../server/push/vapid.ts';
import {
  MAX_SUBSCRIPTIONS_PER_SIGN_IN,
  MAX_SUBSCRIPTIONS_PER_USER,
} from '../../server/routes/agents-api/push-subscriptions.ts';
import { PushSubscriptionAnswer, VapidPublicKey } from '../../src/contract/push.ts';
import { OAUTH_CLIENTS } from '../../src/lib/brand.ts';
import { PRODUCTION_DELIVERY_ENV } from '../setup/message-stand-ins.ts';
import { subscriptionKeys } from '../setup/push-service.ts';
import {
  call,
  callerFor,
  DEMO_AGENT_PHONE,
  signIn,
  startTestServer,
  type Caller,
  type TestServer,
} from '../setup/test-server.ts';

// An agent registers the browser's push subscription; it is theirs alone and ends with
// the sign-in that made it. Delivery itself: push-delivery.test.ts.

let server: TestServer;
let agent: Caller;
const KEY_PATH = '/agents-api/push-subscriptions/vapid-public-key';
const PATH = '/agents-api/push-subscriptions';

const subscription = (endpoint = `https://fcm.googleapis.com/fcm/send/${Math.random().toString(36).slice(2)}`) => {
  const k = subscriptionKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: k.p256dh, auth: k.authSecret } };
};
const rowsOf = (endpoint: string) =>
  server.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();

/** A second agent's sign-in account (the seed has one agent who signs in): another agent of the brokerage, with the AGENT role. */
async function colleagueUser(s: TestServer): Promise<{ id: number }> {
  const me = await s.db
    .selectFrom('users as u')
    .innerJoin('agents as a', 'a.id', 'u.agent_id')
    .select(['a.id', 'a.brokerage_id'])
    .where('u.phone', '=', DEMO_AGENT_PHONE)
    .executeTakeFirstOrThrow();
  const agent = await s.db
    .selectFrom('agents')
    .select('id')
    .where('brokerage_id', '=', me.brokerage_id)
    .where('id', '<>', me.id)
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const user = await s.db
    .insertInto('users')
    .values({
      phone: `+1555019${String(agent.id % 10000).padStart(4, '0')}`,
      first_name: 'Colleague',
      last_name: 'Agent',
      status: 'ACTIVE',
      agent_id: agent.id,
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await s.db.selectFrom('roles').select('id').where('name', '=', 'AGENT').executeTakeFirstOrThrow();
  await s.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id, position: 0 }).execute();
  return user;
}

/** Another sign-in of an agent user, as the password or code grant issues one (the sign-in throttle is not what is tested here). */
const agentSignIn = async (userId: number) => {
  const tokens = await issueTokens(server.db, {
    userId,
    clientId: OAUTH_CLIENTS.agent,
    stayLoggedIn: false,
    now: new Date(),
  });
  return callerFor(server, tokens.access_token, tokens.refresh_token);
};

beforeAll(async () => {
  server = await startTestServer();
  agent = await signIn(server, DEMO_AGENT_PHONE);
});
afterAll(async () => {
  await server.close();
});

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

  it("is the environment's key when VAPID keys are configured, and none outside demo mode without them", async () => {
    const env = { DEMO_MODE: 'false', PUBLIC_ORIGIN: 'https://console.example.com', ...PRODUCTION_DELIVERY_ENV };
    const configured = loadConfig({
      ...env,
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'a'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@example.com',
    });
    expect(await vapidKeys(server.db, configured)).toEqual({
      publicKey: 'B'.repeat(87),
      privateKey: 'a'.repeat(43),
      subject: 'mailto:ops@example.com',
    });
    expect(await vapidKeys(server.db, loadConfig(env))).toBeUndefined();
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'a'.repeat(43) })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
  });

  it('is for agents only', async () => {
    expect((await call(server, 'GET', KEY_PATH)).status).toBe(401);
    for (const who of ['broker@demo.test', 'admin@demo.test'])
      expect((await (await signIn(server, who)).get(KEY_PATH)).status).toBe(403);
  });
});

describe('registering a subscription', () => {
  it("stores the browser's endpoint and keys for the signed-in agent, tied to this sign-in, and answers 201", async () => {
    const sub = subscription();
    const res = await agent.post(PATH, sub);
    expect(res.status).toBe(201);
    expect(v.parse(PushSubscriptionAnswer, res.body).endpoint).toBe(sub.endpoint);
    const me = await server.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow();
    const [row] = await rowsOf(sub.endpoint);
    expect(row).toMatchObject({
      user_id: me.id,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      family_id: expect.any(String),
    });
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
    for (const endpoint of [
      'http://push.example.net/x',
      'http://10.0.0.5/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'ftp://127.0.0.1/x',
    ]) {
      const res = await agent.post(PATH, subscription(endpoint));
      expect(res.status, endpoint).toBe(400);
      expect(res.body.fields).toEqual({ endpoint: 'must be an https URL' });
    }
    expect((await agent.post(PATH, subscription('http://user:pw@127.0.0.1/x'))).body.fields).toEqual({
      endpoint: 'must not carry a user name or password',
    });
    expect((await agent.post(PATH, subscription('http://127.0.0.1:9/push/1'))).status).toBe(201);
    expect(pushEndpointAllowed('http://127.0.0.1:9/push/1', false)).toBe(false);
    expect(pushEndpointAllowed('http://localhost:9/push/1', true)).toBe(true);
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
  });

  it("accepts the known push services' endpoints without asking DNS", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXb1',
      'https://fcm.googleapis.com:443/wp/dXb1',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://push.services.mozilla.com/wpush/v1/gAAA',
      'https://web.push.apple.com/QGuQ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(pushEndpointRefusal(endpoint, false), endpoint).toBeNull();
  });

  it('blocks the addresses a push must never reach, IPv4 and IPv6, mapped or not', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
      'not an address',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['142.250.74.74', '8.8.8.8', '2a00:1450:4007:80e::200a', '::ffff:142.250.74.74'])
      expect(isBlockedAddress(address), address).toBe(false);
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
  it("deletes the agent's own subscription with 204, and answers 204 again for one already gone", async () => {
    const sub = subscription();
    await agent.post(PATH, sub);
    expect((await agent.delete(PATH, { endpoint: sub.endpoint })).status).toBe(204);
    expect(await rowsOf(sub.endpoint)).toEqual([]);
    expect((await agent.delete(PATH, { endpoint: sub.endpoint })).status).toBe(204);
    expect((await agent.delete(PATH, { nope: 1 })).status).toBe(400);
  });

  it("never deletes another user's subscription", async () => {
    const sub = subscription();
    const other = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('push_subscriptions')
      .values({ user_id: other.id, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
      .execute();
    expect((await agent.delete(PATH, { endpoint: sub.endpoint })).status).toBe(204);
    expect(await rowsOf(sub.endpoint)).toHaveLength(1);
  });

  it("drops the subscriptions of a sign-in when it logs out, and keeps those of the agent's other sign-ins", async () => {
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

/** The internal targets a hostile agent registered (each answered 400 with the reason, nothing stored). */
const INTERNAL_TARGETS: [string, string][] = [
  ['https://169.254.169.254/latest/meta-data/', 'must name a push service, not an IP address'],
  ['https://10.0.0.1/', 'must name a push service, not an IP address'],
  ['https://[::1]:9200/', 'must use the https port (443)'],
  ['https://[::1]/', 'must name a push service, not an IP address'],
  ['https://[::ffff:a00:1]/', 'must name a push service, not an IP address'],
  ['https://2130706433/', 'must name a push service, not an IP address'],
  ['https://0x7f.1/', 'must name a push service, not an IP address'],
  ['https://localhost:6443/', 'must use the https port (443)'],
  ['https://localhost/', 'must be the endpoint of a browser push service'],
  ['https://kubernetes.default.svc/api', 'must be the endpoint of a browser push service'],
  ['https://metadata.google.internal/computeMetadata/v1/', 'must be the endpoint of a browser push service'],
  ['https://fcm.googleapis.com:8443/fcm/send/x', 'must use the https port (443)'],
  ['https://fcm.googleapis.com.attacker.test/fcm/send/x', 'must be the endpoint of a browser push service'],
  ['https://evilpush.apple.com/x', 'must be the endpoint of a browser push service'],
  ['https://push.apple.com.internal/x', 'must be the endpoint of a browser push service'],
  ['http://169.254.169.254/latest/meta-data/', 'must be an https URL'],
];

describe('push endpoints reach only push services', () => {
  it('refuses internal targets at registration in demo mode, with the reason, and stores nothing', async () => {
    for (const [endpoint, reason] of INTERNAL_TARGETS) {
      const res = await agent.post(PATH, subscription(endpoint));
      expect(res.status, endpoint).toBe(400);
      expect(res.body.fields, endpoint).toEqual({ endpoint: reason });
    }
    const stored = await server.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where(
        'endpoint',
        'in',
        INTERNAL_TARGETS.map(([e]) => e),
      )
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses them in production mode too, loopback http included, and accepts a push service there', async () => {
    const keys = webpush.generateVAPIDKeys();
    const production = await startTestServer({ config: { demoMode: false, vapid: keys } });
    try {
      const phone = await signIn(production, DEMO_AGENT_PHONE);
      for (const [endpoint, reason] of [
        ...INTERNAL_TARGETS,
        ['http://127.0.0.1:9/push/1', 'must be an https URL'] as [string, string],
      ]) {
        const res = await phone.post(PATH, subscription(endpoint));
        expect(res.status, endpoint).toBe(400);
        expect(res.body.fields, endpoint).toEqual({ endpoint: reason });
      }
      expect((await phone.post(PATH, subscription())).status).toBe(201);
      expect(
        await production.db
          .selectFrom('push_subscriptions')
          .select('endpoint')
          .where('endpoint', 'not like', 'https://fcm.googleapis.com/%')
          .execute(),
      ).toEqual([]);
    } finally {
      await production.close();
    }
  });

  it('refuses a p256dh of the right size that is no point of the P-256 curve', async () => {
    const sub = subscription();
    const point = Buffer.from(sub.keys.p256dh, 'base64url');
    point[64] = point[64]! ^ 1;
    const res = await agent.post(PATH, { ...sub, keys: { ...sub.keys, p256dh: point.toString('base64url') } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'keys.p256dh': 'must be a point of the P-256 curve' });
    expect(await rowsOf(sub.endpoint)).toEqual([]);
  });
});

describe('bounded subscriptions', () => {
  it('keeps a flood of registrations to the newest few per sign-in and per user, replacing the oldest', async () => {
    const me = await server.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow();
    const flood = await signIn(server, DEMO_AGENT_PHONE);
    const endpoints: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const sub = subscription();
      endpoints.push(sub.endpoint);
      expect((await flood.post(PATH, sub)).status).toBe(201);
    }
    const family = await server.db
      .selectFrom('push_subscriptions')
      .select('family_id')
      .where('endpoint', '=', endpoints[29]!)
      .executeTakeFirstOrThrow();
    const ofSignIn = await server.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('family_id', '=', family.family_id)
      .orderBy('id')
      .execute();
    expect(ofSignIn.map((r) => r.endpoint)).toEqual(endpoints.slice(-MAX_SUBSCRIPTIONS_PER_SIGN_IN));
    // Across sign-ins: the user keeps the newest few of all.
    const signIns = await Promise.all(Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER + 2 }, () => agentSignIn(me.id)));
    const latest: string[] = [];
    for (const s of signIns) {
      const sub = subscription();
      latest.push(sub.endpoint);
      expect((await s.post(PATH, sub)).status).toBe(201);
    }
    const ofUser = await server.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', me.id)
      .orderBy('id')
      .execute();
    expect(ofUser.map((r) => r.endpoint)).toEqual(latest.slice(-MAX_SUBSCRIPTIONS_PER_USER));
  });

  it('does not let another agent take over a subscription whose sign-in is still valid, and lets it move once that sign-in ended', async () => {
    const colleague = await colleagueUser(server);
    const owner = await signIn(server, DEMO_AGENT_PHONE);
    const other = await agentSignIn(colleague.id);
    const sub = subscription();
    expect((await owner.post(PATH, sub)).status).toBe(201);
    const before = await rowsOf(sub.endpoint);
    const taken = await other.post(PATH, subscription(sub.endpoint));
    expect(taken.status).toBe(409);
    expect(await rowsOf(sub.endpoint)).toEqual(before);
    // The owner signs out on that phone; the next agent to sign in there gets its notifications.
    expect((await owner.get('/auth/logout')).status).toBe(204);
    expect((await other.post(PATH, subscription(sub.endpoint))).status).toBe(201);
    expect((await rowsOf(sub.endpoint))[0]!.user_id).not.toBe(before[0]!.user_id);
  });
});
