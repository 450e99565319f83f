import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REMOVED_BODY } from '../../server/messages/relay.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let admin: Caller;
let engagement: Caller;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.test');
  engagement = await signIn(server, 'engagement@demo.test');
  const at = (m: number) => new Date(Date.UTC(2031, 0, 1, 12, m));
  const rows = [
    {
      key: 'deadSms',
      channel: 'SMS' as const,
      kind: 'notice' as const,
      recipient: '+15550104444',
      body: 'Your referral',
      status: 'dead' as const,
      attempts: 1,
      last_error: 'Twilio 400 21211: invalid',
      created_at: at(1),
    },
    {
      key: 'sentCode',
      channel: 'SMS' as const,
      kind: 'code' as const,
      recipient: '+15550105555',
      body: REMOVED_BODY,
      status: 'sent' as const,
      attempts: 1,
      provider_id: `SM${'a'.repeat(32)}`,
      created_at: at(2),
    },
    {
      key: 'deadCode',
      channel: 'SMS' as const,
      kind: 'code' as const,
      recipient: '+15550106666',
      body: REMOVED_BODY,
      status: 'dead' as const,
      attempts: 1,
      last_error: 'Expired before it could be sent',
      created_at: at(3),
    },
    {
      key: 'deadMail',
      channel: 'EMAIL' as const,
      kind: 'reset' as const,
      recipient: 'someone@example.test',
      subject: 'Reset your Porchlight password',
      body: 'Reset link http://x/register/ABC',
      status: 'dead' as const,
      attempts: 10,
      last_error: 'SMTP ECONNECTION',
      created_at: at(4),
    },
  ];
  for (const { key, ...r } of rows)
    ids[key] = (await server.db.insertInto('outbox').values(r).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server.close();
});

describe('GET /users-api/messages', () => {
  it('lists messages newest first with masked recipients, delivery fields and never the text', async () => {
    const res = await admin.get('/users-api/messages?pageSize=4');
    expect(res.status).toBe(200);
    expect(res.body.content.map((m: { id: number }) => m.id)).toEqual([
      ids.deadMail,
      ids.deadCode,
      ids.sentCode,
      ids.deadSms,
    ]);
    expect(res.body.content[0]).toEqual({
      id: ids.deadMail,
      channel: 'EMAIL',
      kind: 'reset',
      recipient: 's•••@example.test',
      subject: 'Reset your Porchlight password',
      status: 'dead',
      attempts: 10,
      lastError: 'SMTP ECONNECTION',
      providerId: null,
      createdAt: '2031-01-01T12:04:00.000Z',
      sentAt: null,
      canResend: true,
    });
    expect(res.body.content[2]).toMatchObject({
      recipient: '•••-•••-5555',
      kind: 'code',
      providerId: `SM${'a'.repeat(32)}`,
      canResend: false,
    });
    expect(JSON.stringify(res.body)).not.toContain('register/ABC');
    expect(res.body.totalElements).toBeGreaterThanOrEqual(4);
  });

  it('filters by status, channel and kind, and pages', async () => {
    const dead = await engagement.get('/users-api/messages?status=dead&channel=SMS&pageSize=100');
    expect(dead.status).toBe(200);
    expect(
      dead.body.content.every((m: { status: string; channel: string }) => m.status === 'dead' && m.channel === 'SMS'),
    ).toBe(true);
    expect(dead.body.content.map((m: { id: number }) => m.id)).toEqual(
      expect.arrayContaining([ids.deadSms, ids.deadCode]),
    );
    const codes = await admin.get('/users-api/messages?kind=code&pageSize=1&pageIndex=1');
    expect(codes.body.content).toHaveLength(1);
    expect(codes.body.totalElements).toBeGreaterThanOrEqual(2);
    expect((await admin.get('/users-api/messages?status=lost')).status).toBe(400);
    expect((await admin.get('/users-api/messages?channel=FAX')).status).toBe(400);
  });

  it('is for ADMIN and AGENT_ENGAGEMENT only', async () => {
    for (const who of ['manager@demo.test', 'supervisor@demo.test', 'broker@demo.test', 'csr@demo.test']) {
      const caller = await signIn(server, who);
      expect((await caller.get('/users-api/messages')).status).toBe(403);
      expect((await caller.post(`/users-api/messages/${ids.deadSms}/resend`)).status).toBe(403);
    }
  });
});

describe('POST /users-api/messages/{id}/resend', () => {
  it('queues a given-up message again from its first try, and records who did', async () => {
    const res = await engagement.post(`/users-api/messages/${ids.deadMail}/resend`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.deadMail,
      status: 'queued',
      attempts: 0,
      lastError: null,
      canResend: false,
    });
    const audit = await server.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'MESSAGE_RESENT')
      .execute();
    expect(audit.map((a) => a.detail)).toContain(`message ${ids.deadMail} (EMAIL reset)`);
  });

  it('refuses a message that was not given up, a one-time code and an unknown id, changing nothing', async () => {
    expect((await admin.post(`/users-api/messages/${ids.sentCode}/resend`)).status).toBe(409);
    const code = await admin.post(`/users-api/messages/${ids.deadCode}/resend`);
    expect(code.status).toBe(409);
    expect(code.body.message).toMatch(/one-time code/);
    expect((await admin.post('/users-api/messages/999999999/resend')).status).toBe(404);
    expect(
      (await server.db.selectFrom('outbox').select('status').where('id', '=', ids.deadCode!).executeTakeFirstOrThrow())
        .status,
    ).toBe('dead');
  });
});
