import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ON_BEHALF_LIMITS, senderText } from '../../server/auth/on-behalf.ts';
import { NOT_YOURS } from '../../server/http/ownership.ts';
import { OAUTH_CLIENTS } from '../../src/lib/brand.ts';
import { call, callerFor, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Mail on a user's behalf is limited, signed and plain; one "may act on this user" rule for every
// route that changes a user; one answer for "not yours" and "not there"; an expired password changed
// without the current one only in a fresh sign-in (docs/security.md).

let server: TestServer;
let admin: Caller;
let broker: Caller;
let qa: Caller;
let harbor: number;
let maple: number;

const idOf = async (email: string) =>
  (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const mailsTo = async (to: string) =>
  await server.db.selectFrom('outbox').select(['body', 'subject']).where('recipient', '=', to).orderBy('id').execute();
const brokerageOf = async (email: string) =>
  (await server.db.selectFrom('users').select('broker_id').where('email', '=', email).executeTakeFirstOrThrow())
    .broker_id!;

beforeAll(async () => {
  server = await startTestServer();
  [admin, broker, qa] = await Promise.all([
    signIn(server, 'admin@demo.test'),
    signIn(server, 'broker@demo.test'),
    signIn(server, 'qa@demo.test'),
  ]);
  harbor = await brokerageOf('broker@demo.test');
  maple = await brokerageOf('broker.basic@demo.test');
});
afterAll(async () => server?.close());

describe("mail sent on a user's behalf", () => {
  it('stops a sender past the hourly limit with 429 and Retry-After, writing neither the invitation nor the mail', async () => {
    const max = ON_BEHALF_LIMITS.sender[0].max;
    const sender = await signIn(server, 'supplier@demo.test');
    for (let i = 0; i < max; i++) {
      const res = await sender.post('/users-api/invites', {
        email: `flood${i}@example.test`,
        firstName: 'Flood',
        lastName: `N${i
          .toString(26)
          .split('')
          .map((d) => String.fromCharCode(97 + parseInt(d, 26)))
          .join('')}`,
      });
      expect(res.status).toBe(202);
    }
    const refused = await sender.post('/users-api/invites', {
      email: 'flood-last@example.test',
      firstName: 'Flood',
      lastName: 'Last',
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ status: 429 });
    expect(await mailsTo('flood-last@example.test')).toEqual([]);
    expect(
      await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'flood-last@example.test')
        .executeTakeFirst(),
    ).toBeUndefined();
    // The same sender is limited through the other door (agent invitations) too: one limiter.
    const other = await sender.post('/agents-api/potentialAgents', {
      firstName: 'Kim',
      lastName: 'Lee',
      email: 'kim.flood@example.test',
      phone: '5557719000',
    });
    expect(other.status).toBe(429);
    expect(
      await server.db
        .selectFrom('potential_agents')
        .select('id')
        .where('email', '=', 'kim.flood@example.test')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('stops resends to one address past the recipient limit, whoever sends them', async () => {
    const created = await broker.post('/agents-api/potentialAgents', {
      firstName: 'Robin',
      lastName: 'Hale',
      email: 'robin.hale@example.test',
      phone: '5557719100',
    });
    expect(created.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await broker.post(`/agents-api/potentialAgents/invite/${created.body.id}`)).status);
    const max = ON_BEHALF_LIMITS.recipient[0].max;
    expect(statuses).toEqual([...Array(max - 1).fill(200), ...Array(5 - (max - 1)).fill(429)]);
    expect(await mailsTo('robin.hale@example.test')).toHaveLength(max);
    // Staff resending the console invitation of one invitee are counted per address as well.
    await admin.post('/users-api/users', {
      firstName: 'Pat',
      lastName: 'Invitee',
      email: 'pat.invitee@example.test',
      roles: ['BROKERAGE_ADMIN'],
      brokerId: harbor,
    });
    const pat = await idOf('pat.invitee@example.test');
    const resends: number[] = [];
    for (let i = 0; i < 4; i++) resends.push((await admin.get(`/users-api/users/resendInvite/${pat}`)).status);
    expect(resends).toEqual([...Array(max - 1).fill(200), ...Array(4 - (max - 1)).fill(429)]);
    expect(await mailsTo('pat.invitee@example.test')).toHaveLength(max);
  });

  it("puts the sender's text in the mail as one plain line, without links, and signs the mail with who sent it", async () => {
    // The name rule (src/contract/person-name.ts) refuses a link in a name outright, before any mail.
    const refused = await broker.post('/agents-api/potentialAgents', {
      firstName: 'Win\nhttps://evil.example/x www.evil.example',
      lastName: 'Smith',
      email: 'prize@example.test',
      phone: '5557719200',
    });
    expect(refused.status).toBe(400);
    expect(await mailsTo('prize@example.test')).toHaveLength(0);
    // What does pass the rule still reaches the mail as one plain line, link-like text broken up.
    const res = await broker.post('/agents-api/potentialAgents', {
      firstName: 'Win www.evil.example',
      lastName: 'Smith',
      email: 'prize@example.test',
      phone: '5557719200',
    });
    expect(res.status).toBe(201);
    const [mail] = await mailsTo('prize@example.test');
    expect(mail!.body).not.toContain('www.evil.example');
    expect(mail!.body).toContain('Hello Win www[.]evil[.]example,');
    expect(mail!.body).toMatch(
      /Sent by .+ <broker@demo\.test> of Harbor Point Realty through .+\. Names in this message were typed by the sender\./,
    );
    expect([...senderText('x'.repeat(500))]).toHaveLength(60);
    expect(senderText('a\u202Eb\u0000c')).toBe('a b c');
  });
});

describe('one rule for changing a user', () => {
  it('refuses a brokerage admin the deactivation of a provider ADMIN who also administers their brokerage', async () => {
    const res = await admin.post('/users-api/users', {
      firstName: 'Dual',
      lastName: 'Role',
      email: 'dual@example.test',
      roles: ['BROKERAGE_ADMIN', 'ADMIN'],
      brokerId: harbor,
    });
    expect(res.status).toBe(201);
    const dual = res.body.id as number;
    await server.db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', dual).execute();
    const refused = await broker.delete(`/users-api/users/${dual}`);
    expect(refused.status).toBe(403);
    expect(
      (await server.db.selectFrom('users').select('status').where('id', '=', dual).executeTakeFirstOrThrow()).status,
    ).toBe('ACTIVE');
    // The same answer as for a user who does not exist: the broker learns nothing of who holds what.
    const missing = await broker.delete('/users-api/users/99999999');
    expect([refused.status, refused.body.message]).toEqual([missing.status, missing.body.message]);
    // A plain admin of the brokerage is still the broker's to remove.
    const plain = await admin.post('/users-api/users', {
      firstName: 'Plain',
      lastName: 'Admin',
      email: 'plain.admin@example.test',
      roles: ['BROKERAGE_ADMIN'],
      brokerId: harbor,
    });
    await server.db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', plain.body.id).execute();
    expect((await broker.delete(`/users-api/users/${plain.body.id}`)).status).toBe(200);
  });

  it('keeps a sign-in that staff disabled off when a broker deletes and reactivates the agent record', async () => {
    const agentUser = await server.db
      .selectFrom('users as u')
      .innerJoin('agents as a', 'a.id', 'u.agent_id')
      .select(['u.id', 'a.id as agentId'])
      .where('a.brokerage_id', '=', harbor)
      .where('a.status', '=', 'ACTIVE')
      .where('u.status', '=', 'ACTIVE')
      .orderBy('a.id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await admin.delete(`/users-api/users/${agentUser.id}`)).status).toBe(200);
    expect((await broker.delete(`/agents-api/agents/${agentUser.agentId}`)).status).toBe(200);
    expect((await broker.patch(`/agents-api/agents/${agentUser.agentId}/reactivate`)).status).toBe(200);
    const after = await server.db
      .selectFrom('users')
      .select(['status', 'disabled_reason'])
      .where('id', '=', agentUser.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'DISABLED', disabled_reason: 'USER_REMOVED' });
  });

  it('brings back the sign-in that went with the agent record when the broker reactivates it', async () => {
    const enrolled = await broker.post('/agents-api/agents/enrollment', {
      brokerageId: harbor,
      firstName: 'Back',
      lastName: 'Again',
      email: 'back.again@example.test',
      phone: '5557719400',
    });
    expect(enrolled.status).toBe(201);
    const agentUser = await server.db
      .selectFrom('users')
      .select('id')
      .where('agent_id', '=', enrolled.body.id)
      .executeTakeFirstOrThrow();
    expect((await broker.delete(`/agents-api/agents/${enrolled.body.id}`)).status).toBe(200);
    expect(
      await server.db
        .selectFrom('users')
        .select(['status', 'disabled_reason'])
        .where('id', '=', agentUser.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'DISABLED', disabled_reason: 'AGENT_DELETED' });
    expect((await broker.patch(`/agents-api/agents/${enrolled.body.id}/reactivate`)).status).toBe(200);
    expect(
      (await server.db.selectFrom('users').select('status').where('id', '=', agentUser.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('ACTIVE');
  });

  it('refuses QA the flex attributes, the invitation and the Cloze connection of an ADMIN, and changes nothing', async () => {
    const adminId = await idOf('admin@demo.test');
    const defs = (await qa.get('/users-api/flexAttributes')).body as { id: number; name: string }[];
    const team = defs.find((d) => d.name === 'team')!;
    expect(
      (await qa.post(`/users-api/users/${adminId}/flexAttributes`, { attributeId: team.id, value: 'Sales' })).status,
    ).toBe(403);
    expect(
      (await admin.post(`/users-api/users/${adminId}/flexAttributes`, { attributeId: team.id, value: 'Sales' })).status,
    ).toBe(403); // not on oneself either
    await server.db
      .insertInto('user_flex_attributes')
      .values({ user_id: adminId, attribute_id: team.id, value: 'Sales', updated_by: adminId, updated_at: new Date() })
      .execute();
    expect((await qa.patch(`/users-api/users/${adminId}/flexAttributes/${team.id}`, { value: 'Support' })).status).toBe(
      403,
    );
    expect((await qa.delete(`/users-api/users/${adminId}/flexAttributes/${team.id}`)).status).toBe(403);
    expect(
      (
        await server.db
          .selectFrom('user_flex_attributes')
          .select('value')
          .where('user_id', '=', adminId)
          .executeTakeFirstOrThrow()
      ).value,
    ).toBe('Sales');

    await server.db
      .insertInto('connector_connections')
      .values({ user_id: adminId, provider: 'cloze', connected_at: new Date() })
      .execute();
    expect((await qa.delete(`/users-api/oauth-connectors/token/cloze/${adminId}`)).status).toBe(403);
    expect(
      await server.db
        .selectFrom('connector_connections')
        .select('user_id')
        .where('user_id', '=', adminId)
        .executeTakeFirst(),
    ).toBeDefined();

    const invited = await admin.post('/users-api/users', {
      firstName: 'New',
      lastName: 'Admin',
      email: 'new.admin@example.test',
      roles: ['ADMIN'],
    });
    expect(invited.status).toBe(201);
    expect((await qa.get(`/users-api/users/resendInvite/${invited.body.id}`)).status).toBe(403);
    const open = await server.db
      .selectFrom('invites')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', invited.body.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(open.n).toBe(1); // the first code still works
    expect(await mailsTo('new.admin@example.test')).toHaveLength(1);
    // What QA may grant, QA may change: a brokerage admin's values.
    const brokerId = await idOf('broker.basic@demo.test');
    expect(
      (await qa.post(`/users-api/users/${brokerId}/flexAttributes`, { attributeId: team.id, value: 'Sales' })).status,
    ).toBe(201);
  });
});

describe('one answer for "not yours" and "not there"', () => {
  it("answers a brokerage admin alike for another brokerage's administrator and for an id that does not exist", async () => {
    const foreign = await idOf('broker.basic@demo.test');
    const a = await broker.get(`/users-api/brokerage-admins/${foreign}`);
    const b = await broker.get('/users-api/brokerage-admins/99999999');
    expect(a.status).toBe(403);
    expect([a.status, a.body]).toEqual([b.status, b.body]);
    expect(a.body.message).toBe(NOT_YOURS);
  });

  it("answers a brokerage admin alike for another brokerage's SMS send and for one that does not exist", async () => {
    const row = await server.db
      .insertInto('sms_jobs')
      .values({
        idempotency_key: 'security-test-foreign-job',
        brokerage_id: maple,
        status: 'DONE',
        created_by: await idOf('admin@demo.test'),
        message: 'Hello',
        criteria: '{}',
        total: 0,
        created_at: new Date(),
        finished_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const a = await broker.get(`/interviews-api/opportunities/sms/jobs/${row.id}`);
    const b = await broker.get('/interviews-api/opportunities/sms/jobs/99999999');
    expect(a.status).toBe(403);
    expect([a.status, a.body]).toEqual([b.status, b.body]);
  });

  it('does not tell a brokerage admin that another brokerage has an agent with an email address', async () => {
    const other = await server.db
      .selectFrom('agents')
      .select('email')
      .where('brokerage_id', '=', maple)
      .where('status', '<>', 'DELETED')
      .where('email', 'is not', null)
      .executeTakeFirstOrThrow();
    const res = await broker.post('/agents-api/agents/enrollment', {
      brokerageId: harbor,
      firstName: 'Same',
      lastName: 'Email',
      email: other.email,
      phone: '5557719300',
    });
    expect(res.status).toBe(201);
  });
});

describe('an expired password changed without the current one', () => {
  it('is allowed in a session whose sign-in is recent, and asks for the current password once the window has passed', async () => {
    const start = new Date();
    server.setNow(start);
    try {
      const caller = await signIn(server, 'expired@demo.test');
      const { id } = (await caller.get('/users-api/users/me')).body;
      // 16 minutes later (a refreshed session of the same sign-in): a token alone no longer sets the password.
      server.setNow(new Date(start.getTime() + 16 * 60_000));
      const refreshed = await signInAgainByRefresh(caller);
      const late = await refreshed.patch(`/users-api/users/${id}`, { password: 'Fresh-pass-44' });
      expect(late.status).toBe(400);
      expect(late.body.fields).toMatchObject({ currentPassword: 'Current password is required' });
      const withCurrent = await refreshed.patch(`/users-api/users/${id}`, {
        password: 'Fresh-pass-44',
        currentPassword: 'Demo-pass-1',
      });
      expect(withCurrent.status).toBe(200);
    } finally {
      server.setNow(new Date());
    }
  });
});

/** The same session with a new access token (the refresh grant), as the console's silent refresh does. */
async function signInAgainByRefresh(caller: Caller): Promise<Caller> {
  const res = await call<{ access_token: string; refresh_token: string }>(
    server,
    'POST',
    '/auth/oauth2.0/accessToken',
    {
      form: { grant_type: 'refresh_token', refresh_token: caller.refreshToken, client_id: OAUTH_CLIENTS.console },
    },
  );
  expect(res.status).toBe(200);
  return callerFor(server, res.body.access_token, res.body.refresh_token);
}
