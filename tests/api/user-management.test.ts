import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROLES } from '../../src/access/roles.ts';
import { FlexAttributeList, UserAuditPage, UserDetail, UserPage, UserRoleList } from '../../src/contract/users.ts';
import {
  brokerageIdByName,
  call,
  callerFor,
  signIn,
  startTestServer,
  type Caller,
  type TestServer,
} from '../setup/test-server.ts';

// User Management: every endpoint by identity, with the escalation attempts refused.

let server: TestServer;
let admin: Caller;
let manager: Caller;
let harbor: number;
let summit: number;
const roleId: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.test');
  manager = await signIn(server, 'manager@demo.test');
  harbor = await brokerageIdByName(server.db, 'Harbor Point Realty');
  summit = (
    await server.db
      .selectFrom('loan_offices')
      .select('id')
      .where('name', '=', 'Summit Home Loans')
      .executeTakeFirstOrThrow()
  ).id;
  for (const r of await server.db.selectFrom('roles').select(['id', 'name']).execute()) roleId[r.name] = r.id;
});
afterAll(async () => {
  await server.close();
});

const idOf = async (email: string) =>
  (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const userCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const newUser = (email: string, roles: string[], extra: Record<string, unknown> = {}) => ({
  firstName: 'Nova',
  lastName: 'Tester',
  email,
  roles,
  ...extra,
});

/** Registers through the emailed /register link as the register page does, then signs in with the new password. */
async function register(email: string, password: string): Promise<Caller> {
  const mail = await server.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\/register\/([A-Za-z0-9-]+)/.exec(mail.body)?.[1] ?? '';
  const redeemed = await call<{ id: number; password: string }>(server, 'PUT', `/users-api/invites/code/${code}`);
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

describe('the user list', () => {
  it('searches by name or email and filters by role and status, for user managers only', async () => {
    const res = await manager.get('/users-api/users?q=nguyen&role=CSR&status=ACTIVE&pageSize=100');
    expect(res.status).toBe(200);
    const page = v.parse(UserPage, res.body);
    expect(page.content.length).toBeGreaterThan(0);
    for (const u of page.content) {
      expect(`${u.firstName} ${u.lastName} ${u.email}`.toLowerCase()).toContain('nguyen');
      expect(u.roles.map((r) => r.name)).toContain('CSR');
      expect(u.status).toBe('ACTIVE');
    }
    // Each role's total, alone and with a status, is the users holding it counted from the rows.
    for (const role of ROLES) {
      for (const status of ['', 'ACTIVE'] as const) {
        const list = v.parse(
          UserPage,
          (await manager.get(`/users-api/users?role=${role}${status ? `&status=${status}` : ''}&pageSize=1`)).body,
        );
        const rows = await sql<{ n: number }>`select count(*)::int as n from users u where exists (select 1
          from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.name = ${role})
          ${status ? sql`and u.status = ${status}` : sql``}`.execute(server.db);
        expect(list.totalElements, `${role} ${status}`).toBe(rows.rows[0]!.n);
      }
    }
    const byEmail = v.parse(UserPage, (await manager.get('/users-api/users?q=csr@demo.test')).body);
    expect(byEmail.content.map((u) => u.email)).toEqual(['csr@demo.test']);
    for (const who of ['csr@demo.test', 'broker@demo.test', 'lender@demo.test']) {
      expect((await (await signIn(server, who)).get('/users-api/users')).status, who).toBe(403);
    }
  });
  it("pages a search in the sort's order, as the rows sort, in both directions and for every sort key", async () => {
    // "demo" matches most demo users: pages of 3 run through the matches (read from the matches, not
    // by walking the sort's index; users-admin.ts).
    const orderOf = {
      lastName: sql`lower(last_name)`,
      firstName: sql`lower(first_name)`,
      email: sql`email`,
      created: sql`created_at`,
    } as const;
    for (const [key, expr] of Object.entries(orderOf)) {
      for (const dir of ['asc', 'desc'] as const) {
        const rows = await sql<{ id: number }>`select id from users
          where users_search_text(first_name, last_name, email, phone) like '%demo%'
          order by ${expr} ${sql.raw(dir)}, id`.execute(server.db);
        const ids = rows.rows.map((r) => r.id);
        expect(ids.length, key).toBeGreaterThan(6);
        const listed: number[] = [];
        for (let pageIndex = 0; pageIndex * 3 < Math.min(ids.length, 9); pageIndex++) {
          const page = v.parse(
            UserPage,
            (await manager.get(`/users-api/users?q=demo&sort=${key},${dir}&pageSize=3&pageIndex=${pageIndex}`)).body,
          );
          expect(page.totalElements, `${key} ${dir}`).toBe(ids.length);
          listed.push(...page.content.map((u) => u.id));
        }
        expect(listed, `${key} ${dir}`).toEqual(ids.slice(0, listed.length));
      }
    }
  });
});

describe('the roles catalogue', () => {
  it('marks what the caller may grant: an ADMIN every role but AGENT, a MANAGER their own and organisation roles', async () => {
    const all = v.parse(UserRoleList, (await admin.get('/users-api/userRoles')).body);
    expect(all.filter((r) => !r.grantable).map((r) => r.name)).toEqual(['AGENT']);
    expect(all.find((r) => r.name === 'QA_TEAM')?.displayName).toBe('QA Team');
    const mine = v.parse(UserRoleList, (await manager.get('/users-api/userRoles')).body);
    expect(
      mine
        .filter((r) => r.grantable)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['BROKERAGE_ADMIN', 'LEAD_SUPPLIER', 'LOAN_OFFICE_ADMIN', 'MANAGER']);
    expect((await (await signIn(server, 'engagement@demo.test')).get('/users-api/userRoles')).status).toBe(403);
  });
});

describe('creating a user', () => {
  it('invites them by email to /register/{code}, and registering makes a working account with the roles given', async () => {
    const res = await admin.post(
      '/users-api/users',
      newUser('nova.csr@example.test', ['CSR', 'QA_TEAM'], { phone: '(555) 301-2222' }),
    );
    expect(res.status).toBe(201);
    const user = v.parse(UserDetail, res.body);
    expect(user).toMatchObject({ status: 'INVITED', phone: '+15553012222', invite: { state: 'PENDING' } });
    expect(user.roles.map((r) => r.name)).toEqual(['CSR', 'QA_TEAM']);
    const caller = await register('nova.csr@example.test', 'Fresh-pass-42');
    expect((await caller.get('/users-api/users/me')).body).toMatchObject({
      email: 'nova.csr@example.test',
      roles: [{ name: 'CSR' }, { name: 'QA_TEAM' }],
    });
    expect((await admin.get(`/users-api/users/${user.id}`)).body).toMatchObject({ status: 'ACTIVE', invite: null });
    const history = v.parse(UserAuditPage, (await admin.get(`/users-api/users/${user.id}/audit`)).body);
    expect(history.content.map((a) => a.action)).toEqual(['USER_CREATED']);
    expect(history.content[0]).toMatchObject({ actor: { email: 'admin@demo.test' }, detail: 'roles: CSR, QA Team' });
  });

  it('ties a brokerage or loan-office administrator to their organisation', async () => {
    const b = await manager.post(
      '/users-api/users',
      newUser('new.broker@example.test', ['BROKERAGE_ADMIN'], { brokerId: harbor }),
    );
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ brokerId: harbor, brokerageName: 'Harbor Point Realty' });
    const l = await manager.post(
      '/users-api/users',
      newUser('new.lender@example.test', ['LOAN_OFFICE_ADMIN'], { loanOfficeId: summit }),
    );
    expect(l.body).toMatchObject({ loanOfficeId: summit, loanOfficeName: 'Summit Home Loans' });
  });

  it('refuses a role the creator does not hold, and writes nothing', async () => {
    const before = await userCount();
    expect((await manager.post('/users-api/users', newUser('sneaky@example.test', ['ADMIN']))).status).toBe(403);
    expect(
      (await manager.post('/users-api/users', newUser('sneaky@example.test', ['MANAGER', 'QA_TEAM']))).status,
    ).toBe(403);
    expect((await admin.post('/users-api/users', newUser('sneaky@example.test', ['AGENT']))).status).toBe(403);
    expect(
      (
        await (
          await signIn(server, 'broker@demo.test')
        ).post('/users-api/users', newUser('sneaky@example.test', ['BROKERAGE_ADMIN'], { brokerId: harbor }))
      ).status,
    ).toBe(403);
    expect(
      (
        await (
          await signIn(server, 'engagement@demo.test')
        ).post('/users-api/users', newUser('sneaky@example.test', ['CSR']))
      ).status,
    ).toBe(403);
    expect(await userCount()).toBe(before);
    expect(
      await server.db.selectFrom('outbox').select('id').where('recipient', '=', 'sneaky@example.test').execute(),
    ).toEqual([]);
  });

  it('answers 400 or 409 to bad input with the field named, and writes nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [newUser('a@example.test', []), 400, 'roles'],
      [newUser('a@example.test', ['WIZARD']), 400, 'roles'],
      [newUser('not-an-email', ['CSR']), 400, 'email'],
      [newUser('a@example.test', ['CSR'], { phone: '12' }), 400, 'phone'],
      [newUser('a@example.test', ['BROKERAGE_ADMIN']), 400, 'brokerId'],
      [newUser('a@example.test', ['BROKERAGE_ADMIN'], { brokerId: 999999 }), 400, 'brokerId'],
      [
        newUser('a@example.test', ['BROKERAGE_ADMIN', 'LOAN_OFFICE_ADMIN'], { brokerId: harbor, loanOfficeId: summit }),
        400,
        'roles',
      ],
      [newUser('a@example.test', ['CSR'], { brokerId: harbor }), 400, 'brokerId'],
      [newUser('a@example.test', ['CSR'], { isAdmin: true }), 400, 'isAdmin'],
      [newUser('csr@demo.test', ['CSR']), 409, 'email'],
    ];
    for (const [body, status, field] of cases) {
      const res = await admin.post('/users-api/users', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(Object.keys((res.body as { fields?: object }).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('changing roles', () => {
  it('puts a granted role at the place asked for (0: first), last without one, and refuses a place that is not one', async () => {
    const id = await idOf('engagement@demo.test');
    const names = (body: unknown) => v.parse(UserDetail, body).roles.map((r) => r.name);
    const first = await admin.post(`/users-api/users/${id}/roles`, { roleId: roleId['CSR'], position: 0 });
    expect(names(first.body)).toEqual(['CSR', 'AGENT_ENGAGEMENT']);
    const last = await admin.post(`/users-api/users/${id}/roles`, { roleId: roleId['QA_TEAM'] });
    expect(names(last.body)).toEqual(['CSR', 'AGENT_ENGAGEMENT', 'QA_TEAM']);
    for (const position of [-1, 1.5, 101, '0'])
      expect(
        (await admin.post(`/users-api/users/${id}/roles`, { roleId: roleId['MANAGER'], position })).status,
        String(position),
      ).toBe(400);
    for (const name of ['CSR', 'QA_TEAM']) await admin.delete(`/users-api/users/${id}/roles/${roleId[name]}`);
  });

  it('grants and removes roles with an audit row for each, shown on the user', async () => {
    const id = await idOf('supervisor@demo.test');
    const granted = await admin.post(`/users-api/users/${id}/roles`, { roleId: roleId['CSR'] });
    expect(granted.status).toBe(200);
    expect(v.parse(UserDetail, granted.body).roles.map((r) => r.name)).toEqual(['CSR_SUPERVISOR', 'CSR']);
    expect((await admin.post(`/users-api/users/${id}/roles`, { roleId: roleId['CSR'] })).status).toBe(200); // already held: no change
    const removed = await admin.delete(`/users-api/users/${id}/roles/${roleId['CSR']}`);
    expect(v.parse(UserDetail, removed.body).roles.map((r) => r.name)).toEqual(['CSR_SUPERVISOR']);
    const history = v.parse(UserAuditPage, (await manager.get(`/users-api/users/${id}/audit`)).body);
    expect(history.content.map((a) => [a.action, a.detail])).toEqual([
      ['ROLE_REVOKED', 'CSR'],
      ['ROLE_GRANTED', 'CSR'],
    ]);
  });

  it('refuses escalation: a role not held, changing oneself, changing someone who outranks the caller', async () => {
    const qa = await idOf('qa@demo.test');
    const adminId = await idOf('admin@demo.test');
    const managerId = await idOf('manager@demo.test');
    expect((await manager.post(`/users-api/users/${qa}/roles`, { roleId: roleId['ADMIN'] })).status).toBe(403);
    expect((await manager.post(`/users-api/users/${managerId}/roles`, { roleId: roleId['MANAGER'] })).status).toBe(403);
    expect((await admin.delete(`/users-api/users/${adminId}/roles/${roleId['ADMIN']}`)).status).toBe(403);
    expect((await admin.post(`/users-api/users/${adminId}/roles`, { roleId: roleId['DS_TEAM'] })).status).toBe(403);
    expect((await manager.delete(`/users-api/users/${adminId}/roles/${roleId['ADMIN']}`)).status).toBe(403);
    expect((await manager.post(`/users-api/users/${adminId}/roles`, { roleId: roleId['MANAGER'] })).status).toBe(403);
    expect((await manager.patch(`/users-api/users/${adminId}`, { firstName: 'Pwned' })).status).toBe(403);
    expect((await manager.delete(`/users-api/users/${adminId}`)).status).toBe(403);
    expect((await admin.post(`/users-api/users/${qa}/roles`, { roleId: roleId['AGENT'] })).status).toBe(403);
    expect(
      (
        await (
          await signIn(server, 'broker@demo.test')
        ).post(`/users-api/users/${qa}/roles`, { roleId: roleId['BROKERAGE_ADMIN'] })
      ).status,
    ).toBe(403);
    const roles = await server.db
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', 'in', [qa, adminId, managerId])
      .execute();
    expect(roles.map((r) => r.role_id).sort()).toEqual([roleId['ADMIN'], roleId['MANAGER'], roleId['QA_TEAM']].sort());
    expect(
      await server.db
        .selectFrom('audit_log')
        .select('id')
        .where('target_user_id', 'in', [qa, adminId, managerId])
        .execute(),
    ).toEqual([]);
  });

  it('keeps a user to one role at least, one organisation, and answers 404 for a missing user or role', async () => {
    const qa = await idOf('qa@demo.test');
    expect((await admin.delete(`/users-api/users/${qa}/roles/${roleId['QA_TEAM']}`)).status).toBe(409);
    expect((await admin.delete(`/users-api/users/${qa}/roles/${roleId['CSR']}`)).status).toBe(404);
    expect((await admin.post('/users-api/users/999999/roles', { roleId: roleId['CSR'] })).status).toBe(404);
    expect((await admin.post(`/users-api/users/${qa}/roles`, { roleId: 999 })).status).toBe(400);
    expect((await admin.post(`/users-api/users/${qa}/roles`, { roleId: roleId['BROKERAGE_ADMIN'] })).status).toBe(400);
    const lender = await idOf('lender@demo.test');
    expect(
      (await admin.post(`/users-api/users/${lender}/roles`, { roleId: roleId['BROKERAGE_ADMIN'], brokerId: harbor }))
        .status,
    ).toBe(409);
    for (const body of [{}, { roleId: 'x' }, { roleId: 1, extra: true }])
      expect((await admin.post(`/users-api/users/${qa}/roles`, body)).status).toBe(400);
  });
});

describe('deactivating and re-inviting', () => {
  it('deactivates a user (audited on them) and re-sends an invitation (audited too)', async () => {
    await admin.post('/users-api/users', newUser('later@example.test', ['CSR']));
    const id = await idOf('later@example.test');
    // A MANAGER does not hold CSR: they neither resend this user's invitation nor deactivate them.
    expect((await manager.get(`/users-api/users/resendInvite/${id}`)).status).toBe(403);
    expect((await manager.delete(`/users-api/users/${id}`)).status).toBe(403);
    expect((await admin.get(`/users-api/users/resendInvite/${id}`)).status).toBe(200);
    expect((await admin.delete(`/users-api/users/${id}`)).status).toBe(200);
    expect((await admin.get(`/users-api/users/${id}`)).body).toMatchObject({ status: 'DISABLED', invite: null });
    expect((await admin.post(`/users-api/users/${id}/roles`, { roleId: roleId['QA_TEAM'] })).status).toBe(409);
    const history = v.parse(UserAuditPage, (await admin.get(`/users-api/users/${id}/audit`)).body);
    expect(history.content.map((a) => a.action)).toEqual(['USER_REMOVED', 'INVITE_RESENT', 'USER_CREATED']);
  });
});

describe('flex attributes', () => {
  it("lists the definitions and sets, changes and removes one user's values, checked by type", async () => {
    const defs = v.parse(FlexAttributeList, (await manager.get('/users-api/flexAttributes')).body);
    expect(defs.map((d) => d.label)).toEqual(['Team', 'Phone Extension', 'Languages', 'Start Date', 'Licensed Agent']);
    const team = defs.find((d) => d.name === 'team')!;
    expect(team.options).toEqual(['Sales', 'Support', 'Operations', 'Quality']);
    const ext = defs.find((d) => d.name === 'extension')!;
    // A MANAGER changes the values of users they may change (a loan-office admin), not a QA_TEAM member's.
    expect(
      (
        await manager.post(`/users-api/users/${await idOf('qa@demo.test')}/flexAttributes`, {
          attributeId: team.id,
          value: 'Quality',
        })
      ).status,
    ).toBe(403);
    const qa = await idOf('lender@demo.test');
    expect(
      (await manager.post(`/users-api/users/${qa}/flexAttributes`, { attributeId: team.id, value: 'Quality' })).status,
    ).toBe(201);
    expect(
      (await manager.post(`/users-api/users/${qa}/flexAttributes`, { attributeId: team.id, value: 'Finance' })).status,
    ).toBe(400);
    expect(
      (await manager.post(`/users-api/users/${qa}/flexAttributes`, { attributeId: ext.id, value: 'ten' })).status,
    ).toBe(400);
    expect(
      (await manager.post(`/users-api/users/${qa}/flexAttributes`, { attributeId: 99999, value: '1' })).status,
    ).toBe(400);
    expect((await manager.patch(`/users-api/users/${qa}/flexAttributes/${ext.id}`, { value: '12' })).status).toBe(404);
    expect((await manager.patch(`/users-api/users/${qa}/flexAttributes/${team.id}`, { value: 'Sales' })).status).toBe(
      200,
    );
    expect((await manager.get(`/users-api/users/${qa}`)).body.flexAttributes).toEqual([
      expect.objectContaining({ label: 'Team', value: 'Sales' }),
    ]);
    expect((await manager.delete(`/users-api/users/${qa}/flexAttributes/${team.id}`)).status).toBe(204);
    expect((await manager.delete(`/users-api/users/${qa}/flexAttributes/${team.id}`)).status).toBe(404);
    expect((await manager.get(`/users-api/users/${qa}`)).body.flexAttributes).toEqual([]);
    const actions = (await manager.get(`/users-api/users/${qa}/audit`)).body.content.map(
      (a: { action: string }) => a.action,
    );
    expect(actions).toEqual(['FLEX_ATTRIBUTE_REMOVED', 'FLEX_ATTRIBUTE_SET', 'FLEX_ATTRIBUTE_SET']);
    const broker = await signIn(server, 'broker@demo.test');
    expect((await broker.get('/users-api/flexAttributes')).status).toBe(403);
    expect(
      (await broker.post(`/users-api/users/${qa}/flexAttributes`, { attributeId: team.id, value: 'Sales' })).status,
    ).toBe(403);
  });
});
