import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ManagedAnnouncementPage } from '../../src/contract/announcements.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// The announcements editor's audience sizes sum counts kept by triggers on users, their roles and their
// agents (migration 059). Each size must equal the active users the announcement is addressed to,
// counted here from the rows by the editor's rule, after the seed and after every kind of write: a
// user deactivated, moved to another brokerage, given or stripped of a role, added or deleted, and an
// agent moved to another brokerage.

let server: TestServer;
let admin: Caller;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.test');
});
afterAll(async () => {
  await server.close();
});

const hasRole = (role: string) =>
  sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.name = ${role})`;
const listed = sql`(select ab.brokerage_id from announcement_brokerages ab where ab.announcement_id = a.id)`;

/** Each announcement's audience by the editor's rule, counted from users, roles and agents. */
async function sizesFromRows(): Promise<Map<number, number>> {
  const rows = (
    await sql<{
      id: number;
      n: number;
    }>`select a.id, (select count(*)::int from users u where u.status = 'ACTIVE' and case a.audience
      when 'ALL_BROKERAGES' then u.broker_id is not null and ${hasRole('BROKERAGE_ADMIN')}
      when 'BROKERAGE' then u.broker_id in ${listed} and ${hasRole('BROKERAGE_ADMIN')}
      when 'PRODUCT_FAMILY' then ${hasRole('BROKERAGE_ADMIN')} and u.broker_id in (select id from brokerages where product_family = a.product_family)
      when 'LOAN_OFFICES' then u.loan_office_id is not null and ${hasRole('LOAN_OFFICE_ADMIN')}
      when 'AGENTS' then u.agent_id is not null and ${hasRole('AGENT')} and (not exists ${listed}
        or (select ag.brokerage_id from agents ag where ag.id = u.agent_id) in ${listed})
      else false end) as n from announcements a`.execute(server.db)
  ).rows;
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The editor's sizes, every announcement on one page. */
async function sizesShown(): Promise<Map<number, number>> {
  const page = v.parse(
    ManagedAnnouncementPage,
    (await admin.get('/users-api/announcements/managed?pageSize=1000')).body,
  );
  return new Map(page.content.map((a) => [a.id, a.audienceSize]));
}

/** The kept counts as the kept members give them, and the members as the rows give them. */
async function keptAgreesWithRows() {
  const members = (
    await sql<{ user_id: number; kind: string; brokerage_key: number }>`select user_id, kind, brokerage_key
      from announcement_audience_members order by 1, 2`.execute(server.db)
  ).rows;
  const fromRows = (
    await sql<{ user_id: number; kind: string; brokerage_key: number }>`
      select u.id as user_id, 'BROKERAGE_ADMIN' as kind, u.broker_id as brokerage_key from users u
        where u.status = 'ACTIVE' and u.broker_id is not null and ${hasRole('BROKERAGE_ADMIN')}
      union all select u.id, 'LOAN_OFFICE_ADMIN', 0 from users u
        where u.status = 'ACTIVE' and u.loan_office_id is not null and ${hasRole('LOAN_OFFICE_ADMIN')}
      union all select u.id, 'AGENT', coalesce((select ag.brokerage_id from agents ag where ag.id = u.agent_id), 0) from users u
        where u.status = 'ACTIVE' and u.agent_id is not null and ${hasRole('AGENT')}
      order by 1, 2`.execute(server.db)
  ).rows;
  expect(members).toEqual(fromRows);
  const counts = (
    await sql<{ kind: string; brokerage_key: number; n: number }>`select kind, brokerage_key, n
      from announcement_audience_counts where n <> 0 order by 1, 2`.execute(server.db)
  ).rows;
  const tally = new Map<string, number>();
  for (const m of members)
    for (const key of [m.brokerage_key, -1]) tally.set(`${m.kind}|${key}`, (tally.get(`${m.kind}|${key}`) ?? 0) + 1);
  const expected = [...tally]
    .map(([k, n]) => ({ kind: k.split('|')[0]!, brokerage_key: Number(k.split('|')[1]), n }))
    .sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.brokerage_key - b.brokerage_key));
  expect(counts).toEqual(expected);
}

async function expectSizesFromRows() {
  const [shown, rows] = await Promise.all([sizesShown(), sizesFromRows()]);
  expect(shown.size).toBe(rows.size);
  expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(rows));
  await keptAgreesWithRows();
}

const idOf = async (table: 'brokerages' | 'roles', column: 'name', value: string) =>
  (await server.db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id;

describe('announcement audience sizes', () => {
  it('equal the users each announcement is addressed to, for every audience, after the seed', async () => {
    const maple = await idOf('brokerages', 'name', 'Maple & Main Homes');
    const harbor = await idOf('brokerages', 'name', 'Harbor Point Realty');
    const family = (
      await server.db
        .selectFrom('brokerages')
        .select('product_family')
        .where('id', '=', harbor)
        .executeTakeFirstOrThrow()
    ).product_family;
    // One announcement of each audience, beside the seeded ones.
    for (const body of [
      { audience: 'ALL_BROKERAGES' },
      { audience: 'BROKERAGE', brokerageIds: [maple, harbor] },
      { audience: 'PRODUCT_FAMILY', productFamily: family },
      { audience: 'LOAN_OFFICES' },
      { audience: 'AGENTS' },
      { audience: 'AGENTS', brokerageIds: [harbor] },
    ]) {
      const res = await admin.post('/users-api/announcements', {
        title: `To ${body.audience}`,
        body: 'Details inside.',
        status: 'PUBLISHED',
        ...body,
      });
      expect(res.status).toBe(201);
    }
    const shown = await sizesShown();
    expect([...shown.values()].filter((n) => n > 0).length).toBeGreaterThanOrEqual(6);
    await expectSizesFromRows();
  });

  it('follow users deactivated, moved, given or stripped of a role, added and deleted, and agents moved', async () => {
    const db = server.db;
    const maple = await idOf('brokerages', 'name', 'Maple & Main Homes');
    const harbor = await idOf('brokerages', 'name', 'Harbor Point Realty');
    const brokerAdmin = await idOf('roles', 'name', 'BROKERAGE_ADMIN');
    const agentRole = await idOf('roles', 'name', 'AGENT');
    const user = async (email: string) =>
      await db.selectFrom('users').select(['id', 'agent_id']).where('email', '=', email).executeTakeFirstOrThrow();
    const basic = await user('broker.basic@demo.test');
    const broker = await user('broker@demo.test');

    await db.updateTable('users').set({ status: 'DISABLED' }).where('id', '=', basic.id).execute();
    await expectSizesFromRows();
    await db.updateTable('users').set({ status: 'ACTIVE', broker_id: harbor }).where('id', '=', basic.id).execute();
    await expectSizesFromRows();
    await db.updateTable('users').set({ broker_id: maple }).where('id', '=', basic.id).execute();
    await db.deleteFrom('user_roles').where('user_id', '=', broker.id).where('role_id', '=', brokerAdmin).execute();
    await expectSizesFromRows();
    await db.insertInto('user_roles').values({ user_id: broker.id, role_id: brokerAdmin, position: 9 }).execute();
    await expectSizesFromRows();

    // An agent and its user move to another brokerage, and back.
    const agentUser = await db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('agents as ag', 'ag.id', 'u.agent_id')
      .where('ur.role_id', '=', agentRole)
      .where('u.status', '=', 'ACTIVE')
      .where('ag.brokerage_id', '=', harbor)
      .select(['u.id', 'ag.id as agent_id'])
      .orderBy('u.id')
      .executeTakeFirstOrThrow();
    await db.updateTable('agents').set({ brokerage_id: maple }).where('id', '=', agentUser.agent_id).execute();
    await expectSizesFromRows();
    await db.updateTable('agents').set({ brokerage_id: harbor }).where('id', '=', agentUser.agent_id).execute();

    // A new brokerage admin, then deleted.
    const { id: added } = await db
      .insertInto('users')
      .values({ email: 'new.admin@example.test', status: 'ACTIVE', broker_id: maple })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: added, role_id: brokerAdmin, position: 0 }).execute();
    const before = await sizesShown();
    await expectSizesFromRows();
    await db.deleteFrom('users').where('id', '=', added).execute();
    await expectSizesFromRows();
    const after = await sizesShown();
    // The new admin counted in, then out: every brokerage admin's audience went down by one, the
    // others held.
    const titled = async (title: string) =>
      (await db.selectFrom('announcements').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
    const toAll = await titled('To ALL_BROKERAGES');
    const toMaple = await titled('To BROKERAGE');
    const toOffices = await titled('To LOAN_OFFICES');
    expect(after.get(toAll)).toBe(before.get(toAll)! - 1);
    expect(after.get(toMaple)).toBe(before.get(toMaple)! - 1);
    expect(after.get(toOffices)).toBe(before.get(toOffices));
  });

  it('are not rewritten by an update of users that changes none of the audience columns (migration 060)', async () => {
    const db = server.db;
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    /** The user's member rows with the transaction that wrote each: a rewrite changes it. */
    const written = async () =>
      (
        await sql<{ kind: string; xmin: string }>`select kind, xmin::text as xmin from announcement_audience_members
          where user_id = ${id} order by kind`.execute(db)
      ).rows;
    const rows = await written();
    expect(rows.length).toBeGreaterThan(0);
    // Named, unchanged: as a whole-row save names them.
    await sql`update users set status = status, broker_id = broker_id, loan_office_id = loan_office_id,
      agent_id = agent_id where id = ${id}`.execute(db);
    expect(await written()).toEqual(rows);
    // Changed and changed back: rewritten, and the counts as the rows give them.
    await db.updateTable('users').set({ status: 'DISABLED' }).where('id', '=', id).execute();
    await db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', id).execute();
    const again = await written();
    expect(again.map((r) => r.kind)).toEqual(rows.map((r) => r.kind));
    expect(again.map((r) => r.xmin)).not.toEqual(rows.map((r) => r.xmin));
    await expectSizesFromRows();
  });
});
