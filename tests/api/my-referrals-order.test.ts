import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { daysSinceSql, overduePredicate } from '../../server/db/overdue.ts';
import type { BrokerReferralPage } from '../../src/contract/broker-referrals.ts';
import { startDashboardFixture } from '../setup/dashboard-fixture.ts';
import type { Caller, TestServer } from '../setup/test-server.ts';

// My Referrals' overdue sort, read from migration 013's indexes in two ordered parts, against
// the rule of server/db/overdue.ts applied in plain SQL: most overdue first (by the time the days count
// from, then id), then the referrals that are not overdue, latest update first; ascending is the reverse.
// Every page, including the one where the two parts meet, is the matching slice of that order.

let server: TestServer;
let broker: Caller;
const now = new Date();
const ids = { harbor: 0 };

beforeAll(async () => {
  const f = await startDashboardFixture(now);
  ({ server, broker } = f);
  ids.harbor = f.ids.harbor;
}, 300_000); // the shared machine can take minutes to copy the seeded database
afterAll(async () => {
  await server.close();
});

/** The expected order of the brokerage's referrals (optionally only overdue ones), in SQL written apart. */
async function expected(desc: boolean, onlyOverdue: boolean): Promise<number[]> {
  const od = overduePredicate('r', now);
  const since = sql`case when r.stage = 'UNDER_CONTRACT' then r.date_of_sale::timestamptz else r.updated_at end`;
  const rows = (
    await sql<{
      id: number;
      overdue: boolean;
      days: number;
    }>`select r.id, ${od} as overdue, ${daysSinceSql('r', now)} as days
    from referrals r where r.brokerage_id = ${ids.harbor} ${onlyOverdue ? sql`and ${od}` : sql``}
    order by (${od}) ${sql.raw(desc ? 'desc' : 'asc')},
      case when ${od} then ${since} end ${sql.raw(desc ? 'asc' : 'desc')},
      case when not ${od} then r.updated_at end ${sql.raw(desc ? 'desc' : 'asc')},
      case when ${od} then r.id end ${sql.raw(desc ? 'asc' : 'desc')},
      case when not ${od} then r.id end ${sql.raw(desc ? 'desc' : 'asc')}`.execute(server.db)
  ).rows;
  return rows.map((r) => r.id);
}

async function listed(
  query: string,
  pageSize: number,
): Promise<{ ids: number[]; total: number; pages: BrokerReferralPage[] }> {
  const pages: BrokerReferralPage[] = [];
  for (let i = 0; ; i++) {
    const res = await broker.get<BrokerReferralPage>(
      `/agents-api/broker-referrals?${query}&pageSize=${pageSize}&pageIndex=${i}`,
    );
    expect(res.status).toBe(200);
    pages.push(res.body);
    if ((i + 1) * pageSize >= res.body.totalElements) break;
  }
  return { ids: pages.flatMap((p) => p.content.map((r) => r.id)), total: pages[0]!.totalElements, pages };
}

describe('My Referrals sorted by overdue', () => {
  it('lists most overdue first, then the rest by latest update, on every page (the parts meet mid-page)', async () => {
    const want = await expected(true, false);
    const overdue = (await expected(true, true)).length;
    expect(overdue).toBeGreaterThan(3);
    expect(want.length).toBeGreaterThan(overdue);
    // A page size that does not divide the overdue count: one page holds the end of one part and the start of the other.
    const size = overdue % 7 === 0 ? 6 : 7;
    const got = await listed('sort=overdue,DESC', size);
    expect(got.total).toBe(want.length);
    expect(got.ids).toEqual(want);
    const days = got.pages.flatMap((p) => p.content).map((r) => (r.overdue ? r.daysOverdue : -1));
    expect(days).toEqual([...days].sort((a, b) => b - a));
  });

  it('reverses the order ascending, and keeps to overdue referrals with followupType=OVERDUE', async () => {
    expect((await listed('sort=overdue,ASC', 9)).ids).toEqual(await expected(false, false));
    const onlyOverdue = await listed('sort=overdue,DESC&followupType=OVERDUE', 5);
    expect(onlyOverdue.ids).toEqual(await expected(true, true));
    expect(onlyOverdue.pages.flatMap((p) => p.content).every((r) => r.overdue)).toBe(true);
    expect((await listed('sort=overdue,ASC&followupType=OVERDUE', 5)).ids).toEqual(await expected(false, true));
  });

  it('sorts up-to-date referrals by last update, and combines the sort with the other filters', async () => {
    const upToDate = await listed('sort=overdue,DESC&followupType=UP_TO_DATE', 50);
    expect(upToDate.pages.flatMap((p) => p.content).every((r) => !r.overdue)).toBe(true);
    const updated = upToDate.pages.flatMap((p) => p.content).map((r) => r.updated);
    expect(updated).toEqual([...updated].sort().reverse());
    const active = await listed('sort=overdue,DESC&category=active&t=BUYER', 50);
    const want = await expected(true, false);
    const activeBuyers = new Set(
      (
        await sql<{ id: number }>`select id from referrals where brokerage_id = ${ids.harbor} and type = 'BUYER'
      and stage not in ('CLOSED', 'LEASED', 'REMOVED')`.execute(server.db)
      ).rows.map((r) => r.id),
    );
    expect(active.ids).toEqual(want.filter((id) => activeBuyers.has(id)));
  });
});
