import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Referral } from '../../src/contract/brokerages.ts';
import type { AuditRow, ImpersonationSession, UserSummary } from '../../src/contract/users.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

type Page<T> = { content: T[]; totalElements: number };
const HEADER = 'X-Impersonated-User-Id';
let server: TestServer;
let admin: Caller;
let engagement: Caller;
let org: Record<'harbor' | 'maple' | 'cedar' | 'summit', number>;
let users: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer();
  [admin, engagement] = await Promise.all([signIn(server, 'admin@demo.test'), signIn(server, 'engagement@demo.test')]);
  const db = server.db;
  const b = await db.selectFrom('brokerages').select(['id', 'name']).execute();
  const byName = (n: string) => b.find((x) => x.name === n)!.id;
  const summit = (
    await db.selectFrom('loan_offices').select('id').where('name', '=', 'Summit Home Loans').executeTakeFirstOrThrow()
  ).id;
  org = {
    harbor: byName('Harbor Point Realty'),
    maple: byName('Maple & Main Homes'),
    cedar: byName('Cedar Ridge Properties'),
    summit,
  };
  users = Object.fromEntries(
    (await db.selectFrom('users').select(['id', 'email']).where('email', 'is not', null).execute()).map((u) => [
      u.email!,
      u.id,
    ]),
  );
});
afterAll(async () => {
  await server.close();
});

const lookup = (caller: Caller, qs: string) => caller.get<Page<UserSummary>>(`/users-api/users?${qs}&status=ACTIVE`);

describe('finding the administrator to impersonate', () => {
  it('finds the active brokerage admins of Harbor Point and the loan-office admin of Summit', async () => {
    const harbor = await lookup(engagement, `brokerId=${org.harbor}&role=BROKERAGE_ADMIN`);
    expect(harbor.body.content.map((u) => u.email)).toEqual(
      expect.arrayContaining(['broker@demo.test', 'supplier@demo.test']),
    );
    expect(
      harbor.body.content.every((u) => u.status === 'ACTIVE' && u.roles.some((r) => r.name === 'BROKERAGE_ADMIN')),
    ).toBe(true);
    const summit = await lookup(admin, `loanOfficeId=${org.summit}&role=LOAN_OFFICE_ADMIN`);
    expect(summit.body.content.map((u) => u.email)).toEqual(['lender@demo.test']);
  });

  it('finds nobody for Cedar Ridge, whose only admin is still invited', async () => {
    const cedar = await lookup(admin, `brokerId=${org.cedar}&role=BROKERAGE_ADMIN`);
    expect(cedar.body).toEqual({ content: [], totalElements: 0 });
  });
});

describe('the impersonation header', () => {
  it('lets admin read Harbor Point data as broker@demo.test, and records an audit row per request', async () => {
    const as = { [HEADER]: String(users['broker@demo.test']) };
    const me = await admin.get('/users-api/users/me', as);
    expect(me.body).toMatchObject({ email: 'broker@demo.test', brokerId: org.harbor });
    const referrals = await admin.get<Page<Referral>>(`/agents-api/brokerages/${org.harbor}/referrals`, as);
    expect(referrals.status).toBe(200);
    expect(referrals.body.content.every((r) => r.brokerageId === org.harbor)).toBe(true);
    // As the brokerage admin, the staff-only and the other brokerage's data are closed.
    expect((await admin.get(`/agents-api/brokerages/${org.maple}/referrals`, as)).status).toBe(403);
    expect((await admin.get('/agents-api/brokerages', as)).status).toBe(403);
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'IMPERSONATED_REQUEST')
      .where('actor_user_id', '=', users['admin@demo.test']!)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.as_user_id, a.detail])).toEqual(
      expect.arrayContaining([
        [users['broker@demo.test'], 'GET /users-api/users/me'],
        [users['broker@demo.test'], `GET /agents-api/brokerages/${org.harbor}/referrals`],
      ]),
    );
  });

  it('refuses the header from csr@demo.test, who may not impersonate', async () => {
    const csr = await signIn(server, 'csr@demo.test');
    expect((await csr.get('/users-api/users/me', { [HEADER]: String(users['broker@demo.test']) })).status).toBe(403);
  });

  it.each(['csr@demo.test', 'opps@demo.test', 'cedar.admin@demo.test'])(
    'refuses a header naming %s, who is not an active administrator',
    async (email) => {
      const res = await engagement.get('/users-api/users/me', { [HEADER]: String(users[email]) });
      expect(res.status).toBe(403);
    },
  );

  it('lists impersonated requests and groups them into sessions for ADMIN only', async () => {
    await engagement.get('/users-api/users/me', { [HEADER]: String(users['lender@demo.test']) });
    const rows = await admin.get<Page<AuditRow>>('/users-api/impersonation-audit');
    expect(rows.body.content[0]).toMatchObject({
      action: 'IMPERSONATED_REQUEST',
      actor: { email: 'engagement@demo.test', name: 'Eden Engagement' },
      asUser: { email: 'lender@demo.test' },
      detail: 'GET /users-api/users/me',
    });
    const sessions = await admin.get<Page<ImpersonationSession>>('/users-api/impersonation-audit/sessions');
    const adminAsBroker = sessions.body.content.find(
      (s) => s.actor?.email === 'admin@demo.test' && s.asUser?.email === 'broker@demo.test',
    );
    expect(adminAsBroker?.requests).toBeGreaterThanOrEqual(4);
    expect(sessions.body.totalElements).toBe(2);
    expect((await engagement.get('/users-api/impersonation-audit')).status).toBe(403);
  });

  it('starts a new session after 30 quiet minutes', async () => {
    const later = new Date(Date.now() + 31 * 60_000);
    server.setNow(later);
    try {
      const fresh = await signIn(server, 'admin@demo.test');
      await fresh.get('/users-api/users/me', { [HEADER]: String(users['broker@demo.test']) });
      const sessions = await fresh.get<Page<ImpersonationSession>>('/users-api/impersonation-audit/sessions');
      const adminAsBroker = sessions.body.content.filter(
        (s) => s.actor?.email === 'admin@demo.test' && s.asUser?.email === 'broker@demo.test',
      );
      expect(adminAsBroker.map((s) => s.requests)[0]).toBe(1);
      expect(adminAsBroker).toHaveLength(2);
    } finally {
      server.setNow(new Date());
    }
  });
});
