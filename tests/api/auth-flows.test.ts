import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { call, callerFor, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
// Each test starts with fresh limits; the limits themselves are tested inside one test.
beforeEach(async () => {
  await server.db.deleteFrom('rate_limit_events').execute();
});

const redeem = (code: string) =>
  call<{ id: number; password: string }>(server, 'PUT', `/users-api/invites/code/${encodeURIComponent(code)}`);
const temporaryGrant = (id: number, password: string) =>
  call<{ access_token: string }>(server, 'POST', '/auth/oauth2.0/accessToken', {
    form: { grant_type: 'temporary_password', username: String(id), password, client_id: 'porchlight-console' },
  });

/** Validates a code and signs in with its temporary credential, as the register page does. */
async function registerSession(code: string) {
  const res = await redeem(code);
  expect(res.status).toBe(200);
  const token = await temporaryGrant(res.body.id, res.body.password);
  expect(token.status).toBe(200);
  return { id: res.body.id, caller: callerFor(server, token.body.access_token) };
}

async function at<T>(offsetMs: number, run: () => Promise<T>): Promise<T> {
  server.setNow(new Date(Date.now() + offsetMs));
  try {
    return await run();
  } finally {
    server.setNow(new Date());
  }
}

const MINUTE = 60_000;

describe('invite codes', () => {
  it('register a demo invitee: code, temporary credential, token, new password, then a normal sign-in', async () => {
    const { id, caller } = await registerSession('DEMO-INVITE-1');
    const me = await caller.get('/users-api/users/me');
    expect(me.body).toMatchObject({
      id,
      email: 'invitee1@demo.test',
      status: 'ACTIVE',
      passwordExpired: true,
      roles: [{ name: 'BROKERAGE_ADMIN' }],
    });
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    expect(me.body.brokerId).toBe(harbor.id);

    const set = await caller.patch(`/users-api/users/${id}`, { password: 'Harbor-pass-22' });
    expect(set.status).toBe(200);
    expect(set.body.passwordExpired).toBe(false);
    await signIn(server, 'invitee1@demo.test', 'Harbor-pass-22');
    expect((await redeem('DEMO-INVITE-1')).status).toBe(410);
  });

  it('hand out a temporary credential that works once and for 10 minutes only', async () => {
    const first = await redeem('demo-invite-2'); // codes are case-insensitive
    expect(first.status).toBe(200);
    const token = await temporaryGrant(first.body.id, first.body.password);
    expect(token.status).toBe(200);
    expect((await temporaryGrant(first.body.id, first.body.password)).status).toBe(400);

    // The code stays open until a password is set; a new credential ends the earlier session.
    const second = await redeem('DEMO-INVITE-2');
    expect(second.body.password).not.toBe(first.body.password);
    expect((await callerFor(server, token.body.access_token).get('/users-api/users/me')).status).toBe(401);
    const late = await at(11 * MINUTE, () => temporaryGrant(second.body.id, second.body.password));
    expect(late.status).toBe(400);
  });

  it('refuse unknown and malformed codes with 404 and expired ones with 410', async () => {
    expect((await redeem('NOPE-NOPE-NOPE')).status).toBe(404);
    expect((await redeem('bad code!')).status).toBe(404);
    expect((await at(366 * 24 * 60 * MINUTE, () => redeem('DEMO-INVITE-3'))).status).toBe(410);
  });

  it('throttle code guessing per caller with 429', async () => {
    for (let i = 0; i < 20; i++) expect((await redeem(`GUESS-${i}`)).status).toBe(404);
    const locked = await redeem('DEMO-INVITE-5');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('setting a password', () => {
  it('applies the spec rules and messages, and the code stays usable after a refusal', async () => {
    const { id, caller } = await registerSession('DEMO-INVITE-4');
    const short = await caller.patch(`/users-api/users/${id}`, { password: 'abcdefg1' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      message: 'Password must be at least 9 characters',
      fields: { password: 'Password must be at least 9 characters' },
    });
    const noDigit = await caller.patch(`/users-api/users/${id}`, { password: 'abcdefghij' });
    expect(noDigit.status).toBe(400);
    expect(noDigit.body.message).toBe('Password must contain at least 1 digit');
    expect((await redeem('DEMO-INVITE-4')).status).toBe(200);
  });

  it('asks an ordinary session for the current password and ends the other sessions', async () => {
    const other = await signIn(server, 'opps@demo.test');
    const current = await signIn(server, 'opps@demo.test');
    const { id } = (await current.get('/users-api/users/me')).body;
    const missing = await current.patch(`/users-api/users/${id}`, { password: 'Opps-pass-22' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('currentPassword');
    const wrong = await current.patch(`/users-api/users/${id}`, {
      password: 'Opps-pass-22',
      currentPassword: 'not-it-123',
    });
    expect(wrong.status).toBe(400);
    const ok = await current.patch(`/users-api/users/${id}`, {
      password: 'Opps-pass-22',
      currentPassword: 'Demo-pass-1',
    });
    expect(ok.status).toBe(200);
    expect((await other.get('/users-api/users/me')).status).toBe(401);
    expect((await current.get('/users-api/users/me')).status).toBe(200);
    await signIn(server, 'opps@demo.test', 'Opps-pass-22');
  });

  it('lets an expired password be replaced without the current one', async () => {
    const caller = await signIn(server, 'expired@demo.test');
    const { id } = (await caller.get('/users-api/users/me')).body;
    const res = await caller.patch(`/users-api/users/${id}`, { password: 'Fresh-pass-33' });
    expect(res.status).toBe(200);
    expect(res.body.passwordExpired).toBe(false);
  });

  it("never sets someone else's password, even for a user manager", async () => {
    const admin = await signIn(server, 'admin@demo.test');
    const broker = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    const res = await admin.patch(`/users-api/users/${broker.id}`, { password: 'Taken-over-1' });
    expect(res.status).toBe(403);
    const impersonating = await admin.patch(
      `/users-api/users/${broker.id}`,
      { password: 'Taken-over-1' },
      { 'X-Impersonated-User-Id': String(broker.id) },
    );
    expect(impersonating.status).toBe(403);
  });
});

const outboxTo = (recipient: string) =>
  server.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').execute();
const linkCode = (body: string) => /\/register\/([A-Z0-9-]+)/.exec(body)?.[1] ?? '';

describe('sending invites', () => {
  it('lets a brokerage admin invite an admin of their brokerage, who registers from the emailed link', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const res = await broker.post('/users-api/invites', {
      email: 'New.Admin@Example.test',
      firstName: 'Nia',
      lastName: 'Admin',
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ email: 'new.admin@example.test', status: 'INVITED' });
    const [mail] = await outboxTo('new.admin@example.test');
    expect(mail?.body).toContain('http://localhost:8080/register/'); // the configured origin, not the request's
    const { caller } = await registerSession(linkCode(mail!.body));
    expect((await caller.get('/users-api/users/me')).body).toMatchObject({
      email: 'new.admin@example.test',
      roles: [{ name: 'BROKERAGE_ADMIN' }],
    });
  });

  it('keeps brokerage admins to their brokerage and staff invites to an ADMIN', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const maple = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Maple & Main Homes')
      .executeTakeFirstOrThrow();
    expect(
      (
        await broker.post('/users-api/invites', {
          email: 'x1@example.test',
          firstName: 'X',
          lastName: 'Y',
          brokerId: maple.id,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await broker.post('/users-api/invites', {
          email: 'x2@example.test',
          firstName: 'X',
          lastName: 'Y',
          role: 'ADMIN',
        })
      ).status,
    ).toBe(403);
    const manager = await signIn(server, 'manager@demo.test');
    expect(
      (
        await manager.post('/users-api/invites', {
          email: 'x3@example.test',
          firstName: 'X',
          lastName: 'Y',
          role: 'ADMIN',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await manager.post('/users-api/invites', {
          email: 'x4@example.test',
          firstName: 'X',
          lastName: 'Y',
          brokerId: maple.id,
        })
      ).status,
    ).toBe(202);
    const csr = await signIn(server, 'csr@demo.test');
    expect(
      (await csr.post('/users-api/invites', { email: 'x5@example.test', firstName: 'X', lastName: 'Y' })).status,
    ).toBe(403);
  });

  it('re-sends an invite with a new code and retires the old one', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    await broker.post('/users-api/invites', { email: 'resend@example.test', firstName: 'Re', lastName: 'Send' });
    const body = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'resend@example.test')
      .executeTakeFirstOrThrow();
    const oldCode = linkCode((await outboxTo('resend@example.test'))[0]!.body);
    const again = await broker.get(`/users-api/users/resendInvite/${body.id}`);
    expect(again.status).toBe(200);
    const newCode = linkCode((await outboxTo('resend@example.test'))[0]!.body);
    expect(newCode).not.toBe(oldCode);
    expect((await redeem(oldCode)).status).toBe(404);
    expect((await redeem(newCode)).status).toBe(200);
    expect(
      (await (await signIn(server, 'broker.basic@demo.test')).get(`/users-api/users/resendInvite/${body.id}`)).status,
    ).toBe(403);
    const registered = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'expired@demo.test')
      .executeTakeFirstOrThrow();
    expect((await broker.get(`/users-api/users/resendInvite/${registered.id}`)).status).toBe(409);
  });
});
