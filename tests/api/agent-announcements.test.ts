import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AnnouncementPage, AnnouncementStatus } from '../../src/contract/announcements.ts';
import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Announcements in the agent app: the agent reads GET /users-api/announcements with the
// server's audience rule (every agent, or their brokerage's agents) and marks one read with
// POST /users-api/announcements/status, the calls My Announcements uses.

const MAPLE_AGENT_PHONE = '+15550109999';
let server: TestServer;
let admin: Caller;
let broker: Caller;
let agent: Caller;
let mapleAgent: Caller;

const page = async (who: Caller, query = '') => {
  const res = await who.get(`/users-api/announcements?pageSize=100${query}`);
  expect(res.status).toBe(200);
  return v.parse(AnnouncementPage, res.body);
};
const titles = async (who: Caller) => (await page(who)).content.map((a) => a.title);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.test');
  broker = await signIn(server, 'broker@demo.test');
  agent = await signIn(server, DEMO_AGENT_PHONE);
  // An agent of Maple & Main who can sign in: the demo agent's password and role, another agent row.
  const maple = await server.db
    .selectFrom('brokerages')
    .select('id')
    .where('name', '=', 'Maple & Main Homes')
    .executeTakeFirstOrThrow();
  const other = await server.db
    .selectFrom('agents')
    .select('id')
    .where('brokerage_id', '=', maple.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const demo = await server.db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('phone', '=', DEMO_AGENT_PHONE)
    .executeTakeFirstOrThrow();
  const user = await server.db
    .insertInto('users')
    .values({
      phone: MAPLE_AGENT_PHONE,
      first_name: 'Mia',
      last_name: 'Maple',
      password_hash: demo.password_hash,
      agent_id: other.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into user_roles (user_id, role_id, position) select ${user.id}, role_id, position from user_roles where user_id = ${demo.id}`.execute(
    server.db,
  );
  mapleAgent = await signIn(server, MAPLE_AGENT_PHONE);
});
afterAll(async () => {
  await server.close();
});

describe('GET /users-api/announcements for an agent', () => {
  it('gives the demo agent the seeded unread and read announcements, newest first, and nothing for other audiences', async () => {
    const list = await page(agent);
    expect(list.content.map((a) => [a.title, a.readAt === null])).toEqual([
      ['Team meeting Friday', true],
      ['Agent app 4.3 is out', false],
    ]);
    expect(list.unreadCount).toBe(1);
    expect(list.totalElements).toBe(2);
    // Independent count: published, live, to agents, to every agent or naming Harbor Point.
    const expected = await sql<{
      n: number;
    }>`select count(*)::int as n from announcements a join agents g on g.id = (select agent_id from users where phone = ${DEMO_AGENT_PHONE})
      where a.status = 'PUBLISHED' and a.audience = 'AGENTS' and a.publish_at <= now() and (a.expires_at is null or a.expires_at > now())
      and (not exists (select 1 from announcement_brokerages ab where ab.announcement_id = a.id)
        or exists (select 1 from announcement_brokerages ab where ab.announcement_id = a.id and ab.brokerage_id = g.brokerage_id))`.execute(
      server.db,
    );
    expect(list.totalElements).toBe(expected.rows[0]!.n);
  });

  it("does not show a broker admin's announcement to an agent of another brokerage", async () => {
    expect(await titles(mapleAgent)).toEqual(['Agent app 4.3 is out']);
    const created = await broker.post('/users-api/announcements', {
      title: 'Harbor huddle',
      body: 'Coffee at 8.',
      audience: 'AGENTS',
      status: 'PUBLISHED',
    });
    expect(created.status).toBe(201);
    expect(await titles(agent)).toContain('Harbor huddle');
    expect(await titles(mapleAgent)).not.toContain('Harbor huddle');
    const id = (created.body as { id: number }).id;
    expect((await mapleAgent.post('/users-api/announcements/status', { announcementId: id })).status).toBe(403);
  });

  it('shows a staff announcement to all agents to agents of every brokerage, unread, newest first', async () => {
    const res = await admin.post('/users-api/announcements', {
      title: 'Open house weekend',
      body: 'List yours by Friday.',
      audience: 'AGENTS',
      status: 'PUBLISHED',
    });
    expect(res.status).toBe(201);
    for (const who of [agent, mapleAgent]) {
      const list = await page(who);
      expect(list.content[0]).toMatchObject({ title: 'Open house weekend', readAt: null });
    }
  });
});

describe('POST /users-api/announcements/status by an agent', () => {
  it('marks one read for this agent only, drops the unread count, and keeps the first read time', async () => {
    const before = await page(agent);
    const target = before.content.find((a) => a.title === 'Team meeting Friday')!;
    const res = await agent.post('/users-api/announcements/status', { announcementId: target.id });
    expect(res.status).toBe(200);
    const status = v.parse(AnnouncementStatus, res.body);
    expect(status.unreadCount).toBe(before.unreadCount - 1);
    expect(status.readAt).not.toBeNull();
    const again = v.parse(
      AnnouncementStatus,
      (await agent.post('/users-api/announcements/status', { announcementId: target.id, read: true })).body,
    );
    expect(again.readAt).toBe(status.readAt);
    const rows = await server.db
      .selectFrom('announcement_reads')
      .select('user_id')
      .where('announcement_id', '=', target.id)
      .execute();
    const me = await server.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow();
    expect(rows.map((r) => r.user_id)).toEqual([me.id]);
    expect((await page(agent)).unreadCount).toBe(before.unreadCount - 1);
  });

  it('answers 403 (not yours) for a loan-office or a draft announcement and 400 for a bad body, writing nothing', async () => {
    const hidden = await server.db
      .selectFrom('announcements')
      .select(['id', 'title'])
      .where('title', 'in', ['Lender portal maintenance', 'Draft: summer schedule'])
      .execute();
    expect(hidden).toHaveLength(2);
    const reads = async () =>
      Number(
        (
          await server.db
            .selectFrom('announcement_reads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await reads();
    for (const a of hidden)
      expect((await agent.post('/users-api/announcements/status', { announcementId: a.id })).status).toBe(403);
    for (const body of [{}, { announcementId: 'x' }, { announcementId: 1, extra: true }, { announcementId: -3 }]) {
      expect((await agent.post('/users-api/announcements/status', body)).status).toBe(400);
    }
    expect(await reads()).toBe(n);
  });
});
