import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { overduePredicate } from '../../server/db/overdue.ts';
import { overdueSql } from '../../server/routes/agents-api/overdue-sql.ts';
import { BrokerageStats, BrokerScore } from '../../src/contract/brokerages.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
const now = new Date();
const ids = { harbor: 0, maple: 0, cedar: 0, brokerBasicUser: 0, brokerUser: 0 };
let admin: Caller, csr: Caller, broker: Caller, basic: Caller, lender: Caller, engagement: Caller;

beforeAll(async () => {
  server = await startTestServer();
  server.setNow(now);
  const b = await server.db.selectFrom('brokerages').select(['id', 'name']).execute();
  const idOf = (name: string) => b.find((x) => x.name === name)!.id;
  Object.assign(ids, {
    harbor: idOf('Harbor Point Realty'),
    maple: idOf('Maple & Main Homes'),
    cedar: idOf('Cedar Ridge Properties'),
  });
  const users = await server.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['broker@demo.test', 'broker.basic@demo.test'])
    .execute();
  ids.brokerUser = users.find((u) => u.email === 'broker@demo.test')!.id;
  ids.brokerBasicUser = users.find((u) => u.email === 'broker.basic@demo.test')!.id;
  [admin, csr, broker, basic, lender, engagement] = await Promise.all([
    signIn(server, 'admin@demo.test'),
    signIn(server, 'csr@demo.test'),
    signIn(server, 'broker@demo.test'),
    signIn(server, 'broker.basic@demo.test'),
    signIn(server, 'lender@demo.test'),
    signIn(server, 'engagement@demo.test'),
  ]);
});
afterAll(async () => {
  await server.close();
});

// ---- independent SQL: one pass with explicit stage lists per funnel step (the API counts per stage).
const ALL_DONE = ['UNDER_CONTRACT', 'CLOSED', 'LEASED'];
const FUNNEL_STEPS: Record<string, Record<string, string[] | 'all'>> = {
  SELLER: {
    received: 'all',
    spokenWith: ['SPOKEN_WITH', 'MET_WITH_SELLER', 'SHOWN_HOMES', 'LISTED_HOME', 'OFFER_MADE', ...ALL_DONE],
    metWithSeller: ['MET_WITH_SELLER', 'SHOWN_HOMES', 'LISTED_HOME', 'OFFER_MADE', ...ALL_DONE],
    listedHome: ['LISTED_HOME', 'OFFER_MADE', ...ALL_DONE],
    offersMade: ['OFFER_MADE', ...ALL_DONE],
    underContract: ALL_DONE,
    closed: ['CLOSED', 'LEASED'],
    longTermHold: ['LONG_TERM_HOLD'],
    removed: ['REMOVED'],
  },
  BUYER: {
    received: 'all',
    spokenWith: ['SPOKEN_WITH', 'SHOWN_HOMES', 'MET_WITH_SELLER', 'LISTED_HOME', 'OFFER_MADE', ...ALL_DONE],
    shownHomes: ['SHOWN_HOMES', 'MET_WITH_SELLER', 'LISTED_HOME', 'OFFER_MADE', ...ALL_DONE],
    offersMade: ['OFFER_MADE', ...ALL_DONE],
    underContract: ALL_DONE,
    closed: ['CLOSED', 'LEASED'],
    longTermHold: ['LONG_TERM_HOLD'],
    removed: ['REMOVED'],
  },
  RENTAL: {
    received: 'all',
    spokenWith: ['SPOKEN_WITH', 'SHOWN_HOMES', 'MET_WITH_SELLER', 'LISTED_HOME', 'OFFER_MADE', ...ALL_DONE],
    shownHomes: ['SHOWN_HOMES', 'MET_WITH_SELLER', 'LISTED_HOME', 'OFFER_MADE', ...ALL_DONE],
    leased: ['CLOSED', 'LEASED'],
    longTermHold: ['LONG_TERM_HOLD'],
    removed: ['REMOVED'],
  },
};
const SNAPSHOT: Record<string, string[]> = {
  received: ['AWAITING_FOLLOWUP'],
  spokenWith: ['SPOKEN_WITH'],
  shownHomes: ['SHOWN_HOMES'],
  metWithSeller: ['MET_WITH_SELLER'],
  offersMade: ['OFFER_MADE'],
  listedHome: ['LISTED_HOME'],
  underContract: ['UNDER_CONTRACT'],
  closed: ['CLOSED', 'LEASED'],
  longTermHold: ['LONG_TERM_HOLD'],
  removed: ['REMOVED'],
};
const list = (xs: string[]) => sql.join(xs.map((x) => sql.lit(x)));

