import { sql, type Insertable } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AnnouncementsTable } from '../../server/db/schema-broker-admin.ts';
import { AnnouncementPage, AnnouncementStatus } from '../../src/contract/announcements.ts';
import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// The announcements list's totals and unread count are counted apart from its page (decision 0128): one
// count per audience, summed, less the reader's reads of what they see. They must equal what the page
// itself lists, for every kind of reader, with and without the unread filter, after announcements of
// each audience are added, read, archived and expired.

let server: TestServer;
const readers: Record<string, Caller> = {};
let harbor: number;
let harborFamily: string;
let maple: number;

const list = async (who: Caller, query: string) => {
  const res = await who.get(`/users-api/announcements?pageSize=200${query}`);
  expect(res.status, query).toBe(200);
  return v.parse(AnnouncementPage, res.body);
};

beforeAll(async () => {
  server = await startTestServer();
  readers['broker'] = await signIn(server, 'broker@demo.test');
  readers['broker.basic'] = await signIn(server, 'broker.basic@demo.test');
  readers['admin'] = await signIn(server, 'admin@demo.test');
  readers['lender'] = await signIn(server, 'lender@demo.test');
  readers['agent'] = await signIn(server, DEMO_AGENT_PHONE);
  const brokerages = await server.db.selectFrom('brokerages').select(['id', 'name', 'product_family']).execute();
  const named = (name: string) => brokerages.find((b) => b.name === name)!;
  harbor = named('Harbor Point Realty').id;
  harborFamily = named('Harbor Point Realty').product_family;
  maple = named('Maple & Main Homes').id;
});
afterAll(async () => {
  await server.close();
});

/** Every reader's totals equal the rows of their pages: all, unread and read, and the unread count. */
async function expectTotalsOfThePages() {
  const asked: [string, Caller, string][] = [
    ...Object.entries(readers).map(([name, who]): [string, Caller, string] => [name, who, '']),
    ['admin for Maple & Main', readers['admin']!, `&brokerageId=${maple}`],
  ];
  for (const [name, who, scope] of asked) {
    const all = await list(who, scope);
    const unread = await list(who, `${scope}&unread=true`);
    const read = await list(who, `${scope}&unread=false`);
    const unreadIds = all.content.filter((a) => a.readAt === null).map((a) => a.id);
    const readIds = all.content.filter((a) => a.readAt !== null).map((a) => a.id);
    expect(
      {
        total: all.totalElements,
        unreadTotal: unread.totalElements,
        readTotal: read.totalElements,
        unreadCount: [all.unreadCount, unread.unreadCount, read.unreadCount],
        unread: unread.content.map((a) => a.id),
        read: read.content.map((a) => a.id),
      },
      name,
    ).toEqual({
      total: all.content.length,
      unreadTotal: unreadIds.length,
      readTotal: readIds.length,
      unreadCount: [unreadIds.length, unreadIds.length, unreadIds.length],
      unread: unreadIds,
      read: readIds,
    });
  }
}

describe('announcement totals and unread counts, per audience (decision 0128)', () => {
  it('equal the pages for every reader, after announcements of each audience are added, read, archived and expired', async () => {
    await expectTotalsOfThePages();
    const day = 86_400_000;
    const now = Date.now();
    const at = (days: number) => new Date(now + days * day);
    const added = await server.db
      .insertInto('announcements')
      .values(
        (
          [
            {
              title: 'Counted: everyone',
              body: 'b',
              audience: 'ALL_BROKERAGES',
              status: 'PUBLISHED',
              publish_at: at(-2),
            },
            { title: 'Counted: Harbor', body: 'b', audience: 'BROKERAGE', status: 'PUBLISHED', publish_at: at(-2) },
            {
              title: 'Counted: family',
              body: 'b',
              audience: 'PRODUCT_FAMILY',
              product_family: harborFamily,
              status: 'PUBLISHED',
              publish_at: at(-1),
            },
            { title: 'Counted: agents', body: 'b', audience: 'AGENTS', status: 'PUBLISHED', publish_at: at(-1) },
            { title: 'Counted: lenders', body: 'b', audience: 'LOAN_OFFICES', status: 'PUBLISHED', publish_at: at(-1) },
            {
              title: 'Counted: tomorrow',
              body: 'b',
              audience: 'ALL_BROKERAGES',
              status: 'PUBLISHED',
              publish_at: at(1),
            },
            {
              title: 'Counted: over',
              body: 'b',
              audience: 'ALL_BROKERAGES',
              status: 'PUBLISHED',
              publish_at: at(-3),
              expires_at: at(-1),
            },
            { title: 'Counted: draft', body: 'b', audience: 'ALL_BROKERAGES', status: 'DRAFT', publish_at: at(-1) },
          ] satisfies Omit<Insertable<AnnouncementsTable>, 'priority'>[]
        ).map((a) => ({ priority: 'NORMAL' as const, ...a })),
      )
      .returning(['id', 'title'])
      .execute();
    const id = Object.fromEntries(added.map((a) => [a.title, a.id]));
    await server.db
      .insertInto('announcement_brokerages')
      .values({ announcement_id: id['Counted: Harbor']!, brokerage_id: harbor })
      .execute();
    await expectTotalsOfThePages();

    // Read by the broker and the agent, one of them then archived and another expired: a read of an
    // announcement the reader no longer sees is not taken from their unread count.
    for (const [who, ids] of [
      ['broker', ['Counted: everyone', 'Counted: Harbor', 'Counted: family']],
      ['agent', ['Counted: agents']],
    ] as const)
      for (const title of ids) {
        const res = await readers[who]!.post('/users-api/announcements/status', { announcementId: id[title]! });
        expect(res.status, title).toBe(200);
        const status = v.parse(AnnouncementStatus, res.body);
        expect(status.unreadCount).toBe((await list(readers[who]!, '')).unreadCount);
      }
    await expectTotalsOfThePages();
    await server.db
      .updateTable('announcements')
      .set({ status: 'ARCHIVED' })
      .where('id', '=', id['Counted: everyone']!)
      .execute();
    await server.db
      .updateTable('announcements')
      .set({ expires_at: new Date(now - 1000), publish_at: at(-3) })
      .where('id', '=', id['Counted: Harbor']!)
      .execute();
    await expectTotalsOfThePages();
    const broker = await list(readers['broker']!, '');
    expect(broker.content.map((a) => a.title)).toContain('Counted: family');
    expect(broker.content.map((a) => a.title)).not.toContain('Counted: everyone');
    await sql`delete from announcements where title like 'Counted: %'`.execute(server.db);
    await expectTotalsOfThePages();
  });
});
