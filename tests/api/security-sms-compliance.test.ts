import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { smsNumber } from '../../src/lib/sms.ts';
import {
  brokerageIdByName,
  call,
  signIn,
  startTestServer,
  type Caller,
  type TestServer,
} from '../setup/test-server.ts';

// The security review's TCPA item: the bulk SMS engine suppresses opted-out leads (status DO_NOT_CONTACT,
// a number or e-mail on the DNC list) before it looks at quiet hours, so in daytime they are not
// texted and the reason shown is the compliance one; and it checks the DNC list and the lead's
// status again when each batch goes out, so an opt-out after the job was created still counts.

let server: TestServer;
let admin: Caller;
// 2 PM Eastern, 11 AM Pacific, 12 PM Boise: inside the 8 AM-9 PM window of every zone the seeded
// numbers stand for (area code 555 is judged by Eastern and Pacific).
const MIDDAY = new Date('2026-11-24T19:00:00Z');

beforeAll(async () => {
  server = await startTestServer();
  server.setNow(MIDDAY);
  admin = await signIn(server, 'admin@demo.test');
});
afterAll(async () => {
  await server.close();
});

const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(server, 'POST', path, { token: admin.token, form: fields, headers });
const preflight = (fields: Record<string, string>) => form('/interviews-api/opportunities/sms/preflight', fields);
const send = (key: string, fields: Record<string, string>) =>
  form('/interviews-api/opportunities/sms', fields, { 'Idempotency-Key': key });
const textsWith = (body: string) =>
  server.db
    .selectFrom('outbox')
    .select(['recipient', 'body'])
    .where('channel', '=', 'SMS')
    .where('body', 'like', `${body}%`)
    .execute();

