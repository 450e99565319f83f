import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AnnouncementPage } from '../../src/contract/announcements.ts';
import { BrokerageMetrics } from '../../src/contract/brokerage-metrics.ts';
import { EMAIL_TEMPLATES, EmailSettingList } from '../../src/contract/email-settings.ts';
import { AgentNotificationPage } from '../../src/contract/notifications.ts';
import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let broker: Caller;
let basic: Caller;
let admin: Caller;
let harbor: number;
let maple: number;
let demoAgent: number;

beforeAll(async () => {
  server = await startTestServer();
  [broker, basic, admin] = (await Promise.all(
    ['broker@demo.test', 'broker.basic@demo.test', 'admin@demo.test'].map((u) => signIn(server, u)),
  )) as [Caller, Caller, Caller];
  const rows = await server.db.selectFrom('brokerages').select(['id', 'name']).execute();
  harbor = rows.find((b) => b.name === 'Harbor Point Realty')!.id;
  maple = rows.find((b) => b.name === 'Maple & Main Homes')!.id;
  demoAgent = (
    await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow()
  ).agent_id!;
});
afterAll(async () => {
  await server.close();
});

describe('My Notifications', () => {
  it('filters by type, agent and an inclusive date range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const res = await broker.get(
      `/agents-api/notifications?pageSize=100&type=NEW_REFERRAL&fromDate=${from}&toDate=${today}`,
    );
    expect(res.status).toBe(200);
    const page = v.parse(AgentNotificationPage, res.body);
    expect(page.content.every((n) => n.type === 'NEW_REFERRAL' && n.sent >= `${from}T00:00:00.000Z`)).toBe(true);
    const count = await server.db
      .selectFrom('agent_notifications')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('brokerage_id', '=', harbor)
      .where('type', '=', 'NEW_REFERRAL')
      .where('sent', '>=', new Date(`${from}T00:00:00Z`))
      .executeTakeFirstOrThrow();
    expect(page.totalElements).toBe(count.n);
    const old = await broker.get(`/agents-api/notifications?pageSize=100&toDate=${from}`);
    expect(
      old.body.content.every(
        (n: { sent: string }) => n.sent < new Date(Date.parse(`${from}T00:00:00Z`) + 86_400_000).toISOString(),
      ),
    ).toBe(true);
    const mine = await broker.get(`/agents-api/notifications?pageSize=100&agentId=${demoAgent}`);
    expect(mine.body.content.length).toBeGreaterThan(0);
    expect(mine.body.content.every((n: { agentId: number }) => n.agentId === demoAgent)).toBe(true);
    expect((await broker.get('/agents-api/notifications?toDate=2025-13-01')).status).toBe(400);
  });

  it("lets a broker admin send a sample to their own agent, which then appears in that agent's app", async () => {
    const res = await broker.post('/agents-api/notifications/sample', { agentId: demoAgent });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ agentId: demoAgent, type: 'TEST_NEW_REFERRAL' });
    const agent = await signIn(server, DEMO_AGENT_PHONE);
    const app = await agent.get('/agents-api/notifications/mobile?pageSize=5');
    expect(app.body.content[0]).toMatchObject({ id: res.body.id, type: 'TEST_NEW_REFERRAL' });
  });

  it("refuses a sample to another brokerage's agent, and to a CSR or an agent", async () => {
    const mapleAgent = await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', maple)
      .executeTakeFirstOrThrow();
    const before = await server.db
      .selectFrom('agent_notifications')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect((await broker.post('/agents-api/notifications/sample', { agentId: mapleAgent.id })).status).toBe(403);
    expect((await broker.post('/agents-api/notifications/sample', { agentId: 99999999 })).status).toBe(403);
    expect((await broker.post('/agents-api/notifications/sample', { agentId: 'x' })).status).toBe(400);
    expect(
      (await (await signIn(server, 'csr@demo.test')).post('/agents-api/notifications/sample', { agentId: demoAgent }))
        .status,
    ).toBe(403);
    expect(
      (await (await signIn(server, DEMO_AGENT_PHONE)).post('/agents-api/notifications/sample', { agentId: demoAgent }))
        .status,
    ).toBe(403);
    const after = await server.db
      .selectFrom('agent_notifications')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await admin.post('/agents-api/notifications/sample', { agentId: mapleAgent.id })).status).toBe(201);
  });
});

