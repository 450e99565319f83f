import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BrokerageAdminPage, REMOVE_LAST, REMOVE_SELF } from '../../src/contract/brokerage-admins.ts';
import { call, callerFor, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let broker: Caller;
let harbor: number;
let maple: number;

beforeAll(async () => {
  server = await startTestServer();
  broker = await signIn(server, 'broker@demo.test');
  const rows = await server.db.selectFrom('brokerages').select(['id', 'name']).execute();
  harbor = rows.find((b) => b.name === 'Harbor Point Realty')!.id;
  maple = rows.find((b) => b.name === 'Maple & Main Homes')!.id;
});
afterAll(async () => {
  await server.close();
});

const userId = async (email: string) =>
  (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const linkCode = async (email: string) => {
  const mail = await server.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\/register\/([A-Z0-9-]+)/.exec(mail.body)?.[1] ?? '';
};

/** Registers through the emailed /register link as the register page does, then signs in with the new password. */
async function register(email: string, password: string): Promise<Caller> {
  const redeemed = await call<{ id: number; password: string }>(
    server,
    'PUT',
    `/users-api/invites/code/${await linkCode(email)}`,
  );
  expect(redeemed.status).toBe(200);
  const token = await call<{ access_token: string }>(server, 'POST', '/auth/oauth2.0/accessToken', {
    form: {
      grant_type: 'temporary_password',
      username: String(redeemed.body.id),
      password: redeemed.body.password,
      client_id: 'porchlight-console',
    },
  });
  expect(
    (await callerFor(server, token.body.access_token).patch(`/users-api/users/${redeemed.body.id}`, { password }))
      .status,
  ).toBe(200);
  return signIn(server, email, password);
}

describe('the brokerage admins list', () => {
  it("lists a broker admin's own brokerage's admins, active ones first, with pending invitations and last sign-in", async () => {
    const res = await broker.get('/users-api/brokerage-admins?pageSize=100');
    expect(res.status).toBe(200);
    const page = v.parse(BrokerageAdminPage, res.body);
    const emails = page.content.map((a) => a.email);
    expect(emails).toEqual(
      expect.arrayContaining(['broker@demo.test', 'supplier@demo.test', 'expired@demo.test', 'invitee1@demo.test']),
    );
    expect(emails).not.toContain('broker.basic@demo.test');
    const invitee = page.content.find((a) => a.email === 'invitee1@demo.test')!;
    expect(invitee).toMatchObject({ status: 'INVITED', invite: { state: 'PENDING' } });
    expect(page.content.find((a) => a.email === 'broker@demo.test')).toMatchObject({ status: 'ACTIVE', invite: null });
    const firstInvited = page.content.findIndex((a) => a.status !== 'ACTIVE');
    expect(page.content.slice(firstInvited).every((a) => a.status !== 'ACTIVE')).toBe(true);
    const expected = await server.db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('u.id')
      .where('u.broker_id', '=', harbor)
      .where('r.name', '=', 'BROKERAGE_ADMIN')
      .where('u.status', '<>', 'DISABLED')
      .execute();
    expect(page.totalElements).toBe(expected.length);
  });

  it("refuses another brokerage's admins, a CSR and a lender, and asks staff for a brokerage", async () => {
    expect((await broker.get(`/users-api/brokerage-admins?brokerId=${maple}`)).status).toBe(403);
    for (const who of ['csr@demo.test', 'lender@demo.test', 'manager@demo.test']) {
      expect((await (await signIn(server, who)).get('/users-api/brokerage-admins')).status, who).toBe(403);
    }
    const admin = await signIn(server, 'admin@demo.test');
    expect((await admin.get('/users-api/brokerage-admins')).status).toBe(400);
    const mapleAdmins = await admin.get(`/users-api/brokerage-admins?brokerId=${maple}`);
    expect(mapleAdmins.status).toBe(200);
    expect(mapleAdmins.body.content.map((a: { email: string }) => a.email)).toEqual(['broker.basic@demo.test']);
    expect((await broker.get('/users-api/brokerage-admins?status=NOPE')).status).toBe(400);
  });

  it("shows one admin of the brokerage and answers another brokerage's admin like a missing one", async () => {
    const id = await userId('supplier@demo.test');
    expect((await broker.get(`/users-api/brokerage-admins/${id}`)).body).toMatchObject({
      id,
      email: 'supplier@demo.test',
    });
    const other = await userId('broker.basic@demo.test');
    expect((await broker.get(`/users-api/brokerage-admins/${other}`)).status).toBe(403);
    expect((await broker.get('/users-api/brokerage-admins/999999')).status).toBe(403);
  });
});

describe('inviting, resending and removing admins', () => {
  it('invites an admin whose emailed link registers a working broker admin of this brokerage', async () => {
    const res = await broker.post('/users-api/invites', {
      email: 'second.admin@example.test',
      firstName: 'Sasha',
      lastName: 'Second',
    });
    expect(res.status).toBe(202);
    const listed = await broker.get('/users-api/brokerage-admins?status=INVITED&pageSize=100');
    expect(listed.body.content.find((a: { email: string }) => a.email === 'second.admin@example.test')).toMatchObject({
      invite: { state: 'PENDING' },
    });
    const resent = await broker.get(`/users-api/users/resendInvite/${await userId('second.admin@example.test')}`);
    expect(resent.status).toBe(200);
    const second = await register('second.admin@example.test', 'Second-pass-9');
    const me = await second.get('/users-api/users/me');
    expect(me.body).toMatchObject({ brokerId: harbor, status: 'ACTIVE', roles: [{ name: 'BROKERAGE_ADMIN' }] });
    const stats = await second.get(`/agents-api/brokerages/${harbor}/stats`);
    expect(stats.status).toBe(200);
    const admins = await second.get('/users-api/brokerage-admins?pageSize=100');
    expect(admins.body.content.find((a: { email: string }) => a.email === 'second.admin@example.test')).toMatchObject({
      status: 'ACTIVE',
      invite: null,
    });
  });

  it('refuses to remove yourself, with the message, and changes nothing', async () => {
    const me = await userId('broker@demo.test');
    const res = await broker.delete(`/users-api/users/${me}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: REMOVE_SELF });
    expect(
      (await server.db.selectFrom('users').select('status').where('id', '=', me).executeTakeFirstOrThrow()).status,
    ).toBe('ACTIVE');
  });

  it('refuses to remove the last active admin of a brokerage', async () => {
    const admin = await signIn(server, 'admin@demo.test');
    const basic = await userId('broker.basic@demo.test');
    const res = await admin.delete(`/users-api/users/${basic}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: REMOVE_LAST });
    expect(
      (await server.db.selectFrom('users').select('status').where('id', '=', basic).executeTakeFirstOrThrow()).status,
    ).toBe('ACTIVE');
  });

  it('removes another admin, who can no longer call the API or sign in, and revokes a pending invitation', async () => {
    await broker.post('/users-api/invites', { email: 'third.admin@example.test', firstName: 'Tao', lastName: 'Third' });
    const third = await register('third.admin@example.test', 'Third-pass-99');
    const id = await userId('third.admin@example.test');
    expect((await broker.get('/users-api/brokerage-admins/999999')).status).toBe(403);
    const res = await broker.delete(`/users-api/users/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, status: 'DISABLED' });
    expect((await third.get('/users-api/users/me')).status).toBe(401);
    await expect(signIn(server, 'third.admin@example.test', 'Third-pass-99')).rejects.toThrow();
    const gone = await broker.get('/users-api/brokerage-admins?pageSize=100');
    expect(gone.body.content.map((a: { id: number }) => a.id)).not.toContain(id);
    // A pending invitation: removing it revokes the code.
    const invitee = await userId('invitee2@demo.test');
    expect((await broker.delete(`/users-api/users/${invitee}`)).status).toBe(200);
    expect((await call(server, 'PUT', '/users-api/invites/code/DEMO-INVITE-2')).status).toBe(404);
  });

  it("keeps a broker admin away from other brokerages' users and non-admin users", async () => {
    expect((await broker.delete(`/users-api/users/${await userId('broker.basic@demo.test')}`)).status).toBe(403);
    expect((await broker.delete(`/users-api/users/${await userId('admin@demo.test')}`)).status).toBe(403);
    expect((await broker.delete('/users-api/users/999999')).status).toBe(403);
    const csr = await signIn(server, 'csr@demo.test');
    expect((await csr.delete(`/users-api/users/${await userId('supplier@demo.test')}`)).status).toBe(403);
  });
});