async function finished(id: number) {
  for (let i = 0; i < 200; i++) {
    const job = (await admin.get(`/interviews-api/opportunities/sms/jobs/${id}`)).body;
    if (job.status === 'DONE') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the job did not finish');
}

const harborId = async () => await brokerageIdByName(server.db, 'Harbor Point Realty');
const doNotContactLeads = () =>
  server.db
    .selectFrom('opportunities')
    .select(['id', 'contact_phone', 'brokerage_id'])
    .where('status', '=', 'DO_NOT_CONTACT')
    .orderBy('id')
    .execute();
/** A lead of the status with a textable number that is on no DNC list and shared with no other lead. */
async function textableLead(status: string) {
  const rows = await server.db
    .selectFrom('opportunities as o')
    .select(['o.id', 'o.contact_phone', 'o.contact_email', 'o.contact_first'])
    .where('o.status', '=', status)
    .where('o.contact_phone', 'is not', null)
    .orderBy('o.id')
    .execute();
  for (const r of rows) {
    const e164 = smsNumber(r.contact_phone ?? '');
    if (!e164) continue;
    const dnc = await server.db
      .selectFrom('dnc_contacts')
      .select('id')
      .where('value', 'in', [e164, (r.contact_email ?? '').toLowerCase()])
      .execute();
    const shared = await server.db
      .selectFrom('opportunities')
      .select('id')
      .where('contact_phone', '=', r.contact_phone)
      .where('id', '<>', r.id)
      .execute();
    if (dnc.length === 0 && shared.length === 0) return { ...r, e164 };
  }
  throw new Error(`no textable ${status} lead in the seed`);
}

/**
 * A send whose recipients were all judged sendable when it was created (PENDING, as the send route
 * writes them) and whose batches have not gone out yet: the state of a job between its creation and
 * its next batch (the worker is paused between batches, or the API process restarted).
 */
async function pendingJob(key: string, message: string, recipients: { phone: string; opportunityId: number | null }[]) {
  const adminId = (
    await server.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow()
  ).id;
  const job = await server.db
    .insertInto('sms_jobs')
    .values({
      idempotency_key: key,
      created_by: adminId,
      brokerage_id: null,
      message,
      criteria: JSON.stringify({ message, source: 'NUMBERS' }),
      status: 'RUNNING',
      total: recipients.length,
      created_at: MIDDAY,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('sms_job_recipients')
    .values(
      recipients.map((r, i) => ({
        job_id: job.id,
        position: i + 1,
        phone: r.phone,
        opportunity_id: r.opportunityId,
        body: message,
        status: 'PENDING' as const,
        reason: null,
      })),
    )
    .execute();
  return job.id;
}

describe('compliance suppression comes before quiet hours', () => {
  it('in daytime, a pre-flight of the DO_NOT_CONTACT leads makes none of them sendable and gives the compliance reason, not quiet hours', async () => {
    const leads = await doNotContactLeads();
    expect(leads.length).toBeGreaterThan(0);
    // It is daytime for these numbers: an ordinary number is sendable now.
    const control = await preflight({
      message: 'Control. Reply STOP to opt out.',
      source: 'NUMBERS',
      numbers: '(207) 555-0150\n(555) 555-0151',
    });
    expect(control.body).toMatchObject({ sendable: 2, suppressed: 0 });

    const res = await preflight({
      message: 'Hi {firstName}. Reply STOP to opt out.',
      source: 'OPPORTUNITIES',
      status: 'DO_NOT_CONTACT',
    });
    expect(res.status).toBe(200);
    const withNumber = leads.filter((l) => smsNumber(l.contact_phone ?? '') !== null).length;
    expect(res.body).toMatchObject({
      total: leads.length,
      sendable: 0,
      suppressed: leads.length,
      parts: 0,
      sample: null,
    });
    expect(res.body.byReason.QUIET_HOURS).toBe(0);
    expect(res.body.byReason.INVALID).toBe(leads.length - withNumber);
    expect(res.body.byReason.DO_NOT_CONTACT + res.body.byReason.DNC).toBe(withNumber);
    expect(res.body.byReason.DO_NOT_CONTACT).toBeGreaterThan(0);
    expect(new Set(res.body.suppressedList.map((r: { reason: string }) => r.reason))).not.toContain('QUIET_HOURS');
  });

  it('at night too, a DO_NOT_CONTACT lead is reported as DO_NOT_CONTACT, not as quiet hours', async () => {
    const lead = await textableLead('DO_NOT_CONTACT');
    server.setNow(new Date('2026-11-24T08:00:00Z')); // 3 AM Eastern, midnight Pacific
    try {
      const night = await signIn(server, 'admin@demo.test');
      const res = await call(server, 'POST', '/interviews-api/opportunities/sms/preflight', {
        token: night.token,
        form: { message: 'Hi. Reply STOP to opt out.', source: 'NUMBERS', numbers: lead.e164 },
      });
      expect(res.body.suppressedList).toEqual([
        { position: 1, phone: lead.e164, name: null, reason: 'DO_NOT_CONTACT' },
      ]);
    } finally {
      server.setNow(MIDDAY);
    }
  });

  it('a send over DO_NOT_CONTACT and other leads writes the DO_NOT_CONTACT ones as suppressed and texts none of them', async () => {
    const harbor = await harborId();
    const leads = (await doNotContactLeads()).filter((l) => l.brokerage_id === harbor);
    expect(leads.length).toBeGreaterThan(0);
    const message = 'Compliance mix {firstName|there}. Reply STOP to opt out.';
    const res = await send('compliance-mix-0001', {
      message,
      source: 'OPPORTUNITIES',
      status: 'DO_NOT_CONTACT,FUTURE_INTEREST',
      brokerageId: String(harbor),
    });
    expect(res.status).toBe(202);
    const job = await finished(res.body.id);
    const rows = await server.db
      .selectFrom('sms_job_recipients')
      .select(['opportunity_id', 'status', 'reason', 'body', 'phone'])
      .where('job_id', '=', job.id)
      .where(
        'opportunity_id',
        'in',
        leads.map((l) => l.id),
      )
      .execute();
    expect(rows).toHaveLength(leads.length);
    for (const r of rows) {
      expect(r.status).toBe('SUPPRESSED');
      expect(['DO_NOT_CONTACT', 'DNC', 'INVALID']).toContain(r.reason);
      expect(r.body).toBeNull();
    }
    expect(job.byReason.DO_NOT_CONTACT).toBeGreaterThan(0);
    expect(job.byReason.DO_NOT_CONTACT).toBe(rows.filter((r) => r.reason === 'DO_NOT_CONTACT').length);
    const texted = new Set((await textsWith('Compliance mix')).map((t) => t.recipient));
    expect(texted.size).toBe(job.sent);
    expect(job.sent).toBeGreaterThan(0);
    for (const l of leads) expect(texted.has(smsNumber(l.contact_phone ?? '') ?? '-')).toBe(false);
    // The send history counts the reason too.
    const history = (await admin.get('/interviews-api/opportunities/sms/history?pageSize=50')).body;
    const mine = history.content.find((j: { id: number }) => j.id === job.id);
    expect(mine.byReason).toEqual(job.byReason);
  });

  it('a pasted number that belongs to a DO_NOT_CONTACT lead is suppressed as DO_NOT_CONTACT', async () => {
    const lead = await textableLead('DO_NOT_CONTACT');
    const pasted = `(${lead.e164.slice(2, 5)}) ${lead.e164.slice(5, 8)}-${lead.e164.slice(8)}`;
    const res = await preflight({
      message: 'Hi. Reply STOP to opt out.',
      source: 'NUMBERS',
      numbers: `${pasted}\n(207) 555-0152`,
    });
    expect(res.body).toMatchObject({ total: 2, sendable: 1, suppressed: 1 });
    expect(res.body.suppressedList).toEqual([{ position: 1, phone: pasted, name: null, reason: 'DO_NOT_CONTACT' }]);
  });

  it('a lead whose e-mail address is on the DNC list is suppressed as DNC', async () => {
    const lead = await textableLead('FUTURE_INTEREST');
    expect(lead.contact_email).toBeTruthy();
    const before = await preflight({
      message: 'Hi. Reply STOP to opt out.',
      source: 'OPPORTUNITIES',
      status: 'FUTURE_INTEREST',
    });
    expect(before.body.suppressedList.some((r: { phone: string }) => r.phone === lead.contact_phone)).toBe(false);
    expect(
      (
        await admin.post('/interviews-api/DNC', {
          type: 'EMAIL',
          value: lead.contact_email,
          disposition: 'Requested no contact',
        })
      ).status,
    ).toBe(201);
    const after = await preflight({
      message: 'Hi. Reply STOP to opt out.',
      source: 'OPPORTUNITIES',
      status: 'FUTURE_INTEREST',
    });
    expect(
      after.body.suppressedList
        .filter((r: { phone: string }) => r.phone === lead.contact_phone)
        .map((r: { reason: string }) => r.reason),
    ).toEqual(['DNC']);
    expect(after.body.sendable).toBe(before.body.sendable - 1);
  });
});

describe('each batch is checked again when it goes out', () => {
  it('a number put on the DNC list after the job was created is not texted and is marked suppressed (DNC)', async () => {
    const message = 'Batch recheck DNC. Reply STOP to opt out.';
    const id = await pendingJob('compliance-batch-dnc', message, [
      { phone: '+12075550161', opportunityId: null },
      { phone: '+12075550162', opportunityId: null },
      { phone: '+12075550163', opportunityId: null },
    ]);
    // The recipient replies STOP to another text before this send's batch goes out.
    expect(
      (await call(server, 'POST', '/contact-center-api/sms', { form: { From: '+12075550162', Body: 'STOP' } })).body,
    ).toEqual({ optedOut: true });
    const job = await finished(id);
    expect(job).toMatchObject({ total: 3, sent: 2, suppressed: 1, pending: 0 });
    expect(job.byReason.DNC).toBe(1);
    expect((await textsWith('Batch recheck DNC')).map((t) => t.recipient).sort()).toEqual([
      '+12075550161',
      '+12075550163',
    ]);
    const report = (await admin.get(`/interviews-api/opportunities/sms/jobs/${id}/recipients?status=SUPPRESSED`)).body;
    expect(report.content).toEqual([
      {
        position: 2,
        phone: '+12075550162',
        status: 'SUPPRESSED',
        reason: 'DNC',
        sentAt: null,
        opportunityId: null,
        name: null,
      },
    ]);
    const row = await server.db
      .selectFrom('sms_job_recipients')
      .select('body')
      .where('job_id', '=', id)
      .where('position', '=', 2)
      .executeTakeFirstOrThrow();
    expect(row.body).toBeNull();
  });

  it('a lead set to DO_NOT_CONTACT after the job was created is not texted and is marked suppressed (DO_NOT_CONTACT)', async () => {
    const lead = await textableLead('FUTURE_INTEREST');
    const message = 'Batch recheck status. Reply STOP to opt out.';
    const id = await pendingJob('compliance-batch-status', message, [
      { phone: lead.e164, opportunityId: lead.id },
      { phone: '+12075550171', opportunityId: null },
    ]);
    expect(
      (await admin.put(`/interviews-api/opportunities/${lead.id}/status`, { status: 'DO_NOT_CONTACT' })).status,
    ).toBe(200);
    const job = await finished(id);
    expect(job).toMatchObject({ total: 2, sent: 1, suppressed: 1, pending: 0 });
    expect(job.byReason.DO_NOT_CONTACT).toBe(1);
    expect((await textsWith('Batch recheck status')).map((t) => t.recipient)).toEqual(['+12075550171']);
    const row = await server.db
      .selectFrom('sms_job_recipients')
      .select(['status', 'reason', 'body', 'sent_at'])
      .where('job_id', '=', id)
      .where('position', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'SUPPRESSED', reason: 'DO_NOT_CONTACT', body: null, sent_at: null });
  });
});