async function expectedStats(brokerageId: number, products: string[], at: Date) {
  const cells: Record<string, ReturnType<typeof sql>> = {
    all: sql`count(*)`,
    active: sql`count(*) filter (where stage not in ('CLOSED', 'LEASED', 'REMOVED'))`,
    overdue: sql`count(*) filter (where ${overduePredicate('r', at)})`,
    closedCents: sql`coalesce(sum(sale_price_cents) filter (where stage in ('CLOSED', 'LEASED')), 0)`,
  };
  for (const [k, stages] of Object.entries(SNAPSHOT))
    cells[`snap_${k}`] = sql`count(*) filter (where stage in (${list(stages)}))`;
  for (const [type, steps] of Object.entries(FUNNEL_STEPS)) {
    for (const [k, stages] of Object.entries(steps)) {
      cells[`${type}_${k}`] =
        stages === 'all'
          ? sql`count(*) filter (where type = ${type})`
          : sql`count(*) filter (where type = ${type} and stage in (${list(stages)}))`;
    }
  }
  const selects = sql.join(Object.entries(cells).map(([k, e]) => sql`(${e})::bigint as ${sql.ref(k)}`));
  const row = (
    await sql<Record<string, number>>`select ${selects} from referrals r
    where r.brokerage_id = ${brokerageId} and r.product in (${list(products)})`.execute(server.db)
  ).rows[0]!;
  const n = (k: string) => Number(row[k]);
  const funnelOf = (type: string) =>
    Object.fromEntries(Object.keys(FUNNEL_STEPS[type]!).map((k) => [k, n(`${type}_${k}`)]));
  const closed = n('snap_closed');
  const removed = n('snap_removed');
  const closedValue = Math.round(n('closedCents') / 100);
  const rate = closed + removed === 0 ? 0 : closed / (closed + removed);
  const projected =
    n('snap_underContract') + Math.round((n('active') - n('snap_underContract') - n('snap_longTermHold')) * rate);
  return {
    activeReferrals: n('active'),
    overdueForFollowUp: n('overdue'),
    totalClosed: closed,
    totalClosedValue: closedValue,
    removed,
    projectedNewClosings: projected,
    projectedToClose: closed === 0 ? 0 : Math.round(projected * (closedValue / closed)),
    ...Object.fromEntries(
      Object.keys(SNAPSHOT)
        .filter((k) => k !== 'removed')
        .map((k) => [k, n(`snap_${k}`)]),
    ),
    sellerFunnel: funnelOf('SELLER'),
    buyerFunnel: funnelOf('BUYER'),
    rentalFunnel: funnelOf('RENTAL'),
  };
}

const prefixed = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).map(([k, x]) => [`leadGenius${k[0]!.toUpperCase()}${k.slice(1)}`, x]));

