import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { overduePredicate } from '../../server/db/overdue.ts';
import { BrokerReferralDetail, BrokerReferralPage } from '../../src/contract/broker-referrals.ts';
import { BrokerageStats as BrokerageStatsSchema } from '../../src/contract/brokerages.ts';
import { startDashboardFixture } from '../setup/dashboard-fixture.ts';
import { signIn, type Caller, type TestServer } from '../setup/test-server.ts';

// My Referrals: every overview link lands on a list whose total is the widget's number,
// and the totals agree with counts written here in plain SQL, apart from the API's queries.

let server: TestServer;
const now = new Date();
const ids = { harbor: 0, maple: 0 };
let admin: Caller, csr: Caller, broker: Caller, basic: Caller, lender: Caller, agent: Caller;

beforeAll(async () => {
  const f = await startDashboardFixture(now);
  ({ server, admin, csr, broker, basic, lender } = f);
  Object.assign(ids, f.ids);
  agent = await signIn(server, '+15550100001');
});
afterAll(async () => {
  await server.close();
});

const total = async (caller: Caller, query: string) => {
  const res = await caller.get(`/agents-api/broker-referrals?pageSize=1&${query}`);
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return v.parse(BrokerReferralPage, res.body).totalElements;
};

const count = async (where: ReturnType<typeof sql>) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from referrals r where r.brokerage_id = ${ids.harbor} and ${where}`.execute(server.db)
  ).rows[0]!.n;

describe('My Referrals: the overview links', () => {
  it('gives each overall total and the overdue count as the total of the list it links to', async () => {
    const stats = v.parse(
      BrokerageStatsSchema,
      (await broker.get(`/agents-api/brokerages/${ids.harbor}/stats?product=COMBINED`)).body,
    );
    expect(await total(broker, 'category=all')).toBe(stats.activeReferrals + stats.totalClosed + stats.removed);
    expect(await total(broker, 'category=active')).toBe(stats.activeReferrals);
    expect(await total(broker, 'category=closed')).toBe(stats.totalClosed);
    expect(await total(broker, 'category=removed')).toBe(stats.removed);
    expect(await total(broker, 'followupType=OVERDUE')).toBe(stats.overdueForFollowUp);
    expect(stats.overdueForFollowUp).toBeGreaterThan(0);
  });

  it('counts the categories and the overdue list as plain SQL over the referrals does', async () => {
    expect(await total(broker, 'category=all')).toBe(await count(sql`true`));
    expect(await total(broker, 'category=active')).toBe(
      await count(sql`r.stage not in ('CLOSED', 'LEASED', 'REMOVED')`),
    );
    expect(await total(broker, 'category=closed')).toBe(await count(sql`r.stage in ('CLOSED', 'LEASED')`));
    expect(await total(broker, 'category=removed')).toBe(await count(sql`r.stage = 'REMOVED'`));
    expect(await total(broker, 'followupType=OVERDUE')).toBe(await count(overduePredicate('r', now)));
    expect(await total(broker, 'followupType=UP_TO_DATE')).toBe(await count(sql`not ${overduePredicate('r', now)}`));
  });

  it('gives every step of the overall, seller and buyer funnels as the total of its link', async () => {
    const stats = v.parse(
      BrokerageStatsSchema,
      (await broker.get(`/agents-api/brokerages/${ids.harbor}/stats?product=COMBINED`)).body,
    );
    const overall: [string, number][] = [
      ['AWAITING_FOLLOWUP', stats.received],
      ['SPOKEN_WITH', stats.spokenWith],
      ['SHOWN_HOMES', stats.shownHomes],
      ['MET_WITH_SELLER', stats.metWithSeller],
      ['OFFER_MADE', stats.offersMade],
      ['LISTED_HOME', stats.listedHome],
      ['UNDER_CONTRACT', stats.underContract],
      ['CLOSED', stats.closed],
      ['LONG_TERM_HOLD', stats.longTermHold],
    ];
    for (const [s, n] of overall) expect(await total(broker, `s=${s}`), s).toBe(n);
    const f = stats.sellerFunnel;
    const seller: [string, number][] = [
      ['AWAITING_FOLLOWUP', f.received],
      ['SPOKEN_WITH', f.spokenWith],
      ['MET_WITH_SELLER', f.metWithSeller],
      ['LISTED_HOME', f.listedHome],
      ['OFFER_MADE', f.offersMade],
      ['UNDER_CONTRACT', f.underContract],
      ['CLOSED', f.closed],
      ['LONG_TERM_HOLD', f.longTermHold],
      ['REMOVED', f.removed],
    ];
    for (const [s, n] of seller) expect(await total(broker, `s=${s}&t=SELLER`), `seller ${s}`).toBe(n);
    const b = stats.buyerFunnel;
    const buyer: [string, number][] = [
      ['AWAITING_FOLLOWUP', b.received],
      ['SPOKEN_WITH', b.spokenWith],
      ['SHOWN_HOMES', b.shownHomes],
      ['OFFER_MADE', b.offersMade],
      ['UNDER_CONTRACT', b.underContract],
      ['CLOSED', b.closed],
      ['LONG_TERM_HOLD', b.longTermHold],
      ['REMOVED', b.removed],
    ];
    for (const [s, n] of buyer) expect(await total(broker, `s=${s}&t=BUYER`), `buyer ${s}`).toBe(n);
  });

  it('counts a seller funnel step as the sellers at that step or past it, in plain SQL', async () => {
    // Seller path: received, spoken with, met (or showed homes), listed, offer, under contract, closed (or leased).
    expect(await total(broker, 's=LISTED_HOME&t=SELLER')).toBe(
      await count(sql`r.type = 'SELLER'
      and r.stage in ('LISTED_HOME', 'OFFER_MADE', 'UNDER_CONTRACT', 'CLOSED', 'LEASED')`),
    );
    expect(await total(broker, 's=AWAITING_FOLLOWUP&t=SELLER')).toBe(await count(sql`r.type = 'SELLER'`));
  });

  it('narrows by product as the product selector does', async () => {
    const stats = v.parse(
      BrokerageStatsSchema,
      (await broker.get(`/agents-api/brokerages/${ids.harbor}/stats?product=PORCHLIGHT`)).body,
    );
    expect(await total(broker, 'category=active&product=PORCHLIGHT')).toBe(stats.activeReferrals);
    expect(await total(broker, 'followupType=OVERDUE&product=PORCHLIGHT')).toBe(stats.overdueForFollowUp);
  });
});

describe('My Referrals: the list', () => {
  it('answers rows with the agent, stage and overdue days, overdue rows carrying their days', async () => {
    const res = await broker.get('/agents-api/broker-referrals?followupType=OVERDUE&sort=overdue,DESC&pageSize=20');
    const page = v.parse(BrokerReferralPage, res.body);
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content.every((r) => r.overdue && r.daysOverdue >= 1)).toBe(true);
    const days = page.content.map((r) => r.daysOverdue);
    expect(days).toEqual([...days].sort((a, b) => b - a));
  });

  it('filters by agent and by the prospect’s name', async () => {
    const [row] = (
      await sql<{ agent_id: number; prospect_last: string }>`select agent_id, prospect_last from referrals
      where brokerage_id = ${ids.harbor} and prospect_last is not null order by id limit 1`.execute(server.db)
    ).rows;
    expect(await total(broker, `agentId=${row!.agent_id}`)).toBe(await count(sql`r.agent_id = ${row!.agent_id}`));
    const like = `%${row!.prospect_last.toLowerCase()}%`;
    expect(await total(broker, `q=${encodeURIComponent(row!.prospect_last.toUpperCase())}`)).toBe(
      await count(sql`lower(concat_ws(' ', r.prospect_first, r.prospect_last)) like ${like}`),
    );
  });

  it('lets staff read a brokerage they name, and a brokerage admin only their own', async () => {
    expect(await total(admin, `brokerageId=${ids.harbor}&category=all`)).toBe(await total(broker, 'category=all'));
    expect((await basic.get(`/agents-api/broker-referrals?brokerageId=${ids.harbor}`)).status).toBe(403);
    expect((await admin.get('/agents-api/broker-referrals')).status).toBe(400);
    for (const c of [csr, lender, agent]) expect((await c.get('/agents-api/broker-referrals')).status).toBe(403);
  });

  it('refuses an agent of another brokerage as a filter', async () => {
    const other = await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', ids.maple)
      .executeTakeFirstOrThrow();
    expect((await broker.get(`/agents-api/broker-referrals?agentId=${other.id}`)).status).toBe(403);
  });

  it('answers bad filters with 400 and the field', async () => {
    for (const q of [
      's=NOPE',
      't=CONDO',
      'category=open',
      'followupType=LATE',
      'sort=price,DESC',
      'pageSize=0',
      'product=X',
    ]) {
      const res = await broker.get(`/agents-api/broker-referrals?${q}`);
      expect(res.status, q).toBe(400);
      expect(Object.keys(res.body.fields ?? {})).toContain(q.split('=')[0]);
    }
  });
});

describe('My Referrals: one referral', () => {
  it('shows its details, timeline and notes, and adds a note', async () => {
    const ref = await server.db
      .selectFrom('referrals')
      .select('id')
      .where('brokerage_id', '=', ids.harbor)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await broker.get(`/agents-api/broker-referrals/${ref.id}`);
    expect(res.status).toBe(200);
    const before = v.parse(BrokerReferralDetail, res.body);
    const added = await broker.post(`/agents-api/broker-referrals/${ref.id}/notes`, {
      text: '  Called the client back  ',
    });
    expect(added.status).toBe(201);
    const after = v.parse(BrokerReferralDetail, added.body);
    expect(after.notes).toHaveLength(before.notes.length + 1);
    expect(after.notes[0]).toMatchObject({ text: 'Called the client back', authorName: 'Blair Harbor' });
  });

  it('refuses another brokerage’s referral, and empty or unknown notes', async () => {
    const other = await server.db
      .selectFrom('referrals')
      .select('id')
      .where('brokerage_id', '=', ids.maple)
      .executeTakeFirstOrThrow();
    expect((await broker.get(`/agents-api/broker-referrals/${other.id}`)).status).toBe(403);
    expect((await broker.post(`/agents-api/broker-referrals/${other.id}/notes`, { text: 'x' })).status).toBe(403);
    expect((await broker.get('/agents-api/broker-referrals/999999')).status).toBe(403);
    expect((await admin.get('/agents-api/broker-referrals/999999')).status).toBe(404);
    const mine = await server.db
      .selectFrom('referrals')
      .select('id')
      .where('brokerage_id', '=', ids.harbor)
      .executeTakeFirstOrThrow();
    const notesBefore = await server.db
      .selectFrom('referral_notes')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect((await broker.post(`/agents-api/broker-referrals/${mine.id}/notes`, { text: '   ' })).status).toBe(400);
    expect((await broker.post(`/agents-api/broker-referrals/${mine.id}/notes`, 'nope')).status).toBe(400);
    const notesAfter = await server.db
      .selectFrom('referral_notes')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(notesAfter.n).toBe(notesBefore.n);
  });
});

describe('My Leads: the overview links', () => {
  it('gives each status count of the leads-by-status and responded-leads widgets as the total of its link', async () => {
    for (const leadType of ['ALL', 'NEW', 'AGED']) {
      const stats = (
        await broker.get(
          `/interviews-api/broker-leads/${ids.harbor}/opportunityStatusStats?product=COMBINED&leadType=${leadType}`,
        )
      ).body as { status: string; count: number }[];
      expect(stats.length).toBeGreaterThan(0);
      for (const s of stats) {
        const res = await broker.get(
          `/interviews-api/broker-leads?product=COMBINED&pageSize=1&status=${s.status}&leadType=${leadType}`,
        );
        expect(res.body.totalElements, `${leadType} ${s.status}`).toBe(s.count);
      }
      const both = stats.slice(0, 2);
      const res = await broker.get(
        `/interviews-api/broker-leads?product=COMBINED&pageSize=1&status=${both.map((s) => s.status).join(',')}&leadType=${leadType}`,
      );
      expect(res.body.totalElements).toBe(both.reduce((n, s) => n + s.count, 0));
    }
  });

  it('searches leads by name, email or phone digits, as SQL does', async () => {
    const lead = await server.db
      .selectFrom('opportunities')
      .select(['contact_last', 'contact_phone'])
      .where('brokerage_id', '=', ids.harbor)
      .where('contact_last', 'is not', null)
      .where('contact_phone', 'is not', null)
      .executeTakeFirstOrThrow();
    const like = `%${lead.contact_last!.toLowerCase()}%`;
    const { n } = (
      await sql<{ n: number }>`select count(*)::int as n from opportunities where brokerage_id = ${ids.harbor}
      and (lower(concat_ws(' ', contact_first, contact_last)) like ${like} or lower(contact_email) like ${like})`.execute(
        server.db,
      )
    ).rows[0]!;
    expect(
      (await broker.get(`/interviews-api/broker-leads?product=COMBINED&pageSize=1&q=${lead.contact_last}`)).body
        .totalElements,
    ).toBe(n);
    const digits = lead.contact_phone!.replace(/\D/g, '').slice(-7);
    const byPhone = await broker.get(`/interviews-api/broker-leads?product=COMBINED&pageSize=50&q=${digits}`);
    expect(
      byPhone.body.content.some(
        (l: { contact: { phoneNumber: string } }) => l.contact.phoneNumber === lead.contact_phone,
      ),
    ).toBe(true);
  });
});