describe('My Announcements', () => {
  it('shows live announcements addressed to the brokerage, newest first, with an unread count', async () => {
    const res = await broker.get('/users-api/announcements?pageSize=100');
    expect(res.status).toBe(200);
    const page = v.parse(AnnouncementPage, res.body);
    const titles = page.content.map((a) => a.title);
    expect(titles).toContain('Harbor Point: Q3 top performer');
    expect(titles).toContain('IRIS leads now include buyer budget');
    for (const hidden of [
      'Maple & Main: welcome aboard',
      'Spring pricing webinar',
      'Coming soon: saved views',
      'Draft: year-end survey',
      'Old maintenance window',
    ]) {
      expect(titles).not.toContain(hidden);
    }
    expect(page.unreadCount).toBe(page.content.filter((a) => a.readAt === null).length);
    const publish = page.content.map((a) => a.publishAt);
    expect(publish).toEqual([...publish].sort().reverse());
    const mapleTitles = (await basic.get('/users-api/announcements?pageSize=100')).body.content.map(
      (a: { title: string }) => a.title,
    );
    expect(mapleTitles).toContain('Maple & Main: welcome aboard');
    expect(mapleTitles).not.toContain('IRIS leads now include buyer budget');
  });

  it('marks one read for this user only, on every device, and keeps the first reading time', async () => {
    const [first] = (await broker.get('/users-api/announcements?unread=true&pageSize=1')).body.content;
    const before = (await broker.get('/users-api/announcements?pageSize=1')).body.unreadCount;
    const res = await broker.post('/users-api/announcements/status', { announcementId: first.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ announcementId: first.id, readAt: expect.any(String), unreadCount: before - 1 });
    const otherDevice = await signIn(server, 'broker@demo.test');
    const seen = (await otherDevice.get('/users-api/announcements?pageSize=100')).body.content.find(
      (a: { id: number }) => a.id === first.id,
    );
    expect(seen.readAt).toBe(res.body.readAt);
    const again = await otherDevice.post('/users-api/announcements/status', { announcementId: first.id, read: true });
    expect(again.body.readAt).toBe(res.body.readAt);
    const colleague = await signIn(server, 'supplier@demo.test');
    expect(
      (await colleague.get('/users-api/announcements?pageSize=100')).body.content.find(
        (a: { id: number }) => a.id === first.id,
      ).readAt,
    ).toBeNull();
    const unread = await broker.post('/users-api/announcements/status', { announcementId: first.id, read: false });
    expect(unread.body).toMatchObject({ readAt: null, unreadCount: before });
  });

  it("refuses to mark another brokerage's, a draft or a missing announcement, and bad bodies", async () => {
    const ids = Object.fromEntries(
      (await server.db.selectFrom('announcements').select(['id', 'title']).execute()).map((a) => [a.title, a.id]),
    );
    expect(
      (await broker.post('/users-api/announcements/status', { announcementId: ids['Maple & Main: welcome aboard'] }))
        .status,
    ).toBe(403);
    expect(
      (await broker.post('/users-api/announcements/status', { announcementId: ids['Draft: year-end survey'] })).status,
    ).toBe(403);
    expect((await broker.post('/users-api/announcements/status', { announcementId: 99999 })).status).toBe(403);
    for (const body of [
      {},
      { announcementId: 'x' },
      { announcementId: 1, read: 'yes' },
      { announcementId: 1, extra: 1 },
    ]) {
      expect((await broker.post('/users-api/announcements/status', body)).status).toBe(400);
    }
    expect((await broker.get(`/users-api/announcements?brokerageId=${maple}`)).status).toBe(403);
    expect((await (await signIn(server, 'csr@demo.test')).get('/users-api/announcements')).status).toBe(403);
    const rows = await server.db.selectFrom('announcement_reads').selectAll().execute();
    expect(rows.some((r) => r.announcement_id === ids['Maple & Main: welcome aboard'])).toBe(false);
  });
});