describe('brokerage stats', () => {
  it.each([
    ['COMBINED', ['PORCHLIGHT', 'LEAD_GENIUS']],
    ['PORCHLIGHT', ['PORCHLIGHT']],
    ['LEAD_GENIUS', ['LEAD_GENIUS']],
  ])(
    'count Harbor Point referrals for product %s the way independent SQL does, with the LEAD_GENIUS set beside them',
    async (product, products) => {
      const res = await broker.get(`/agents-api/brokerages/${ids.harbor}/stats?product=${product}`);
      expect(res.status).toBe(200);
      const body = v.parse(BrokerageStats, res.body);
      expect(body).toMatchObject({
        brokerageId: ids.harbor,
        product,
        ...(await expectedStats(ids.harbor, products, now)),
      });
      expect(body).toMatchObject(prefixed(await expectedStats(ids.harbor, ['LEAD_GENIUS'], now)));
      expect(body.activeReferrals).toBeGreaterThan(0);
      expect(body.overdueForFollowUp).toBeGreaterThan(0);
    },
  );

  it('default to COMBINED and give a Porchlight-only brokerage zero LEAD_GENIUS figures', async () => {
    const res = await basic.get(`/agents-api/brokerages/${ids.maple}/stats`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      product: 'COMBINED',
      ...(await expectedStats(ids.maple, ['PORCHLIGHT', 'LEAD_GENIUS'], now)),
    });
    expect(res.body.leadGeniusActiveReferrals).toBe(0);
    expect(res.body.leadGeniusSellerFunnel.received).toBe(0);
  });

  it('follow the rows: a new referral and a closing move the figures', async () => {
    const before = (await admin.get(`/agents-api/brokerages/${ids.cedar}/stats`)).body;
    const agent = await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', ids.cedar)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('referrals')
      .values([
        {
          agent_id: agent.id,
          brokerage_id: ids.cedar,
          type: 'SELLER',
          stage: 'LISTED_HOME',
          created_at: now,
          updated_at: new Date(now.getTime() - 10 * 86_400_000),
        },
        {
          agent_id: agent.id,
          brokerage_id: ids.cedar,
          type: 'BUYER',
          stage: 'CLOSED',
          sale_price_cents: 250_000_00,
          date_of_sale: '2026-01-15',
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    const after = (await admin.get(`/agents-api/brokerages/${ids.cedar}/stats`)).body;
    expect(after.activeReferrals).toBe(before.activeReferrals + 1);
    expect(after.overdueForFollowUp).toBe(before.overdueForFollowUp + 1);
    expect(after.listedHome).toBe(before.listedHome + 1);
    expect(after.sellerFunnel.metWithSeller).toBe(before.sellerFunnel.metWithSeller + 1);
    expect(after.totalClosed).toBe(before.totalClosed + 1);
    expect(after.totalClosedValue).toBe(before.totalClosedValue + 250_000);
    expect(after.buyerFunnel.underContract).toBe(before.buyerFunnel.underContract + 1);
  });
});

describe('the overdue rule in its index-friendly form', () => {
  it.each([0, 1.5, 3, 10, -20])(
    'flags exactly the referrals overduePredicate flags, %s days from now',
    async (days) => {
      const at = new Date(now.getTime() + days * 86_400_000);
      const row = (
        await sql<{ a: number; b: number; differ: number }>`select
      count(*) filter (where ${overduePredicate('r', at)})::int as a,
      count(*) filter (where ${overdueSql('r', at)})::int as b,
      count(*) filter (where (${overduePredicate('r', at)}) is distinct from (${overdueSql('r', at)}))::int as differ
      from referrals r`.execute(server.db)
      ).rows[0]!;
      expect(row.differ).toBe(0);
      expect(row.a).toBe(row.b);
      expect(row.a).toBeGreaterThan(0);
    },
  );

  it('flags a sale exactly as overduePredicate does when the cut-off falls on its midnight, and a moment after', async () => {
    const { day } = (
      await sql<{ day: string }>`select min(date_of_sale)::text as day from referrals
        where stage = 'UNDER_CONTRACT' and date_of_sale is not null`.execute(server.db)
    ).rows[0]!;
    // The cut-off is a day before `at`: at the next midnight it is the sale's own midnight (not past it).
    const midnight = new Date(`${day}T00:00:00Z`).getTime() + 86_400_000;
    for (const at of [new Date(midnight), new Date(midnight + 1), new Date(midnight - 1)]) {
      const row = (
        await sql<{ a: number; differ: number }>`select
        count(*) filter (where ${overduePredicate('r', at)} and r.date_of_sale = ${day}::date)::int as a,
        count(*) filter (where (${overduePredicate('r', at)}) is distinct from (${overdueSql('r', at)}))::int as differ
        from referrals r where stage = 'UNDER_CONTRACT'`.execute(server.db)
      ).rows[0]!;
      expect(row.differ, at.toISOString()).toBe(0);
      expect(row.a > 0, at.toISOString()).toBe(at.getTime() > midnight);
    }
  });
});

describe('broker score', () => {
  async function expectedScore(brokerageId: number) {
    const day = 86_400_000;
    const [s90, s365] = [new Date(now.getTime() - 90 * day), new Date(now.getTime() - 365 * day)];
    const o = (
      await sql<Record<string, number>>`select
      count(*) filter (where assigned_at >= ${s90})::int as accepted,
      count(*) filter (where status = 'NO_AGENT_ACCEPT' and created_at >= ${s90})::int as declined,
      count(*) filter (where created_at >= ${s365})::int as leads12
      from opportunities where brokerage_id = ${brokerageId}`.execute(server.db)
    ).rows[0]!;
    const r = (
      await sql<Record<string, number>>`select
      count(*) filter (where stage not in ('CLOSED', 'LEASED', 'REMOVED', 'LONG_TERM_HOLD'))::int as open,
      count(*) filter (where stage not in ('CLOSED', 'LEASED', 'REMOVED', 'LONG_TERM_HOLD') and ${overduePredicate('r', now)})::int as overdue,
      count(*) filter (where created_at >= ${s90})::int as received90,
      count(*) filter (where created_at >= ${s90} and stage in ('SHOWN_HOMES', 'MET_WITH_SELLER', 'LISTED_HOME', 'OFFER_MADE', 'UNDER_CONTRACT', 'CLOSED', 'LEASED'))::int as met90,
      count(*) filter (where created_at >= ${s365} and stage in ('CLOSED', 'LEASED'))::int as closed12,
      count(*) filter (where created_at >= ${s365} and stage = 'REMOVED')::int as removed12,
      count(*) filter (where created_at >= ${s365} and stage not in ('CLOSED', 'LEASED', 'REMOVED', 'LONG_TERM_HOLD'))::int as pipeline12
      from referrals r where brokerage_id = ${brokerageId}`.execute(server.db)
    ).rows[0]!;
    const pct = (part: number, whole: number) => (whole < 10 ? null : Math.round((10000 * part) / whole) / 100);
    const invites = pct(o.accepted!, o.accepted! + o.declined!);
    const upToDatePercent = pct(r.open! - r.overdue!, r.open!);
    const metWithRate90Day = pct(r.met90!, r.received90!);
    const closeRate = r.closed12! + r.removed12! === 0 ? 0 : r.closed12! / (r.closed12! + r.removed12!);
    const projectedConversion12Mo = pct(r.closed12! + r.pipeline12! * closeRate, o.leads12!);
    const parts = [
      invites,
      upToDatePercent,
      metWithRate90Day,
      projectedConversion12Mo === null ? null : Math.min(100, (100 * projectedConversion12Mo) / 3),
    ];
    const brokerScore = parts.includes(null)
      ? null
      : Math.round((100 * parts.reduce<number>((a, b) => a + b!, 0)) / 4) / 100;
    return { brokerageId, brokerScore, invites, upToDatePercent, metWithRate90Day, projectedConversion12Mo };
  }

  it.each(['harbor', 'maple'] as const)('computes every figure for %s from the rows', async (which) => {
    const caller = which === 'harbor' ? broker : basic;
    const res = await caller.get(`/agents-api/brokerages/${ids[which]}/score`);
    expect(res.status).toBe(200);
    expect(v.parse(BrokerScore, res.body)).toEqual(await expectedScore(ids[which]));
    expect(res.body.brokerScore).toBeGreaterThan(0);
  });

  it('is missing, figure by figure, for a brokerage without enough data', async () => {
    const res = await admin.get(`/agents-api/brokerages/${ids.cedar}/score`);
    expect(res.status).toBe(200);
    expect(res.body.brokerScore).toBeNull();
    expect(res.body.invites).toBeNull();
  });
});

describe('who may read brokerage figures', () => {
  const paths = (id: number) => [`/agents-api/brokerages/${id}/stats`, `/agents-api/brokerages/${id}/score`];

  it('lets a brokerage admin read only their own brokerage', async () => {
    for (const p of paths(ids.maple)) expect((await broker.get(p)).status).toBe(403);
    for (const p of paths(ids.harbor)) expect((await basic.get(p)).status).toBe(403);
    for (const p of paths(ids.harbor)) expect((await broker.get(p)).status).toBe(200);
  });

  it('lets staff read any brokerage, refuses a CSR (least privilege), and answers 404 for one that does not exist', async () => {
    for (const p of [...paths(ids.harbor), ...paths(ids.maple)]) expect((await admin.get(p)).status).toBe(200);
    for (const p of [...paths(ids.harbor), ...paths(ids.maple)]) expect((await csr.get(p)).status).toBe(403);
    expect((await admin.get('/agents-api/brokerages/999999/stats')).status).toBe(404);
  });

  it('refuses a loan-office admin, whose overview is not about brokerages', async () => {
    const res = await lender.get(`/agents-api/brokerages/${ids.harbor}/stats`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 403, error: 'Forbidden' });
  });

  it('reads the impersonated brokerage admin’s brokerage only', async () => {
    const as = { 'X-Impersonated-User-Id': String(ids.brokerBasicUser) };
    expect((await engagement.get(`/agents-api/brokerages/${ids.maple}/stats`, as)).status).toBe(200);
    expect((await engagement.get(`/agents-api/brokerages/${ids.harbor}/stats`, as)).status).toBe(403);
  });

  it('answers bad input with a 400 JSON body naming the field', async () => {
    const res = await broker.get(`/agents-api/brokerages/${ids.harbor}/stats?product=IRIS`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, error: 'Bad Request' });
    expect(Object.keys(res.body.fields)).toEqual(['product']);
  });
});

