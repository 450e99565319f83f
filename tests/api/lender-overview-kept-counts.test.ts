import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import type { LenderOverview } from '../../src/contract/lender-overview.ts';
import type { LenderReferralDetail } from '../../src/contract/lender-referrals.ts';
import { OFFICERS, REFERRALS, useLenderFixture } from './lender-fixture.ts';

// The loan office overview sums counts a trigger keeps (migration 057): referrals per office, officer,
// status and month of receipt, and closed loans per office and month of closing. Those must equal the
// rows after every kind of write (assign, step, close, lose, an officer deactivated, an insert, a delete,
// a row moved to another office), and the overview's months must equal the rows counted here.

const f = useLenderFixture();

type Kept = { office: number; officer: number; status: string; month: string; n: number };
type Closed = { office: number; month: string; n: number };

/** The counts as the rows give them, in the kept tables' shape. */
const fromRows = async () => ({
  counts: (
    await sql<Kept>`select loan_office_id as office, coalesce(loan_officer_id, 0) as officer, status,
      to_char(received_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n
      from lender_referrals group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(f.server.db)
  ).rows,
  closed: (
    await sql<Closed>`select loan_office_id as office, to_char(closed_at at time zone 'UTC', 'YYYY-MM') as month,
      count(*)::int as n from lender_referrals where status = 'CLOSED' and closed_at is not null
      group by 1, 2 order by 1, 2`.execute(f.server.db)
  ).rows,
});

/** The counts as the trigger keeps them. */
const kept = async () => ({
  counts: (
    await sql<Kept>`select loan_office_id as office, officer_key as officer, status,
      to_char(received_month, 'YYYY-MM') as month, n from lender_referral_counts where n <> 0
      order by 1, 2, 3, 4`.execute(f.server.db)
  ).rows,
  closed: (
    await sql<Closed>`select loan_office_id as office, to_char(closed_month, 'YYYY-MM') as month, n
      from lender_referral_closed_months where n <> 0 order by 1, 2`.execute(f.server.db)
  ).rows,
});

const oneId = async (where: string) =>
  Number(
    (
      await sql<{
        id: number;
      }>`select id from lender_referrals where loan_office_id = ${f.ids.summit} and ${sql.raw(where)}
      order by id limit 1`.execute(f.server.db)
    ).rows[0]!.id,
  );

describe('the loan office overview’s kept counts', () => {
  it('equal the rows of the demo seed', async () => {
    const rows = await fromRows();
    expect(rows.counts.length).toBeGreaterThan(10);
    expect(rows.closed.length).toBeGreaterThan(0);
    expect(await kept()).toEqual(rows);
  });

  it('equal the rows after an assignment, steps, a closing, a loss and an officer deactivated', async () => {
    const { lender } = f;
    const officers = (
      await f.server.db
        .selectFrom('loan_officers')
        .select('id')
        .where('loan_office_id', '=', f.ids.summit)
        .where('status', '=', 'ACTIVE')
        .orderBy('id')
        .execute()
    ).map((o) => o.id);
    const assigned = await oneId(`status = 'RECEIVED' and loan_officer_id is null`);
    expect((await lender.put(`${REFERRALS}/${assigned}/loan-officer`, { loanOfficerId: officers[0] })).status).toBe(
      200,
    );
    expect((await lender.put(`${REFERRALS}/${assigned}/status`, { status: 'CONTACTED' })).status).toBe(200);
    const closing = await oneId(`status = 'RECEIVED' and id <> ${assigned}`);
    const today = new Date().toISOString().slice(0, 10);
    const closed = await lender.put<LenderReferralDetail>(`${REFERRALS}/${closing}/status`, {
      status: 'CLOSED',
      loanAmountCents: 31_250_000,
      closedOn: today,
    });
    expect(closed.status).toBe(200);
    const losing = await oneId(`status = 'CONTACTED' and id <> ${assigned}`);
    expect((await lender.put(`${REFERRALS}/${losing}/status`, { status: 'LOST', reason: 'Paying cash' })).status).toBe(
      200,
    );
    expect((await lender.put(`${OFFICERS}/${officers[1]}/status`, { status: 'INACTIVE' })).status).toBe(200);
    expect(await kept()).toEqual(await fromRows());
  });

  it('equal the rows after a delete, an insert, a row moved to another office and a received date changed', async () => {
    const db = f.server.db;
    const source = await db
      .selectFrom('lender_referrals')
      .selectAll()
      .where('loan_office_id', '=', f.ids.summit)
      .where('status', '=', 'CLOSED')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // A delete, then the same referral written again in another month (its events go and come back with it).
    const events = await db
      .selectFrom('lender_referral_events')
      .selectAll()
      .where('lender_referral_id', '=', source.id)
      .execute();
    const notes = await db
      .selectFrom('lender_referral_notes')
      .selectAll()
      .where('lender_referral_id', '=', source.id)
      .execute();
    await db.deleteFrom('lender_referral_events').where('lender_referral_id', '=', source.id).execute();
    await db.deleteFrom('lender_referral_notes').where('lender_referral_id', '=', source.id).execute();
    await db.deleteFrom('lender_referrals').where('id', '=', source.id).execute();
    expect(await kept()).toEqual(await fromRows());
    await db
      .insertInto('lender_referrals')
      .values({ ...source, received_at: new Date('2024-02-10T12:00:00Z') })
      .execute();
    if (events.length) await db.insertInto('lender_referral_events').values(events).execute();
    if (notes.length) await db.insertInto('lender_referral_notes').values(notes).execute();
    await db
      .updateTable('lender_referrals')
      .set({ loan_office_id: f.ids.keystone, loan_officer_id: null })
      .where('id', '=', source.id)
      .execute();
    await db
      .updateTable('lender_referrals')
      .set({ received_at: new Date('2023-07-01T00:30:00Z') })
      .where('id', '=', await oneId(`status <> 'CLOSED'`))
      .execute();
    expect(await kept()).toEqual(await fromRows());
  });

  it('give the overview the months, steps and officers the rows give', async () => {
    const o = (await f.lender.get<LenderOverview>(`/lenders-api/loan-offices/${f.ids.summit}/stats`)).body;
    const rows = await fromRows();
    const summit = rows.counts.filter((r) => r.office === f.ids.summit);
    for (const m of o.perMonth) {
      expect({ month: m.month, received: m.received, closed: m.closed }).toEqual({
        month: m.month,
        received: summit.filter((r) => r.month === m.month).reduce((s, r) => s + r.n, 0),
        closed: rows.closed.find((r) => r.office === f.ids.summit && r.month === m.month)?.n ?? 0,
      });
    }
    for (const s of o.byStatus)
      expect(s.count).toBe(summit.filter((r) => r.status === s.status).reduce((n, r) => n + r.n, 0));
    const unassigned = summit.filter((r) => r.officer === 0).reduce((n, r) => n + r.n, 0);
    expect(o.perOfficer.find((x) => x.loanOfficerId === null)?.total ?? 0).toBe(unassigned);
    // This month and last month by the calendar of the run, counted from the rows here.
    const monthOf = (back: number) => {
      const now = new Date();
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
    };
    const receivedIn = (month: string) => summit.filter((r) => r.month === month).reduce((n, r) => n + r.n, 0);
    expect(o.perMonth.at(-1)!.month).toBe(monthOf(0));
    expect(o.receivedThisMonth).toBe(receivedIn(monthOf(0)));
    expect(o.receivedLastMonth).toBe(receivedIn(monthOf(1)));
    expect(o.receivedThisMonth + o.receivedLastMonth).toBeGreaterThan(0);
  });
});

describe('the loan office overview’s first contact figures', () => {
  it('equal the last 90 days of rows: received, contacted, within 24 hours and the median of the contacted', async () => {
    // The server's clock pinned for the call, so that its 90 days and these are the same window.
    const now = new Date();
    f.server.setNow(now);
    const o = await f.lender
      .get<LenderOverview>(`/lenders-api/loan-offices/${f.ids.summit}/stats`)
      .then((r) => r.body)
      .finally(() => f.server.setNow(undefined));
    const since = new Date(now.getTime() - 90 * 24 * 3600 * 1000);
    const rows = (
      await sql<{ hours: number | null }>`select extract(epoch from (first_contact_at - received_at)) / 3600 as hours
        from lender_referrals where loan_office_id = ${f.ids.summit} and received_at >= ${since}`.execute(f.server.db)
    ).rows.map((r) => (r.hours === null ? null : Number(r.hours)));
    const contacted = rows.filter((h): h is number => h !== null).sort((a, b) => a - b);
    expect(contacted.length).toBeGreaterThan(1);
    const mid = (contacted.length - 1) / 2;
    const median = (contacted[Math.floor(mid)]! + contacted[Math.ceil(mid)]!) / 2;
    expect(o.firstContact).toEqual({
      received: rows.length,
      contacted: contacted.length,
      within24Hours: contacted.filter((h) => h <= 24).length,
      medianHours: Math.round(median * 10) / 10,
    });
  });
});