describe('My Metrics', () => {
  it('counts each month by SQL from the rows: a figure equals an independent count', async () => {
    const res = await broker.get(`/agents-api/brokerages/${harbor}/metrics?months=12`);
    expect(res.status).toBe(200);
    const m = v.parse(BrokerageMetrics, res.body);
    expect(m.months).toHaveLength(12);
    const month = m.months[10]!;
    const [y, mo] = month.month.split('-').map(Number) as [number, number];
    const start = new Date(Date.UTC(y, mo - 1, 1));
    const end = new Date(Date.UTC(y, mo, 1));
    const received = await server.db
      .selectFrom('referrals')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('brokerage_id', '=', harbor)
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .executeTakeFirstOrThrow();
    expect(month.received).toBe(received.n);
    expect(month.received).toBeGreaterThan(0);
    const closed = await server.db
      .selectFrom('referrals')
      .select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(sum(sale_price_cents), 0)::bigint`.as('cents')])
      .where('brokerage_id', '=', harbor)
      .where('stage', 'in', ['CLOSED', 'LEASED'])
      .where('date_of_sale', '>=', start.toISOString().slice(0, 10))
      .where('date_of_sale', '<', end.toISOString().slice(0, 10))
      .executeTakeFirstOrThrow();
    expect(month.closed).toBe(closed.n);
    expect(month.closedVolume).toBe(Math.round(Number(closed.cents) / 100));
    expect(m.months.reduce((s, x) => s + x.closed, 0)).toBeGreaterThan(0);
    expect(m.responseTime.last30).toEqual(expect.any(Number));
  });

  it('answers the 3- and 6-month periods and refuses other periods and brokerages', async () => {
    const three = await broker.get(`/agents-api/brokerages/${harbor}/metrics?months=3`);
    const twelve = await broker.get(`/agents-api/brokerages/${harbor}/metrics`);
    expect(three.body.months).toEqual(twelve.body.months.slice(9));
    expect((await broker.get(`/agents-api/brokerages/${harbor}/metrics?months=6`)).body.months).toHaveLength(6);
    expect((await broker.get(`/agents-api/brokerages/${harbor}/metrics?months=5`)).status).toBe(400);
    expect((await broker.get(`/agents-api/brokerages/${maple}/metrics`)).status).toBe(403);
    expect((await admin.get(`/agents-api/brokerages/${maple}/metrics`)).status).toBe(200);
    expect((await admin.get('/agents-api/brokerages/999999/metrics')).status).toBe(404);
    expect(
      (await (await signIn(server, 'manager@demo.test')).get(`/agents-api/brokerages/${harbor}/metrics`)).status,
    ).toBe(403);
  });
});

describe('Email settings', () => {
  it('lists the templates and the brokerage settings, and adds, changes and deletes one', async () => {
    const templates = await broker.get('/users-api/emailSettings/templates');
    expect(templates.body).toEqual(EMAIL_TEMPLATES);
    const list = v.parse(EmailSettingList, (await broker.get('/users-api/emailSettings')).body);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((s) => s.brokerageId === harbor)).toBe(true);
    const added = await broker.post('/users-api/emailSettings', {
      template: 'REFERRAL_CLOSED',
      email: ' Closings@HarborPoint.example ',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      template: 'REFERRAL_CLOSED',
      email: 'closings@harborpoint.example',
      brokerageId: harbor,
    });
    expect(
      (
        await broker.post('/users-api/emailSettings', {
          template: 'REFERRAL_CLOSED',
          email: 'closings@harborpoint.example',
        })
      ).status,
    ).toBe(409);
    const changed = await broker.post('/users-api/emailSettings', {
      id: added.body.id,
      template: 'NEW_REFERRAL',
      email: 'team@harborpoint.example',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: added.body.id,
      template: 'NEW_REFERRAL',
      email: 'team@harborpoint.example',
    });
    const filtered = await broker.get('/users-api/emailSettings?email=team@harborpoint.example');
    expect(filtered.body.map((s: { id: number }) => s.id)).toEqual([added.body.id]);
    expect((await broker.delete(`/users-api/emailSettings/${added.body.id}`)).status).toBe(204);
    expect((await broker.get('/users-api/emailSettings')).body.map((s: { id: number }) => s.id)).not.toContain(
      added.body.id,
    );
  });

  it("applies the spec's email rule and keeps each brokerage's settings its own", async () => {
    for (const email of ['', 'not-an-email', 'a@b.c', 'x@y']) {
      const res = await broker.post('/users-api/emailSettings', { template: 'NEW_REFERRAL', email });
      expect(res.status, email).toBe(400);
      expect(res.body.fields.email).toMatch(/Invalid e-mail\.|Email address is required/);
    }
    expect((await broker.post('/users-api/emailSettings', { template: 'NOPE', email: 'a@b.co' })).status).toBe(400);
    expect(
      (await broker.post('/users-api/emailSettings', { template: 'NEW_REFERRAL', email: 'a@b.co', brokerageId: maple }))
        .status,
    ).toBe(403);
    expect((await broker.get(`/users-api/emailSettings?brokerageId=${maple}`)).status).toBe(403);
    const staffAdded = await admin.post('/users-api/emailSettings', {
      template: 'NEW_REFERRAL',
      email: 'maple@maplemain.example',
      brokerageId: maple,
    });
    expect(staffAdded.status).toBe(201);
    expect((await broker.delete(`/users-api/emailSettings/${staffAdded.body.id}`)).status).toBe(403);
    expect(
      (
        await broker.post('/users-api/emailSettings', {
          id: staffAdded.body.id,
          template: 'NEW_REFERRAL',
          email: 'x@harbor.example',
        })
      ).status,
    ).toBe(403);
    expect((await admin.get('/users-api/emailSettings')).status).toBe(400);
    expect(
      (await admin.get(`/users-api/emailSettings?brokerageId=${maple}`)).body.map((s: { email: string }) => s.email),
    ).toEqual(['maple@maplemain.example']);
    expect((await (await signIn(server, 'lender@demo.test')).get('/users-api/emailSettings/templates')).status).toBe(
      403,
    );
  });
});

describe('The Cloze connection in the settings dialog', () => {
  it("reads and ends the signed-in user's own connection only", async () => {
    const me = await broker.get('/users-api/users/me');
    expect((await broker.get('/users-api/oauth-connectors/info/cloze')).body).toEqual({
      provider: 'cloze',
      connected: false,
      account: null,
      connectedAt: null,
    });
    await server.db
      .insertInto('connector_connections')
      .values({ user_id: me.body.id, provider: 'cloze', connected_at: new Date() })
      .execute();
    expect((await broker.get('/users-api/oauth-connectors/info/cloze')).body).toMatchObject({
      connected: true,
      account: 'broker@demo.test',
    });
    const other = (await basic.get('/users-api/users/me')).body.id;
    expect((await broker.delete(`/users-api/oauth-connectors/token/cloze/${other}`)).status).toBe(403);
    expect((await broker.get('/users-api/oauth-connectors/info/gmail')).status).toBe(400);
    expect((await broker.delete(`/users-api/oauth-connectors/token/cloze/${me.body.id}`)).status).toBe(204);
    expect((await broker.get('/users-api/oauth-connectors/info/cloze')).body.connected).toBe(false);
  });
});
