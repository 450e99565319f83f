import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  brokerageIdByName,
  call,
  signIn,
  startTestServer,
  type Caller,
  type TestServer,
} from '../setup/test-server.ts';

// Bulk SMS: the pre-flight before anything is sent, the idempotent send job through the
// SMS stand-in (outbox), its report and audit, and an inbound STOP that lands on the DNC list.

let server: TestServer;
let admin: Caller;
const DAY = new Date('2026-11-24T18:00:00Z'); // 1 PM Eastern, 10 AM Pacific: inside every window
beforeAll(async () => {
  server = await startTestServer();
  await clock(DAY);
});

/** Moves the server's clock and signs the admin in again (a token from another time has expired). */
async function clock(at: Date) {
  server.setNow(at);
  admin = await signIn(server, 'admin@demo.test');
}
afterAll(async () => {
  await server.close();
});

const form = (who: Caller, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(server, 'POST', path, { token: who.token, form: fields, headers });
const preflight = (who: Caller, fields: Record<string, string>) =>
  form(who, '/interviews-api/opportunities/sms/preflight', fields);
const send = (who: Caller, key: string, fields: Record<string, string>) =>
  form(who, '/interviews-api/opportunities/sms', fields, { 'Idempotency-Key': key });
const smsTo = async (numbers: string[]) =>
  server.db
    .selectFrom('outbox')
    .select(['recipient', 'body'])
    .where('channel', '=', 'SMS')
    .where('recipient', 'in', numbers)
    .execute();

async function finished(who: Caller, id: number) {
  for (let i = 0; i < 200; i++) {
    const job = (await who.get(`/interviews-api/opportunities/sms/jobs/${id}`)).body;
    if (job.status === 'DONE') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the job did not finish');
}

// 207 Eastern, 206 Pacific, 808 Hawaii; +15555550100 is on the seeded DNC list.
const LIST = [
  '(207) 555-0101',
  '206-555-0102',
  '+1 (207) 555-0101',
  '12345',
  '(555) 555-0100',
  '808 555 0103',
  '(207) 155-0104',
];

describe('who may use bulk SMS', () => {
  it.each([
    'manager@demo.test',
    'qa@demo.test',
    'supervisor@demo.test',
    'csr@demo.test',
    'opps@demo.test',
    'lender@demo.test',
  ])('%s cannot run a pre-flight or send (403)', async (who) => {
    const u = await signIn(server, who);
    expect((await preflight(u, { message: 'Hi', source: 'NUMBERS', numbers: '2075550101' })).status).toBe(403);
    expect((await send(u, 'key-forbidden-1', { message: 'Hi', source: 'NUMBERS', numbers: '2075550101' })).status).toBe(
      403,
    );
  });
  it('CSR_VIEW_OPPORTUNITIES reads the sends (the list route admits it) but sends nothing', async () => {
    const opps = await signIn(server, 'opps@demo.test');
    expect((await opps.get('/interviews-api/opportunities/sms/jobs')).status).toBe(200);
  });
  it('a brokerage admin may not paste numbers or choose another brokerage', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const maple = await brokerageIdByName(server.db, 'Maple & Main Homes');
    expect((await preflight(broker, { message: 'Hi', source: 'NUMBERS', numbers: '2075550101' })).status).toBe(403);
    expect(
      (await preflight(broker, { message: 'Hi', source: 'OPPORTUNITIES', brokerageId: String(maple) })).status,
    ).toBe(403);
  });
  it('an anonymous caller gets 401', async () => {
    expect(
      (
        await call(server, 'POST', '/interviews-api/opportunities/sms/preflight', {
          form: { message: 'Hi', source: 'NUMBERS' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('the pre-flight', () => {
  it('counts and lists invalid, duplicate, DNC and quiet-hours recipients before anything is sent', async () => {
    const outboxBefore = await server.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await clock(new Date('2026-11-24T12:30:00Z')); // 7:30 AM Eastern, 2:30 AM Hawaii, 4:30 AM Pacific: all quiet
    const night = (
      await preflight(admin, {
        message: 'Hi {firstName|there}. Reply STOP to opt out.',
        source: 'NUMBERS',
        numbers: LIST.join('\n'),
      })
    ).body;
    expect(night.byReason).toEqual({ INVALID: 2, DUPLICATE: 1, DNC: 1, DO_NOT_CONTACT: 0, QUIET_HOURS: 3 });
    await clock(new Date('2026-11-24T20:00:00Z')); // 3 PM Eastern, 12 PM Pacific, 10 AM Hawaii
    const res = await preflight(admin, {
      message: 'Hi {firstName|there}. Reply STOP to opt out.',
      source: 'NUMBERS',
      numbers: LIST.join('\n'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: 7,
      sendable: 3,
      suppressed: 4,
      byReason: { INVALID: 2, DUPLICATE: 1, DNC: 1, QUIET_HOURS: 0 },
      parts: 3,
      sample: 'Hi there. Reply STOP to opt out.',
      warnings: [],
    });
    expect(res.body.suppressedList).toEqual([
      { position: 3, phone: '+1 (207) 555-0101', name: null, reason: 'DUPLICATE' },
      { position: 4, phone: '12345', name: null, reason: 'INVALID' },
      { position: 5, phone: '(555) 555-0100', name: null, reason: 'DNC' },
      { position: 7, phone: '(207) 155-0104', name: null, reason: 'INVALID' },
    ]);
    const outboxAfter = await server.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(outboxAfter.n)).toBe(Number(outboxBefore.n));
    await clock(DAY);
  });
  it('selects opportunities by status, brokerage and created range, and fills in merge fields', async () => {
    const harbor = await brokerageIdByName(server.db, 'Harbor Point Realty');
    const rows = await server.db
      .selectFrom('opportunities')
      .select(['contact_first', 'contact_phone'])
      .where('brokerage_id', '=', harbor)
      .where('status', 'in', ['FUTURE_INTEREST', 'CONTACT_ESTABLISHED'])
      .orderBy('id')
      .execute();
    const res = await preflight(admin, {
      message: 'Hi {firstName}, from {brokerage}. Reply STOP to opt out.',
      source: 'OPPORTUNITIES',
      status: 'FUTURE_INTEREST,CONTACT_ESTABLISHED',
      brokerageId: String(harbor),
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(rows.length);
    const first = rows.find((r) => r.contact_phone);
    expect(res.body.sample).toBe(`Hi ${first?.contact_first}, from Harbor Point Realty. Reply STOP to opt out.`);
  });
  it('warns when the text has no opt-out wording', async () => {
    expect(
      (await preflight(admin, { message: 'Open house Saturday', source: 'NUMBERS', numbers: '2075550101' })).body
        .warnings,
    ).toHaveLength(1);
  });
  it.each([
    ['no message', { source: 'NUMBERS', numbers: '2075550101' }],
    ['an unknown source', { message: 'Hi', source: 'EMAIL' }],
    ['an unknown status', { message: 'Hi', source: 'OPPORTUNITIES', status: 'WON' }],
    ['a bad date', { message: 'Hi', source: 'OPPORTUNITIES', createdFrom: '24/11/2026' }],
    ['an unknown merge field', { message: 'Hi {nickname}', source: 'NUMBERS', numbers: '2075550101' }],
    [
      'more than 10,000 numbers',
      {
        message: 'Hi',
        source: 'NUMBERS',
        numbers: Array.from({ length: 10_001 }, (_, i) => `207555${String(i).padStart(4, '0')}`).join('\n'),
      },
    ],
  ])('answers 400 for %s', async (_, fields) => {
    expect((await preflight(admin, fields as Record<string, string>)).status).toBe(400);
  });
});

describe('sending', () => {
  it('texts only the sendable recipients through the outbox, reports sent and suppressed, and audits the send', async () => {
    const fields = {
      message: 'Hi {firstName|there}. Reply STOP to opt out.',
      source: 'NUMBERS',
      numbers: LIST.join('\n'),
    };
    await clock(new Date('2026-11-24T20:00:00Z'));
    const res = await send(admin, 'send-key-0001', fields);
    expect(res.status).toBe(202);
    const job = await finished(admin, res.body.id);
    expect(job).toMatchObject({
      total: 7,
      sent: 3,
      suppressed: 4,
      pending: 0,
      byReason: { INVALID: 2, DUPLICATE: 1, DNC: 1, QUIET_HOURS: 0 },
    });
    const sent = await smsTo(['+12075550101', '+12065550102', '+18085550103', '+15555550100']);
    expect(sent.map((s) => s.recipient).sort()).toEqual(['+12065550102', '+12075550101', '+18085550103']);
    expect(sent.every((s) => s.body === 'Hi there. Reply STOP to opt out.')).toBe(true);
    const report = (await admin.get(`/interviews-api/opportunities/sms/jobs/${job.id}/recipients?status=SUPPRESSED`))
      .body;
    expect(report.content.map((r: { reason: string }) => r.reason)).toEqual(['DUPLICATE', 'INVALID', 'DNC', 'INVALID']);
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', 'in', ['BULK_SMS_SENT', 'BULK_SMS_DONE'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['BULK_SMS_DONE', 'BULK_SMS_SENT']);
    // A retry or a reload with the same key answers the same job and texts nobody again.
    const again = await send(admin, 'send-key-0001', fields);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(job.id);
    expect(await smsTo(['+12075550101', '+12065550102', '+18085550103'])).toHaveLength(3);
    // The same key for another send is refused; a missing key too.
    expect((await send(admin, 'send-key-0001', { ...fields, message: 'Other. Reply STOP' })).status).toBe(409);
    expect((await form(admin, '/interviews-api/opportunities/sms', fields)).status).toBe(400);
    await clock(DAY);
  });
  it('two parallel sends with one key make one job', async () => {
    const fields = {
      message: 'Parallel. Reply STOP to opt out.',
      source: 'NUMBERS',
      numbers: '2075550111\n2075550112',
    };
    const [a, b] = await Promise.all([send(admin, 'send-key-para', fields), send(admin, 'send-key-para', fields)]);
    expect(a.body.id).toBe(b.body.id);
    await finished(admin, a.body.id);
    expect(await smsTo(['+12075550111', '+12075550112'])).toHaveLength(2);
  });
  it('refuses a send where every recipient is suppressed, writing no job', async () => {
    const res = await send(admin, 'send-key-none', {
      message: 'Hi. Reply STOP',
      source: 'NUMBERS',
      numbers: '5555550100\n123',
    });
    expect(res.status).toBe(400);
    expect(
      await server.db.selectFrom('sms_jobs').select('id').where('idempotency_key', '=', 'send-key-none').execute(),
    ).toEqual([]);
  });
  it('a brokerage admin sends to their own opportunities and sees only their sends', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const res = await send(broker, 'send-key-broker', {
      message: 'Hi {firstName}. Reply STOP to opt out.',
      source: 'OPPORTUNITIES',
      status: 'FUTURE_INTEREST',
      createdFrom: '2026-01-01',
    });
    expect(res.status).toBe(202);
    const job = await finished(broker, res.body.id);
    expect(job.sent + job.suppressed).toBe(job.total);
    const mine = (await broker.get('/interviews-api/opportunities/sms/jobs')).body;
    expect(mine.content.map((j: { id: number }) => j.id)).toEqual([job.id]);
    const basic = await signIn(server, 'broker.basic@demo.test');
    expect((await basic.get(`/interviews-api/opportunities/sms/jobs/${job.id}`)).status).toBe(403);
  });
});

describe('inbound STOP to the SMS stand-in', () => {
  it('puts the number on the DNC list, so the next pre-flight suppresses it', async () => {
    const fields = { message: 'Hi. Reply STOP to opt out.', source: 'NUMBERS', numbers: '(207) 555-0199' };
    expect((await preflight(admin, fields)).body.byReason.DNC).toBe(0);
    const res = await call(server, 'POST', '/contact-center-api/sms', {
      form: { From: '+12075550199', Body: ' stop ' },
    });
    expect(res.body).toEqual({ optedOut: true });
    expect((await preflight(admin, fields)).body.byReason.DNC).toBe(1);
    const dnc = await server.db
      .selectFrom('dnc_contacts')
      .select(['channel', 'disposition'])
      .where('value', '=', '+12075550199')
      .executeTakeFirstOrThrow();
    expect(dnc).toEqual({ channel: 'SMS', disposition: 'Opted out (STOP reply)' });
  });
  it('ignores a reply that is not an opt-out keyword', async () => {
    expect(
      (
        await call(server, 'POST', '/contact-center-api/sms', {
          form: { From: '+12075550198', Body: 'Stop by tomorrow?' },
        })
      ).body,
    ).toEqual({ optedOut: false });
    expect(
      await server.db.selectFrom('dnc_contacts').select('id').where('value', '=', '+12075550198').execute(),
    ).toEqual([]);
  });
});
