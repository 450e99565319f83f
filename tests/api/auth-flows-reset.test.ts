import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { CONTENT_SECURITY_POLICY } from '../../server/static.ts';
import { call, callerFor, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.db.deleteFrom('rate_limit_events').execute();
});

const requestReset = (emailAddress: unknown) =>
  call(server, 'POST', '/users-api/users/passwordReset', { body: { emailAddress } });
const outboxTo = (recipient: string) =>
  server.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').execute();
const linkCode = (body: string) => /\/register\/([A-Z0-9-]+)/.exec(body)?.[1] ?? '';
const redeem = (code: string) =>
  call<{ id: number; password: string }>(server, 'PUT', `/users-api/invites/code/${code}`);

async function at<T>(offsetMs: number, run: () => Promise<T>): Promise<T> {
  server.setNow(new Date(Date.now() + offsetMs));
  try {
    return await run();
  } finally {
    server.setNow(new Date());
  }
}

describe('forgot password', () => {
  it('answers 204 for known and unknown addresses and emails only the known one', async () => {
    expect((await requestReset('Lender@Demo.test')).status).toBe(204);
    expect((await requestReset('nobody@demo.test')).status).toBe(204);
    const [mail] = await outboxTo('lender@demo.test');
    expect(mail).toMatchObject({ channel: 'EMAIL', subject: 'Reset your Porchlight password' });
    expect(mail?.body).toMatch(/http:\/\/localhost:8080\/register\/[A-Z0-9-]+/);
    expect(await outboxTo('nobody@demo.test')).toEqual([]);
  });

  it('sends a link that sets a new password once', async () => {
    await requestReset('supervisor@demo.test');
    const code = linkCode((await outboxTo('supervisor@demo.test'))[0]!.body);
    const redeemed = await redeem(code);
    expect(redeemed.status).toBe(200);
    const token = await call<{ access_token: string }>(server, 'POST', '/auth/oauth2.0/accessToken', {
      form: {
        grant_type: 'temporary_password',
        username: String(redeemed.body.id),
        password: redeemed.body.password,
        client_id: 'porchlight-console',
      },
    });
    const caller = callerFor(server, token.body.access_token);
    expect((await caller.patch(`/users-api/users/${redeemed.body.id}`, { password: 'Reset-pass-44' })).status).toBe(
      200,
    );
    await signIn(server, 'supervisor@demo.test', 'Reset-pass-44');
    expect((await redeem(code)).status).toBe(410);
  });

  it('lets a reset code expire after 24 hours', async () => {
    await requestReset('engagement@demo.test');
    const code = linkCode((await outboxTo('engagement@demo.test'))[0]!.body);
    expect((await at(24 * 3600_000 + 60_000, () => redeem(code))).status).toBe(410);
    expect((await at(23 * 3600_000, () => redeem(code))).status).toBe(200);
  });

  it('quietly sends at most three emails an hour to one address', async () => {
    for (let i = 0; i < 5; i++) expect((await requestReset('qa@demo.test')).status).toBe(204);
    expect(await outboxTo('qa@demo.test')).toHaveLength(3);
  });

  it('refuses a body without a valid email address with 400', async () => {
    expect((await requestReset('not-an-email')).status).toBe(400);
    expect((await requestReset(undefined)).status).toBe(400);
  });
});

describe('checkContactInfo', () => {
  const check = (q: string) => call<{ available: boolean }>(server, 'GET', `/users-api/users/checkContactInfo?${q}`);

  it('tells whether an email or a phone number is free', async () => {
    expect((await check('email=Broker@demo.test')).body).toEqual({ available: false });
    expect((await check('email=free@example.test')).body).toEqual({ available: true });
    expect((await check(`phone=${encodeURIComponent('(555) 010-0001')}`)).body).toEqual({ available: false });
    expect((await check('phone=5559998888')).body).toEqual({ available: true });
  });

  it('needs exactly one of email and phone, and throttles callers', async () => {
    expect((await check('')).status).toBe(400);
    expect((await check('email=a@example.test&phone=5559998888')).status).toBe(400);
    for (let i = 0; i < 30; i++) await check(`email=n${i}@example.test`);
    expect((await check('email=last@example.test')).status).toBe(429);
  });
});

describe('outbox viewer', () => {
  it('serves its page with the page headers: content security policy, no framing, never stored', async () => {
    const res = await call<string>(server, 'GET', '/dev/outbox');
    expect(res.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('lists messages newest first as JSON', async () => {
    await requestReset('manager@demo.test');
    const res = await call(server, 'GET', '/dev/outbox', { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.body.content[0]).toMatchObject({ channel: 'EMAIL', recipient: 'manager@demo.test' });
    const ids = res.body.content.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('renders an HTML page that escapes everything and links only web addresses', async () => {
    await server.db
      .insertInto('outbox')
      .values({
        channel: 'EMAIL',
        recipient: '<img src=x>@evil.test',
        subject: '<b>Hi</b>',
        body: 'Open https://example.test/a?b=1&c=2. <script>alert(1)</script> javascript:alert(2)',
        created_at: new Date(Date.now() + 1000),
      })
      .execute();
    const res = await call<string>(server, 'GET', '/dev/outbox');
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img src=x>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('&lt;b&gt;Hi&lt;/b&gt;');
    expect(res.body).toContain('<a href="https://example.test/a?b=1&amp;c=2">');
    expect(res.body).not.toContain('href="javascript');
  });

  it('does not exist outside demo mode', async () => {
    const app = createApp({ db: server.db, config: testConfig({ demoMode: false }) });
    expect((await app.request('/dev/outbox')).status).toBe(404);
    expect((await app.request('/dev/outbox', { headers: { Accept: 'application/json' } })).status).toBe(404);
  });
});
