import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AgentAdminHolds, CoverageArea } from '../../src/contract/agents.ts';
import type { BrokerageSummary, Referral } from '../../src/contract/brokerages.ts';
import type { LoanOfficer } from '../../src/contract/lenders.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let admin: Caller;
let ids: {
  harbor: number;
  maple: number;
  cedar: number;
  summit: number;
  keystone: number;
  mapleAgent: number;
  agent: number;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.test');
  const db = server.db;
  const id = async (table: 'brokerages' | 'loan_offices', name: string) =>
    (await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const [harbor, maple, cedar, summit, keystone] = await Promise.all([
    id('brokerages', 'Harbor Point Realty'),
    id('brokerages', 'Maple & Main Homes'),
    id('brokerages', 'Cedar Ridge Properties'),
    id('loan_offices', 'Summit Home Loans'),
    id('loan_offices', 'Keystone Mortgage'),
  ]);
  const agentOf = async (b: number) =>
    (
      await db
        .selectFrom('agents')
        .select('id')
        .where('brokerage_id', '=', b)
        .where('status', '=', 'ACTIVE')
        .where('phone', '<>', '+15550100001')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids = { harbor, maple, cedar, summit, keystone, mapleAgent: await agentOf(maple), agent: await agentOf(harbor) };
});
afterAll(async () => {
  await server.close();
});

describe('brokerages', () => {
  it('lists brokerages by name A to Z by default, with their product and agent count', async () => {
    const res = await admin.get<{ content: BrokerageSummary[]; totalElements: number }>('/agents-api/brokerages');
    expect(res.body.totalElements).toBe(3);
    expect(res.body.content.map((b) => b.name)).toEqual([
      'Cedar Ridge Properties',
      'Harbor Point Realty',
      'Maple & Main Homes',
    ]);
    expect(res.body.content[1]).toMatchObject({ product: [{ productFamily: 'COMBINED' }], agentCount: 45 });
  });

  it('filters by name fragment and product family, and sorts on request', async () => {
    const byName = await admin.get('/agents-api/brokerages?name=MAPLE');
    expect(byName.body.content.map((b: BrokerageSummary) => b.name)).toEqual(['Maple & Main Homes']);
    const family = await admin.get('/agents-api/brokerages?productFamily=PORCHLIGHT&sort=name,DESC');
    expect(family.body.content.map((b: BrokerageSummary) => b.name)).toEqual([
      'Maple & Main Homes',
      'Cedar Ridge Properties',
    ]);
    const paged = await admin.get('/agents-api/brokerages?pageIndex=1&pageSize=2');
    expect(paged.body).toMatchObject({ totalElements: 3, content: [{ name: 'Maple & Main Homes' }] });
  });

  it('names every brokerage for the filters', async () => {
    const res = await admin.get('/agents-api/brokerages/names');
    expect(res.body).toEqual([
      { id: ids.cedar, name: 'Cedar Ridge Properties' },
      { id: ids.harbor, name: 'Harbor Point Realty' },
      { id: ids.maple, name: 'Maple & Main Homes' },
    ]);
  });

  it('changes a brokerage status and profile, and refuses bad values with 400', async () => {
    const res = await admin.patch(`/agents-api/brokerages/${ids.cedar}`, {
      status: 'HIDDEN',
      phone: '(208) 555-0123',
      state: 'id',
    });
    expect(res.body).toMatchObject({ status: 'HIDDEN', phone: '+12085550123', state: 'ID' });
    expect((await admin.patch(`/agents-api/brokerages/${ids.cedar}`, { status: 'GONE' })).status).toBe(400);
    expect((await admin.patch(`/agents-api/brokerages/${ids.cedar}`, { ownerId: 3 })).status).toBe(400);
    expect((await admin.patch('/agents-api/brokerages/999999', { status: 'ACTIVE' })).status).toBe(404);
  });

  it("pages a brokerage's referrals with stage and overdue filters", async () => {
    const all = await admin.get<{ content: Referral[]; totalElements: number }>(
      `/agents-api/brokerages/${ids.harbor}/referrals?pageSize=50`,
    );
    const count = await server.db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('brokerage_id', '=', ids.harbor)
      .executeTakeFirstOrThrow();
    expect(all.body.totalElements).toBe(Number(count.n));
    expect(all.body.content.every((r) => r.brokerageId === ids.harbor)).toBe(true);
    const updated = all.body.content.map((r) => r.updated);
    expect(updated).toEqual([...updated].sort().reverse());
    const overdue = await admin.get<{ content: Referral[]; totalElements: number }>(
      `/agents-api/brokerages/${ids.harbor}/referrals?followupType=OVERDUE&pageSize=100`,
    );
    expect(overdue.body.totalElements).toBeGreaterThan(0);
    expect(overdue.body.content.every((r) => r.overdue && r.daysOverdue >= 1)).toBe(true);
    const closed = await admin.get<{ content: Referral[] }>(
      `/agents-api/brokerages/${ids.harbor}/referrals?stage=CLOSED`,
    );
    expect(closed.body.content.every((r) => r.stage === 'CLOSED' && !r.overdue)).toBe(true);
  });

  it('keeps broker notes newest first with their author', async () => {
    const added = await admin.post('/agents-api/brokerNotes', {
      brokerageId: ids.maple,
      body: '  Renewal call on Friday.  ',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      brokerageId: ids.maple,
      body: 'Renewal call on Friday.',
      author: { name: 'Alex Admin' },
    });
    const list = await admin.get(`/agents-api/brokerNotes?brokerageId=${ids.maple}`);
    expect(list.body.content[0]).toMatchObject({ id: added.body.id });
    expect(list.body.totalElements).toBe(4);
    expect((await admin.post('/agents-api/brokerNotes', { brokerageId: 999999, body: 'x' })).status).toBe(404);
  });
});

describe('agents', () => {
  it('keeps agent notes newest first', async () => {
    const added = await admin.post(`/agents-api/agents/${ids.agent}/notes`, { body: 'Asked for more buyer leads.' });
    expect(added.status).toBe(201);
    const list = await admin.get(`/agents-api/agents/${ids.agent}/notes`);
    expect(list.body.content[0]).toMatchObject({
      agentId: ids.agent,
      body: 'Asked for more buyer leads.',
      author: { name: 'Alex Admin' },
    });
  });

  it('puts an agent on admin hold with reasons and gives back their status when the last is lifted', async () => {
    const reasons = (await admin.get<{ id: number; name: string }[]>('/agents-api/adminHoldReasons')).body;
    expect(reasons.map((r) => r.name)).toContain('License expired');
    const [r1, r2] = reasons;
    const first = await admin.post<AgentAdminHolds>(`/agents-api/agents/${ids.agent}/adminHoldReason`, {
      reasonId: r1!.id,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'ADMIN_HOLD', holds: [{ reasonId: r1!.id, name: r1!.name }] });
    expect((await admin.post(`/agents-api/agents/${ids.agent}/adminHoldReason`, { reasonId: r1!.id })).status).toBe(
      409,
    );
    await admin.post(`/agents-api/agents/${ids.agent}/adminHoldReason`, { reasonId: r2!.id });
    const one = await admin.delete<AgentAdminHolds>(`/agents-api/agents/${ids.agent}/adminHoldReason/${r1!.id}`);
    expect(one.body).toMatchObject({ status: 'ADMIN_HOLD', holds: [{ reasonId: r2!.id }] });
    const none = await admin.delete<AgentAdminHolds>(`/agents-api/agents/${ids.agent}/adminHoldReason/${r2!.id}`);
    expect(none.body).toEqual({ agentId: ids.agent, status: 'ACTIVE', holds: [] });
    expect((await admin.delete(`/agents-api/agents/${ids.agent}/adminHoldReason/${r2!.id}`)).status).toBe(404);
    expect((await admin.post(`/agents-api/agents/${ids.agent}/adminHoldReason`, { reasonId: 999999 })).status).toBe(
      400,
    );
  });

  it('adds coverage areas by ZIP or by city and state, refuses duplicates, and removes them', async () => {
    const zip = await admin.post<CoverageArea>(`/agents-api/agents/${ids.agent}/coverageAreas`, { zip: '04101' });
    expect(zip.status).toBe(201);
    expect((await admin.post(`/agents-api/agents/${ids.agent}/coverageAreas`, { zip: '04101' })).status).toBe(409);
    const city = await admin.post<CoverageArea>(`/agents-api/agents/${ids.agent}/coverageAreas`, {
      city: 'Portland',
      state: 'me',
    });
    expect(city.body).toMatchObject({ zip: null, city: 'Portland', state: 'ME' });
    const list = await admin.get<CoverageArea[]>(`/agents-api/agents/${ids.agent}/coverageAreas`);
    expect(list.body.map((a) => a.id)).toEqual(expect.arrayContaining([zip.body.id, city.body.id]));
    expect((await admin.delete(`/agents-api/agents/${ids.agent}/coverageAreas/${zip.body.id}`)).body).toEqual({
      deleted: 1,
    });
    expect((await admin.delete(`/agents-api/agents/${ids.agent}/coverageAreas/${zip.body.id}`)).status).toBe(404);
  });
});

describe('lenders', () => {
  it('lists loan officers of an office by last name A to Z', async () => {
    const res = await admin.get<{ content: LoanOfficer[]; totalElements: number }>(
      `/lenders-api/loan-officers?loanOfficeId=${ids.summit}`,
    );
    expect(res.body.totalElements).toBe(4);
    const last = res.body.content.map((o) => o.lastName.toLowerCase());
    expect(last).toEqual([...last].sort());
    expect(res.body.content.every((o) => o.loanOfficeName === 'Summit Home Loans')).toBe(true);
  });

  it('shows a loan-office admin only their own office and its officers', async () => {
    const lender = await signIn(server, 'lender@demo.test');
    const offices = await lender.get('/lenders-api/loan-offices');
    expect(offices.body).toMatchObject({ totalElements: 1, content: [{ id: ids.summit, loanOfficerCount: 4 }] });
    const officers = await lender.get<{ content: LoanOfficer[] }>('/lenders-api/loan-officers');
    expect(officers.body.content.every((o) => o.loanOfficeId === ids.summit)).toBe(true);
  });
});

describe('ownership', () => {
  it('refuses broker@demo.test the data of Maple & Main with 403', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    for (const path of [
      `/agents-api/brokerages/${ids.maple}`,
      `/agents-api/brokerages/${ids.maple}/referrals`,
      `/agents-api/agents/${ids.mapleAgent}/coverageAreas`,
    ]) {
      expect({ path, status: (await broker.get(path)).status }).toEqual({ path, status: 403 });
    }
    expect((await broker.get(`/agents-api/brokerages/${ids.harbor}/referrals`)).status).toBe(200);
  });

  it('refuses lender@demo.test the data of Keystone with 403', async () => {
    const lender = await signIn(server, 'lender@demo.test');
    const officer = await server.db
      .selectFrom('loan_officers')
      .select('id')
      .where('loan_office_id', '=', ids.keystone)
      .executeTakeFirstOrThrow();
    for (const path of [
      `/lenders-api/loan-offices/${ids.keystone}`,
      `/lenders-api/loan-officers?loanOfficeId=${ids.keystone}`,
      `/lenders-api/loan-officers/${officer.id}`,
    ]) {
      expect({ path, status: (await lender.get(path)).status }).toEqual({ path, status: 403 });
    }
  });
});
