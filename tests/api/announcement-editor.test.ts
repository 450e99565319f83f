import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AnnouncementPage, ManagedAnnouncement, ManagedAnnouncementPage } from '../../src/contract/announcements.ts';
import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// The Announcements editor: one source with My Announcements, audiences, states, read
// counts, and a broker admin announcing to their own agents only.

let server: TestServer;
let admin: Caller;
let broker: Caller;
let basic: Caller;
let harbor: number;
let maple: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.test');
  broker = await signIn(server, 'broker@demo.test');
  basic = await signIn(server, 'broker.basic@demo.test');
  const rows = await server.db.selectFrom('brokerages').select(['id', 'name']).execute();
  harbor = rows.find((b) => b.name === 'Harbor Point Realty')!.id;
  maple = rows.find((b) => b.name === 'Maple & Main Homes')!.id;
});
afterAll(async () => {
  await server.close();
});

const titles = async (who: Caller) =>
  v.parse(AnnouncementPage, (await who.get('/users-api/announcements?pageSize=200')).body).content.map((a) => a.title);
const count = async () =>
  Number(
    (
      await server.db
        .selectFrom('announcements')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const base = { body: 'Details inside.', status: 'PUBLISHED' };

describe('staff announcements', () => {
  it('reach exactly the chosen brokerages, with the read count and audience size computed from rows', async () => {
    const res = await admin.post('/users-api/announcements', {
      ...base,
      title: 'Maple only',
      audience: 'BROKERAGE',
      brokerageIds: [maple],
    });
    expect(res.status).toBe(201);
    const created = v.parse(ManagedAnnouncement, res.body);
    expect(created).toMatchObject({
      status: 'PUBLISHED',
      brokerages: [{ id: maple, name: 'Maple & Main Homes' }],
      readCount: 0,
      editable: true,
      ownerBrokerageId: null,
    });
    const mapleAdmins = await server.db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('u.id')
      .where('u.broker_id', '=', maple)
      .where('r.name', '=', 'BROKERAGE_ADMIN')
      .where('u.status', '=', 'ACTIVE')
      .execute();
    expect(created.audienceSize).toBe(mapleAdmins.length);
    expect(await titles(basic)).toContain('Maple only');
    expect(await titles(broker)).not.toContain('Maple only');
    expect((await basic.post('/users-api/announcements/status', { announcementId: created.id })).status).toBe(200);
    const list = v.parse(
      ManagedAnnouncementPage,
      (await admin.get('/users-api/announcements/managed?q=maple%20only')).body,
    );
    expect(list.content.map((a) => [a.title, a.readCount])).toEqual([['Maple only', 1]]);
  });

  it('reach loan offices and agents in their own lists, and not the brokerages', async () => {
    await admin.post('/users-api/announcements', { ...base, title: 'For lenders', audience: 'LOAN_OFFICES' });
    await admin.post('/users-api/announcements', { ...base, title: 'For every agent', audience: 'AGENTS' });
    await admin.post('/users-api/announcements', {
      ...base,
      title: 'For Maple agents',
      audience: 'AGENTS',
      brokerageIds: [maple],
    });
    const lender = await titles(await signIn(server, 'lender@demo.test'));
    expect(lender).toContain('For lenders');
    expect(lender).not.toContain('For every agent');
    const agent = await titles(await signIn(server, DEMO_AGENT_PHONE));
    expect(agent).toEqual(expect.arrayContaining(['For every agent', 'Team meeting Friday']));
    expect(agent).not.toContain('For Maple agents');
    expect(agent).not.toContain('For lenders');
    expect(await titles(broker)).not.toContain('For every agent');
  });

  it('move from draft to published to archived, and only published ones inside their window are read', async () => {
    const draft = v.parse(
      ManagedAnnouncement,
      (await admin.post('/users-api/announcements', { title: 'Staged', body: 'Soon.', audience: 'ALL_BROKERAGES' }))
        .body,
    );
    expect(draft.status).toBe('DRAFT');
    expect(await titles(broker)).not.toContain('Staged');
    expect((await admin.patch(`/users-api/announcements/${draft.id}`, { status: 'PUBLISHED' })).body).toMatchObject({
      status: 'PUBLISHED',
    });
    expect(await titles(broker)).toContain('Staged');
    expect((await admin.patch(`/users-api/announcements/${draft.id}`, { status: 'ARCHIVED' })).status).toBe(200);
    expect(await titles(broker)).not.toContain('Staged');
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await admin.post('/users-api/announcements', {
      ...base,
      title: 'Tomorrow',
      audience: 'ALL_BROKERAGES',
      publishAt: later,
    });
    expect(await titles(broker)).not.toContain('Tomorrow');
  });

  it('answer 400 to bad input and write nothing', async () => {
    const before = await count();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const bad: Record<string, unknown>[] = [
      { ...base, title: 'x', audience: 'BROKERAGE' },
      { ...base, title: 'x', audience: 'BROKERAGE', brokerageIds: [999999] },
      { ...base, title: 'x', audience: 'PRODUCT_FAMILY' },
      { ...base, title: 'x', audience: 'LOAN_OFFICES', brokerageIds: [harbor] },
      {
        ...base,
        title: 'x',
        audience: 'ALL_BROKERAGES',
        publishAt: past,
        expiresAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      },
      { ...base, title: 'x', audience: 'ALL_BROKERAGES', expiresAt: past },
      { ...base, title: '', audience: 'ALL_BROKERAGES' },
      { ...base, title: 'x', audience: 'EVERYONE' },
      { ...base, title: 'x', audience: 'ALL_BROKERAGES', pinned: true },
    ];
    for (const body of bad)
      expect((await admin.post('/users-api/announcements', body)).status, JSON.stringify(body)).toBe(400);
    expect((await admin.patch('/users-api/announcements/999999', { title: 'y' })).status).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('a broker admin on the Announcements page', () => {
  it("sees and edits only their brokerage's own announcements, to their own agents", async () => {
    const mine = v.parse(
      ManagedAnnouncementPage,
      (await broker.get('/users-api/announcements/managed?pageSize=100')).body,
    );
    expect(mine.content.map((a) => a.title).sort()).toEqual(['Draft: summer schedule', 'Team meeting Friday']);
    expect(mine.content.every((a) => a.editable && a.ownerBrokerageId === harbor)).toBe(true);
    const res = await broker.post('/users-api/announcements', {
      ...base,
      title: 'Harbor agents: new forms',
      audience: 'AGENTS',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ audience: 'AGENTS', brokerages: [{ id: harbor }], ownerBrokerageId: harbor });
    expect(await titles(await signIn(server, DEMO_AGENT_PHONE))).toContain('Harbor agents: new forms');
  });

  it("cannot announce to anyone else or touch another's announcement", async () => {
    const before = await count();
    for (const body of [
      { ...base, title: 'x', audience: 'ALL_BROKERAGES' },
      { ...base, title: 'x', audience: 'BROKERAGE', brokerageIds: [harbor] },
      { ...base, title: 'x', audience: 'AGENTS', brokerageIds: [maple] },
      { ...base, title: 'x', audience: 'LOAN_OFFICES' },
    ])
      expect((await broker.post('/users-api/announcements', body)).status, JSON.stringify(body)).toBe(403);
    const staffOne = await server.db
      .selectFrom('announcements')
      .select('id')
      .where('title', '=', 'Welcome to the new console')
      .executeTakeFirstOrThrow();
    expect((await broker.patch(`/users-api/announcements/${staffOne.id}`, { title: 'Hijacked' })).status).toBe(403);
    const own = await server.db
      .selectFrom('announcements')
      .select('id')
      .where('title', '=', 'Team meeting Friday')
      .executeTakeFirstOrThrow();
    expect((await basic.patch(`/users-api/announcements/${own.id}`, { status: 'ARCHIVED' })).status).toBe(403);
    expect((await broker.patch(`/users-api/announcements/${own.id}`, { audience: 'ALL_BROKERAGES' })).status).toBe(403);
    expect(await count()).toBe(before);
    expect(
      (
        await server.db
          .selectFrom('announcements')
          .select('title')
          .where('id', '=', staffOne.id)
          .executeTakeFirstOrThrow()
      ).title,
    ).toBe('Welcome to the new console');
  });
});

describe('who may use the editor', () => {
  it('lets MANAGER and CSR_SUPERVISOR read the list without editing, and refuses CSR, QA and lenders', async () => {
    for (const who of ['manager@demo.test', 'supervisor@demo.test']) {
      const caller = await signIn(server, who);
      const page = v.parse(ManagedAnnouncementPage, (await caller.get('/users-api/announcements/managed')).body);
      expect(page.totalElements).toBeGreaterThan(0);
      expect(page.content.every((a) => !a.editable)).toBe(true);
      expect(
        (await caller.post('/users-api/announcements', { ...base, title: 'x', audience: 'ALL_BROKERAGES' })).status,
      ).toBe(403);
    }
    for (const who of ['csr@demo.test', 'qa@demo.test', 'lender@demo.test']) {
      expect((await (await signIn(server, who)).get('/users-api/announcements/managed')).status, who).toBe(403);
    }
    const engagement = await signIn(server, 'engagement@demo.test');
    expect(
      (
        await engagement.post('/users-api/announcements', {
          ...base,
          title: 'From engagement',
          audience: 'ALL_BROKERAGES',
        })
      ).status,
    ).toBe(201);
  });
});
