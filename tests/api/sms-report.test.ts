import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SmsJob, SmsJobRecipientPage } from '../../src/contract/bulk-sms.ts';
import { call, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// A send's per-recipient report: GET .../sms/jobs/{id} and .../recipients for every role
// the Bulk SMS Send route admits, scoped by ownership: staff read every send, a brokerage admin only
// their brokerage's, and the view-only CSR_VIEW_OPPORTUNITIES reads but never sends.

const JOBS = '/interviews-api/opportunities/sms/jobs';
let server: TestServer;
let admin: Caller;
let pastedJob: number;
let harborJob: number;
beforeAll(async () => {
  server = await startTestServer();
  server.setNow(new Date('2026-11-24T18:00:00Z')); // 1 PM Eastern: inside every window of the numbers below
  admin = await signIn(server, 'admin@demo.test');
  pastedJob = await sendAndWait(admin, 'report-key-admin', {
    message: 'Report check. Reply STOP to opt out.',
    source: 'NUMBERS',
    numbers: '(207) 555-0141\n(207) 555-0141\n12345\n(207) 555-0142',
  });
  const broker = await signIn(server, 'broker@demo.test');
  harborJob = await sendAndWait(broker, 'report-key-harbor', {
    message: 'Hi {firstName|there}. Reply STOP to opt out.',
    source: 'OPPORTUNITIES',
    status: 'FUTURE_INTEREST',
    createdFrom: '2026-01-01',
  });
}, 60_000);
afterAll(async () => {
  await server.close();
});

async function sendAndWait(who: Caller, key: string, form: Record<string, string>): Promise<number> {
  const res = await call(server, 'POST', '/interviews-api/opportunities/sms', {
    token: who.token,
    headers: { 'Idempotency-Key': key },
    form,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id = (res.body as { id: number }).id;
  for (let i = 0; i < 200; i++) {
    if (v.parse(SmsJob, (await who.get(`${JOBS}/${id}`)).body).status === 'DONE') return id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the send did not finish');
}

const recipients = async (who: Caller, id: number, query = '') => {
  const res = await who.get(`${JOBS}/${id}/recipients${query}`);
  expect(res.status).toBe(200);
  return v.parse(SmsJobRecipientPage, res.body);
};

describe('the per-recipient report', () => {
  it('lists every recipient in list order with its outcome, the reason of one not sent, and filters by status', async () => {
    const all = await recipients(admin, pastedJob);
    expect(all.totalElements).toBe(4);
    expect(all.content.map((r) => [r.position, r.phone, r.status, r.reason, r.name])).toEqual([
      [1, '+12075550141', 'SENT', null, null],
      [2, '+12075550141', 'SUPPRESSED', 'DUPLICATE', null],
      [3, '12345', 'SUPPRESSED', 'INVALID', null],
      [4, '+12075550142', 'SENT', null, null],
    ]);
    expect(all.content.filter((r) => r.status === 'SENT').every((r) => r.sentAt !== null)).toBe(true);
    const suppressed = await recipients(admin, pastedJob, '?status=SUPPRESSED&pageSize=1&pageIndex=1');
    expect(suppressed.totalElements).toBe(2);
    expect(suppressed.content.map((r) => r.position)).toEqual([3]);
  });

  it('names the lead of each recipient of a send to opportunities', async () => {
    const page = await recipients(admin, harborJob, '?pageSize=40');
    expect(page.totalElements).toBeGreaterThan(0);
    const ids = page.content.map((r) => r.opportunityId).filter((id): id is number => id !== null);
    expect(ids).toHaveLength(page.content.length);
    const leads = await server.db
      .selectFrom('opportunities')
      .select(['id', 'contact_first'])
      .where('id', 'in', ids)
      .execute();
    for (const r of page.content)
      expect(r.name).toContain(leads.find((l) => l.id === r.opportunityId)!.contact_first ?? '');
  });

  it('answers a bad status or paging with 400 JSON naming the field', async () => {
    for (const [query, field] of [
      ['?status=FAILED', 'status'],
      ['?pageSize=0', 'pageSize'],
      ['?pageIndex=-1', 'pageIndex'],
    ] as const) {
      const res = await admin.get(`${JOBS}/${pastedJob}/recipients${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys((res.body as { fields: Record<string, string> }).fields)).toContain(field);
    }
  });
});

describe('who reads which report', () => {
  it.each(['admin@demo.test', 'engagement@demo.test', 'opps@demo.test'])(
    '%s reads every send and its recipients',
    async (who) => {
      const caller = await signIn(server, who);
      for (const id of [pastedJob, harborJob]) {
        expect((await caller.get(`${JOBS}/${id}`)).status).toBe(200);
        expect((await caller.get(`${JOBS}/${id}/recipients`)).status).toBe(200);
      }
    },
  );

  it('a brokerage admin reads their brokerage’s send, and gets 403 for staff’s, another brokerage’s and a missing one alike', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    expect((await broker.get(`${JOBS}/${harborJob}`)).status).toBe(200);
    expect((await recipients(broker, harborJob)).totalElements).toBeGreaterThan(0);
    expect((await broker.get(`${JOBS}/${pastedJob}`)).status).toBe(403);
    expect((await broker.get(`${JOBS}/${pastedJob}/recipients`)).status).toBe(403);
    const basic = await signIn(server, 'broker.basic@demo.test');
    const refused = [
      await basic.get(`${JOBS}/${harborJob}`),
      await basic.get(`${JOBS}/${harborJob}/recipients`),
      await basic.get(`${JOBS}/99999999/recipients`),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(refused[0]!.body).toEqual(refused[2]!.body);
  });

  it('CSR_VIEW_OPPORTUNITIES reads but may not run a pre-flight or send, and nothing is written', async () => {
    const opps = await signIn(server, 'opps@demo.test');
    const before = await server.db
      .selectFrom('sms_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const form = { message: 'Hi. Reply STOP to opt out.', source: 'NUMBERS', numbers: '2075550143' };
    expect(
      (
        await call(server, 'POST', '/interviews-api/opportunities/sms', {
          token: opps.token,
          headers: { 'Idempotency-Key': 'report-key-opps' },
          form,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(server, 'POST', '/interviews-api/opportunities/sms/preflight', { token: opps.token, form })).status,
    ).toBe(403);
    const after = await server.db
      .selectFrom('sms_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('roles the route does not admit get 403, and a caller without a token 401', async () => {
    for (const who of ['csr@demo.test', 'manager@demo.test', 'lender@demo.test']) {
      expect((await (await signIn(server, who)).get(`${JOBS}/${pastedJob}/recipients`)).status, who).toBe(403);
    }
    expect((await call(server, 'GET', `${JOBS}/${pastedJob}/recipients`)).status).toBe(401);
    expect((await call(server, 'GET', `${JOBS}/${pastedJob}`)).status).toBe(401);
  });
});
