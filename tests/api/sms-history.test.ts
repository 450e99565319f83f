import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SmsJobPage } from '../../src/contract/bulk-sms.ts';
import { call, DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// The Bulk SMS Send history: GET /interviews-api/opportunities/sms/history, newest first, paged,
// each send's counts by outcome computed from its recipients. Every role the Bulk SMS Send route
// admits reads it; a brokerage admin only their brokerage's sends (docs/decisions/0071).

const HISTORY = '/interviews-api/opportunities/sms/history';
const STAFF_READERS = ['admin@demo.test', 'engagement@demo.test', 'opps@demo.test'];
const NOT_READERS = [
  'manager@demo.test',
  'qa@demo.test',
  'supervisor@demo.test',
  'csr@demo.test',
  'lender@demo.test',
  DEMO_AGENT_PHONE,
];

let server: TestServer;
let admin: Caller;
beforeAll(async () => {
  server = await startTestServer();
  server.setNow(new Date('2026-11-24T18:00:00Z')); // 1 PM Eastern: the pasted numbers below are inside their window
  admin = await signIn(server, 'admin@demo.test');
});
afterAll(async () => {
  await server.close();
});

const history = async (query = '') => {
  const res = await admin.get(`${HISTORY}${query}`);
  expect(res.status).toBe(200);
  return v.parse(SmsJobPage, res.body);
};

describe('who may read the send history', () => {
  it('refuses every role the Bulk SMS Send route does not admit with 403, and a caller without a token with 401', async () => {
    for (const who of NOT_READERS) {
      const caller = await signIn(server, who);
      expect((await caller.get(HISTORY)).status, who).toBe(403);
    }
    expect((await call(server, 'GET', HISTORY)).status).toBe(401);
  });

  it('shows every send to the admin, agent engagement and the view-only opportunities role', async () => {
    const all = (await sql<{ n: number }>`select count(*)::int as n from sms_jobs`.execute(server.db)).rows[0]!.n;
    for (const who of STAFF_READERS) {
      const res = await (await signIn(server, who)).get(`${HISTORY}?pageSize=40`);
      expect(res.status, who).toBe(200);
      expect(v.parse(SmsJobPage, res.body).totalElements, who).toBe(all);
    }
  });

  it('shows a brokerage admin only the sends of their own brokerage, none of staff’s or another brokerage’s', async () => {
    const brokerages = await server.db
      .selectFrom('users')
      .select(['email', 'broker_id'])
      .where('email', 'in', ['broker@demo.test', 'broker.basic@demo.test'])
      .execute();
    const harbor = brokerages.find((b) => b.email === 'broker@demo.test')!.broker_id!;
    const maple = brokerages.find((b) => b.email === 'broker.basic@demo.test')!.broker_id!;
    const creator = (
      await server.db.selectFrom('users').select('id').where('email', '=', 'broker@demo.test').executeTakeFirstOrThrow()
    ).id;
    const [own, other] = await Promise.all(
      [harbor, maple].map(
        async (brokerageId, i) =>
          (
            await server.db
              .insertInto('sms_jobs')
              .values({
                idempotency_key: `history-scope-${i}`,
                created_by: creator,
                brokerage_id: brokerageId,
                message: `Scoped ${i}`,
                criteria: '{}',
                status: 'DONE',
                total: 0,
                created_at: new Date('2026-11-20T12:00:00Z'),
                finished_at: new Date('2026-11-20T12:00:01Z'),
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    const broker = await signIn(server, 'broker@demo.test');
    const page = v.parse(SmsJobPage, (await broker.get(`${HISTORY}?pageSize=40`)).body);
    const harborJobs = (
      await sql<{ n: number }>`select count(*)::int as n from sms_jobs where brokerage_id = ${harbor}`.execute(
        server.db,
      )
    ).rows[0]!.n;
    expect(page.totalElements).toBe(harborJobs);
    expect(page.content.map((j) => j.id)).toContain(own);
    expect(page.content.map((j) => j.id)).not.toContain(other);
    const basic = v.parse(
      SmsJobPage,
      (await (await signIn(server, 'broker.basic@demo.test')).get(`${HISTORY}?pageSize=40`)).body,
    );
    expect(basic.content.map((j) => j.id)).toContain(other);
    expect(basic.content.map((j) => j.id)).not.toContain(own);
    await server.db.deleteFrom('sms_jobs').where('id', 'in', [own!, other!]).execute();
  });

  it('answers bad paging or status with 400 JSON naming the field', async () => {
    for (const [query, field] of [
      ['?pageSize=0', 'pageSize'],
      ['?pageIndex=-1', 'pageIndex'],
      ['?pageSize=5000', 'pageSize'],
      ['?status=SENT', 'status'],
    ] as const) {
      const res = await admin.get(`${HISTORY}${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys((res.body as { fields: Record<string, string> }).fields)).toContain(field);
    }
  });
});

describe('the send history', () => {
  it('lists every seeded send newest first with counts equal to its recipients, by SQL', async () => {
    const first = await history('?pageSize=5');
    const all = await sql<{ n: number }>`select count(*)::int as n from sms_jobs`.execute(server.db);
    expect(all.rows[0]!.n).toBeGreaterThanOrEqual(12);
    expect(first.totalElements).toBe(all.rows[0]!.n);
    expect(first.content).toHaveLength(5);
    const created = first.content.map((j) => j.created);
    expect([...created].sort().reverse()).toEqual(created);
    for (const job of first.content) {
      const counts = await sql<{ status: string; reason: string | null; n: number }>`
        select status, reason, count(*)::int as n from sms_job_recipients where job_id = ${job.id} group by 1, 2`.execute(
        server.db,
      );
      const n = (status: string, reason: string | null = null) =>
        counts.rows.find((r) => r.status === status && r.reason === reason)?.n ?? 0;
      expect(job.sent).toBe(n('SENT'));
      expect(job.byReason).toEqual({
        DNC: n('SUPPRESSED', 'DNC'),
        DO_NOT_CONTACT: n('SUPPRESSED', 'DO_NOT_CONTACT'),
        INVALID: n('SUPPRESSED', 'INVALID'),
        DUPLICATE: n('SUPPRESSED', 'DUPLICATE'),
        QUIET_HOURS: n('SUPPRESSED', 'QUIET_HOURS'),
      });
      expect(job.sent + job.suppressed + job.pending).toBe(job.total);
      expect(job.createdBy).toMatch(/^(Alex Admin|Eden Engagement)$/);
    }
    const second = await history('?pageSize=5&pageIndex=1');
    expect(second.content.map((j) => j.id).filter((id) => first.content.some((f) => f.id === id))).toEqual([]);
    expect(second.content[0]!.created <= first.content[4]!.created).toBe(true);
  });

  it('puts a new send first, names its sender, and filters by status', async () => {
    const sent = await call(server, 'POST', '/interviews-api/opportunities/sms', {
      token: admin.token,
      headers: { 'Idempotency-Key': 'history-key-1' },
      form: {
        message: 'History check. Reply STOP to opt out.',
        source: 'NUMBERS',
        numbers: '(207) 555-0131\n(207) 555-0131\n12345',
      },
    });
    expect(sent.status).toBe(202);
    const id = (sent.body as { id: number }).id;
    let top = (await history()).content[0]!;
    for (let i = 0; i < 100 && top.status !== 'DONE'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      top = (await history()).content[0]!;
    }
    expect(top).toMatchObject({
      id,
      status: 'DONE',
      message: 'History check. Reply STOP to opt out.',
      total: 3,
      sent: 1,
      suppressed: 2,
      pending: 0,
      byReason: { DNC: 0, INVALID: 1, DUPLICATE: 1, QUIET_HOURS: 0 },
      createdBy: 'Alex Admin',
    });
    const running = await history('?status=RUNNING');
    expect(running.content.every((j) => j.status === 'RUNNING')).toBe(true);
    const done = await history('?status=DONE&pageSize=1');
    const doneCount = await sql<{ n: number }>`select count(*)::int as n from sms_jobs where status = 'DONE'`.execute(
      server.db,
    );
    expect(done.totalElements).toBe(doneCount.rows[0]!.n);
  });
});