describe('contact-sales inquiry', () => {
  const inquiry = {
    bccAddresses: [],
    toAddresses: ['sales@porchlight.example'],
    fromAddress: 'broker@demo.test',
    messageBody: 'Blair Harbor (broker@demo.test) of Harbor Point Realty would like to hear about IRIS.',
    subject: 'Blair Harbor: Leads limit',
  };
  const outboxCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sends the inquiry to the sales inbox only, from the signed-in user, whatever addresses the body names', async () => {
    const before = await outboxCount();
    const res = await broker.post('/agents-api/email', {
      ...inquiry,
      toAddresses: ['victim@elsewhere.example', 'sales@porchlight.example'],
      bccAddresses: ['copy@elsewhere.example'],
      fromAddress: 'ceo@bank.example',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ queued: 1 });
    expect(await outboxCount()).toBe(before + 1);
    const row = await server.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'body', 'channel'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'EMAIL', recipient: 'sales@porchlight.example', subject: inquiry.subject });
    expect(row.body).toContain('broker@demo.test');
    expect(row.body).not.toContain('ceo@bank.example');
    expect(row.body).toContain(inquiry.messageBody);
  });

  it('limits a brokerage admin to five inquiries an hour (429), without sending the sixth', async () => {
    const other = await signIn(server, 'broker.basic@demo.test');
    for (let i = 0; i < 5; i += 1) expect((await other.post('/agents-api/email', inquiry)).status).toBe(201);
    const before = await outboxCount();
    const refused = await other.post('/agents-api/email', inquiry);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await outboxCount()).toBe(before);
  });

  it.each([
    ['staff impersonating the brokerage admin', () => engagement, true],
    ['staff', () => admin, false],
    ['a CSR', () => csr, false],
  ])('refuses %s with the spec’s message and writes nothing', async (_, who, impersonating) => {
    const as = impersonating ? { 'X-Impersonated-User-Id': String(ids.brokerUser) } : undefined;
    const before = await outboxCount();
    const res = await who().post('/agents-api/email', inquiry, as);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Email not sent due to impersonation.');
    expect(await outboxCount()).toBe(before);
  });

  it.each([
    ['a bad recipient', { toAddresses: ['not-an-address'] }, 'toAddresses.0'],
    ['no recipient', { toAddresses: [] }, 'toAddresses'],
    ['a sender without a domain suffix', { fromAddress: 'blair@harbor' }, 'fromAddress'],
    ['an empty subject', { subject: '  ' }, 'subject'],
    ['an unknown field', { cc: ['x@y.example'] }, 'cc'],
  ])('answers %s with 400 naming the field and writes nothing', async (_, patch, field) => {
    const before = await outboxCount();
    const res = await broker.post('/agents-api/email', { ...inquiry, ...patch });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(await outboxCount()).toBe(before);
  });
});
