import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ContactNumbers } from '../../src/contract/conversation.ts';
import type { Disposition, Interaction, Opportunity } from '../../src/contract/interviews.ts';
import type { OpportunityLender } from '../../src/contract/lender-referrals.ts';
import { call, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// The writes staff make on an opportunity's page, per use and identity: the staff roles the routes
// admit, the read-only opportunities role, a brokerage admin, and no one signed in.

type Page<T> = { content: T[]; totalElements: number };
const WRITERS = [
  'admin@demo.test',
  'manager@demo.test',
  'qa@demo.test',
  'supervisor@demo.test',
  'engagement@demo.test',
];
let server: TestServer;
let staff: Record<string, Caller>;
let admin: Caller;
let opps: Caller;
let broker: Caller;
let dispositions: Disposition[];

beforeAll(async () => {
  server = await startTestServer();
  staff = Object.fromEntries(await Promise.all(WRITERS.map(async (u) => [u, await signIn(server, u)] as const)));
  admin = staff['admin@demo.test']!;
  opps = await signIn(server, 'opps@demo.test');
  broker = await signIn(server, 'broker@demo.test');
  dispositions = (await admin.get<Page<Disposition>>('/interviews-api/dispositions')).body.content;
});
afterAll(async () => {
  await server.close();
});

/** The nth opportunity with a phone, by id (each test its own, so the counts it reads are its own). */
const opportunity = async (nth: number) =>
  await server.db
    .selectFrom('opportunities')
    .select(['id', 'phone_count', 'sms_count', 'status', 'agent_id'])
    .where('contact_phone', 'is not', null)
    .orderBy('id')
    .offset(nth)
    .limit(1)
    .executeTakeFirstOrThrow();
const auditRows = (action: string, like: string) =>
  server.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'detail'])
    .where('action', '=', action)
    .where('detail', 'like', like)
    .execute();
const interactionCount = async (opportunityId: number) =>
  Number(
    (
      await server.db
        .selectFrom('interactions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('opportunity_id', '=', opportunityId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const userId = async (email: string) =>
  (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('logging an interaction (POST /interviews-api/interactions)', () => {
  it('the seeded call and text counts of an opportunity are its logged calls and texts', async () => {
    const o = await opportunity(0);
    const numbers = await admin.get<ContactNumbers>(`/interviews-api/contactNumbers?opportunityId=${o.id}`);
    expect(numbers.body.numbers[0]).toMatchObject({ calls: o.phone_count, texts: o.sms_count });
  });

  it.each(WRITERS)(
    '%s logs a call: it is listed, counted on the opportunity and its number, and audited',
    async (email) => {
      const o = await opportunity(WRITERS.indexOf(email) + 1);
      const caller = staff[email]!;
      const before = (await caller.get<Page<Interaction>>(`/interviews-api/interactions?opportunityId=${o.id}`)).body
        .totalElements;
      const d = dispositions[0]!;
      const res = await caller.post<Interaction>('/interviews-api/interactions', {
        opportunityId: o.id,
        type: 'CALL',
        direction: 'OUTBOUND',
        dispositionId: d.id,
        durationSeconds: 95,
        summary: '  Left a voicemail.  ',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        opportunityId: o.id,
        type: 'CALL',
        disposition: { id: d.id, category: d.category, name: d.name },
        durationSeconds: 95,
        summary: 'Left a voicemail.',
        userId: await userId(email),
        struck: null,
      });
      const list = await caller.get<Page<Interaction>>(`/interviews-api/interactions?opportunityId=${o.id}`);
      expect(list.body.totalElements).toBe(before + 1);
      expect(list.body.content[0]!.id).toBe(res.body.id);
      const after = await caller.get<Opportunity>(`/interviews-api/opportunities/${o.id}`);
      expect([after.body.phoneCount, after.body.smsCount]).toEqual([o.phone_count + 1, o.sms_count]);
      const numbers = await caller.get<ContactNumbers>(`/interviews-api/contactNumbers?opportunityId=${o.id}`);
      expect(numbers.body.numbers[0]).toMatchObject({
        calls: after.body.phoneCount,
        texts: after.body.smsCount,
        lastContacted: res.body.created,
      });
      const audit = await auditRows('INTERACTION_LOGGED', `interaction ${res.body.id} %`);
      expect(audit).toEqual([
        {
          actor_user_id: await userId(email),
          detail: `interaction ${res.body.id} (OUTBOUND CALL) of opportunity ${o.id}, disposition ${d.id}`,
        },
      ]);
    },
  );

  it('a text counts as SMS and an email counts as neither', async () => {
    const o = await opportunity(10);
    for (const type of ['SMS', 'EMAIL']) {
      expect(
        (await admin.post('/interviews-api/interactions', { opportunityId: o.id, type, direction: 'INBOUND' })).status,
      ).toBe(201);
    }
    const after = (await admin.get<Opportunity>(`/interviews-api/opportunities/${o.id}`)).body;
    expect([after.phoneCount, after.smsCount]).toEqual([o.phone_count, o.sms_count + 1]);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const o = await opportunity(11);
    const before = await interactionCount(o.id);
    const call = { type: 'CALL', direction: 'OUTBOUND', dispositionId: dispositions[0]!.id, durationSeconds: 60 };
    const now = Date.now();
    const cases: [unknown, string][] = [
      [{ opportunityId: o.id, type: 'FAX', direction: 'OUTBOUND' }, 'type'],
      [{ opportunityId: o.id, type: 'CALL', direction: 'SIDEWAYS' }, 'direction'],
      [{ opportunityId: o.id, ...call, dispositionId: 999_999 }, 'dispositionId'],
      [{ opportunityId: 999_999, ...call }, 'opportunityId'],
      [{ opportunityId: o.id, ...call, summary: 'x'.repeat(4001) }, 'summary'],
      // A call says what came of it, and how long it lasted or when it was.
      [{ opportunityId: o.id, ...call, dispositionId: null }, 'dispositionId'],
      [{ opportunityId: o.id, ...call, durationSeconds: null }, 'durationSeconds'],
      [{ opportunityId: o.id, ...call, durationSeconds: 90_000 }, 'durationSeconds'],
      [{ opportunityId: o.id, ...call, occurredAt: 'yesterday' }, 'occurredAt'],
      [{ opportunityId: o.id, ...call, occurredAt: new Date(now + 3_600_000).toISOString() }, 'occurredAt'],
      [{ opportunityId: o.id, ...call, occurredAt: new Date(now - 40 * 86_400_000).toISOString() }, 'occurredAt'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post<{ fields: Record<string, string> }>('/interviews-api/interactions', body);
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), field).toContain(field);
    }
    expect(
      (
        await admin.post('/interviews-api/interactions', {
          opportunityId: o.id,
          type: 'CALL',
          direction: 'OUTBOUND',
          extra: 1,
        })
      ).status,
    ).toBe(400);
    expect(await interactionCount(o.id)).toBe(before);
    expect(
      (
        await server.db
          .selectFrom('opportunities')
          .select('phone_count')
          .where('id', '=', o.id)
          .executeTakeFirstOrThrow()
      ).phone_count,
    ).toBe(o.phone_count);
  });

  it('refuses the read-only opportunities role and a brokerage admin (403), and no one signed in (401)', async () => {
    const o = await opportunity(12);
    const body = {
      opportunityId: o.id,
      type: 'CALL',
      direction: 'OUTBOUND',
      dispositionId: dispositions[0]!.id,
      durationSeconds: 30,
    };
    expect((await opps.post('/interviews-api/interactions', body)).status).toBe(403);
    expect((await broker.post('/interviews-api/interactions', body)).status).toBe(403);
    expect((await call(server, 'POST', '/interviews-api/interactions', { body })).status).toBe(401);
    expect(await interactionCount(o.id)).toBe(1 + (o.id % 3));
    expect((await opps.get<Page<Interaction>>(`/interviews-api/interactions?opportunityId=${o.id}`)).status).toBe(200);
  });
});

describe('correcting a disposition (PATCH /interviews-api/interactions/{id})', () => {
  const interactionOf = async (nth: number) => {
    const o = await opportunity(nth);
    return (await admin.get<Page<Interaction>>(`/interviews-api/interactions?opportunityId=${o.id}`)).body.content[0]!;
  };

  it.each(WRITERS)(
    '%s corrects a disposition; the list shows it, the QA row follows, and the old one is audited',
    async (email) => {
      const i = await interactionOf(20 + WRITERS.indexOf(email));
      const next = dispositions.find((d) => d.id !== i.disposition?.id)!;
      const res = await staff[email]!.patch<Interaction>(`/interviews-api/interactions/${i.id}`, {
        dispositionId: next.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: i.id, disposition: next, summary: i.summary, type: i.type });
      const list = await admin.get<Page<Interaction>>(`/interviews-api/interactions?opportunityId=${i.opportunityId}`);
      expect(list.body.content.find((x) => x.id === i.id)?.disposition).toEqual(next);
      const audit = await auditRows('INTERACTION_CORRECTED', `interaction ${i.id} %`);
      expect(audit).toEqual([
        {
          actor_user_id: await userId(email),
          detail: `interaction ${i.id} of opportunity ${i.opportunityId}: disposition ${i.disposition?.id ?? 'none'} to ${next.id}`,
        },
      ]);
    },
  );

  it('clears a disposition with null, and keeps the summary untouched', async () => {
    const i = await interactionOf(30);
    const res = await admin.patch<Interaction>(`/interviews-api/interactions/${i.id}`, { dispositionId: null });
    expect(res.body).toMatchObject({ disposition: null, summary: i.summary });
  });

  it('refuses bad input (400) and an unknown interaction (404), changing nothing', async () => {
    const i = await interactionOf(31);
    expect((await admin.patch(`/interviews-api/interactions/${i.id}`, {})).status).toBe(400);
    expect((await admin.patch(`/interviews-api/interactions/${i.id}`, { dispositionId: 999_999 })).status).toBe(400);
    expect((await admin.patch(`/interviews-api/interactions/${i.id}`, { dispositionId: 'one' })).status).toBe(400);
    expect((await admin.patch(`/interviews-api/interactions/${i.id}`, { type: 'SMS' })).status).toBe(400);
    expect(
      (await admin.patch('/interviews-api/interactions/999999', { dispositionId: dispositions[0]!.id })).status,
    ).toBe(404);
    const after = (await admin.get<Page<Interaction>>(`/interviews-api/interactions?opportunityId=${i.opportunityId}`))
      .body.content[0]!;
    expect(after).toEqual(i);
    expect(await auditRows('INTERACTION_CORRECTED', `interaction ${i.id} %`)).toEqual([]);
  });

  it('refuses the read-only opportunities role and a brokerage admin (403), and no one signed in (401)', async () => {
    const i = await interactionOf(32);
    const body = { dispositionId: dispositions[1]!.id };
    expect((await opps.patch(`/interviews-api/interactions/${i.id}`, body)).status).toBe(403);
    expect((await broker.patch(`/interviews-api/interactions/${i.id}`, body)).status).toBe(403);
    expect((await call(server, 'PATCH', `/interviews-api/interactions/${i.id}`, { body })).status).toBe(401);
  });
});

describe("an opportunity's lender (GET /interviews-api/opportunities/{id}/lender)", () => {
  it('names the loan office and officer with how to reach them, to staff and to the read-only role', async () => {
    const row = await server.db
      .selectFrom('lender_referrals as lr')
      .innerJoin('loan_offices as lo', 'lo.id', 'lr.loan_office_id')
      .innerJoin('loan_officers as o', 'o.id', 'lr.loan_officer_id')
      .select([
        'lr.opportunity_id',
        'lo.name',
        'lo.email',
        'lo.phone',
        'o.email as officer_email',
        'o.phone as officer_phone',
      ])
      .orderBy('lr.id')
      .executeTakeFirstOrThrow();
    for (const caller of [...Object.values(staff), opps]) {
      const res = await caller.get<OpportunityLender>(`/interviews-api/opportunities/${row.opportunity_id}/lender`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        loanOffice: { name: row.name, email: row.email, phone: row.phone },
        loanOfficer: { email: row.officer_email, phone: row.officer_phone },
      });
    }
    expect((await broker.get(`/interviews-api/opportunities/${row.opportunity_id}/lender`)).status).toBe(403);
    expect((await call(server, 'GET', `/interviews-api/opportunities/${row.opportunity_id}/lender`)).status).toBe(401);
  });

  it('answers 200 with null when the opportunity went to no lender (no error logged), 404 when there is no such opportunity', async () => {
    const none = await server.db
      .selectFrom('opportunities as o')
      .select('o.id')
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('lender_referrals as lr').select('lr.id').whereRef('lr.opportunity_id', '=', 'o.id')),
        ),
      )
      .orderBy('o.id')
      .executeTakeFirstOrThrow();
    const res = await admin.get(`/interviews-api/opportunities/${none.id}/lender`);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect((await admin.get('/interviews-api/opportunities/999999999/lender')).status).toBe(404);
  });
});

describe('editing the contact (PATCH /interviews-api/opportunities/{id})', () => {
  it.each(WRITERS)('%s edits the phone and email; the answer and the audit row say what changed', async (email) => {
    const o = await opportunity(40 + WRITERS.indexOf(email));
    const res = await staff[email]!.patch<Opportunity>(`/interviews-api/opportunities/${o.id}`, {
      phoneNumber: '207.555.0142',
      emailAddress: ' New.Address@Mail.Example ',
    });
    expect(res.status).toBe(200);
    expect(res.body.contact).toMatchObject({ phoneNumber: '+12075550142', emailAddress: 'new.address@mail.example' });
    expect(await auditRows('OPPORTUNITY_EDITED', `opportunity ${o.id}:%`)).toEqual([
      { actor_user_id: await userId(email), detail: `opportunity ${o.id}: contact_phone, contact_email` },
    ]);
  });

  it('refuses a bad phone, email or name with the field named, writing nothing and auditing nothing', async () => {
    const o = await opportunity(50);
    const row = () =>
      server.db
        .selectFrom('opportunities')
        .select(['contact_first', 'contact_phone', 'contact_email', 'updated_at'])
        .where('id', '=', o.id)
        .executeTakeFirstOrThrow();
    const before = await row();
    const bad = await admin.patch<{ fields: Record<string, string> }>(`/interviews-api/opportunities/${o.id}`, {
      phoneNumber: '555-01',
      emailAddress: 'no-at-sign',
      nameFirst: ' ',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      phoneNumber: 'Invalid phone number.',
      emailAddress: 'Invalid e-mail.',
      nameFirst: 'Name is required',
    });
    expect((await admin.patch(`/interviews-api/opportunities/${o.id}`, {})).status).toBe(400);
    expect((await admin.patch('/interviews-api/opportunities/999999', { nameFirst: 'Ann' })).status).toBe(404);
    expect(await row()).toEqual(before);
    expect(await auditRows('OPPORTUNITY_EDITED', `opportunity ${o.id}:%`)).toEqual([]);
  });

  it('refuses the read-only opportunities role and a brokerage admin (403), and no one signed in (401)', async () => {
    const o = await opportunity(51);
    const body = { emailAddress: 'someone@mail.example' };
    expect((await opps.patch(`/interviews-api/opportunities/${o.id}`, body)).status).toBe(403);
    expect((await broker.patch(`/interviews-api/opportunities/${o.id}`, body)).status).toBe(403);
    expect((await call(server, 'PATCH', `/interviews-api/opportunities/${o.id}`, { body })).status).toBe(401);
  });
});

describe('status, note and assigned agent writes', () => {
  it('a status change is audited with the status it replaced; the read-only role, a broker and no one are refused', async () => {
    const o = await opportunity(60);
    const next = o.status === 'FUTURE_INTEREST' ? 'UNQUALIFIED' : 'FUTURE_INTEREST';
    expect((await opps.put(`/interviews-api/opportunities/${o.id}/status`, { status: next })).status).toBe(403);
    expect((await broker.put(`/interviews-api/opportunities/${o.id}/status`, { status: next })).status).toBe(403);
    expect(
      (await call(server, 'PUT', `/interviews-api/opportunities/${o.id}/status`, { body: { status: next } })).status,
    ).toBe(401);
    expect(
      (await staff['supervisor@demo.test']!.put(`/interviews-api/opportunities/${o.id}/status`, { status: next }))
        .status,
    ).toBe(200);
    expect(await auditRows('OPPORTUNITY_STATUS_CHANGED', `opportunity ${o.id}:%`)).toEqual([
      { actor_user_id: await userId('supervisor@demo.test'), detail: `opportunity ${o.id}: ${o.status} to ${next}` },
    ]);
  });

  it('a note is kept with its author; the read-only role, a broker and no one are refused', async () => {
    const o = await opportunity(61);
    const body = { body: 'Call back on Tuesday.' };
    expect((await opps.post(`/interviews-api/opportunities/${o.id}/notes`, body)).status).toBe(403);
    expect((await broker.post(`/interviews-api/opportunities/${o.id}/notes`, body)).status).toBe(403);
    expect((await call(server, 'POST', `/interviews-api/opportunities/${o.id}/notes`, { body })).status).toBe(401);
    const note = await staff['qa@demo.test']!.post<{ body: string; authorId: number }>(
      `/interviews-api/opportunities/${o.id}/notes`,
      body,
    );
    expect(note.status).toBe(201);
    expect(note.body.body).toBe('Call back on Tuesday.');
  });

  it('removing the assigned agent is audited; the read-only role, a broker and no one are refused', async () => {
    const o = await server.db
      .selectFrom('opportunities')
      .select(['id', 'agent_id'])
      .where('agent_id', 'is not', null)
      .orderBy('id')
      .offset(5)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await opps.delete(`/interviews-api/opportunities/${o.id}/assignedAgent`)).status).toBe(403);
    expect((await broker.delete(`/interviews-api/opportunities/${o.id}/assignedAgent`)).status).toBe(403);
    expect((await call(server, 'DELETE', `/interviews-api/opportunities/${o.id}/assignedAgent`)).status).toBe(401);
    expect((await admin.delete(`/interviews-api/opportunities/${o.id}/assignedAgent`)).status).toBe(200);
    expect(await auditRows('ASSIGNED_AGENT_REMOVED', `agent % from opportunity ${o.id}`)).toEqual([
      { actor_user_id: await userId('admin@demo.test'), detail: `agent ${o.agent_id} from opportunity ${o.id}` },
    ]);
    expect((await admin.delete(`/interviews-api/opportunities/${o.id}/assignedAgent`)).status).toBe(409);
  });
});

describe('a call logged afterwards, corrected and struck', () => {
  it('logs a call made earlier at its own time, corrects its duration, strikes it with an audit row, and then refuses changes', async () => {
    const o = await opportunity(40);
    const d = dispositions[0]!;
    const at = new Date(Date.now() - 3 * 3_600_000);
    at.setMilliseconds(0);
    const logged = await admin.post<Interaction>('/interviews-api/interactions', {
      opportunityId: o.id,
      type: 'CALL',
      direction: 'INBOUND',
      dispositionId: d.id,
      occurredAt: at.toISOString(),
    });
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({ created: at.toISOString(), durationSeconds: null, struck: null });
    const id = logged.body.id;
    const corrected = await admin.patch<Interaction>(`/interviews-api/interactions/${id}`, { durationSeconds: 240 });
    expect(corrected.body.durationSeconds).toBe(240);
    expect(await auditRows('INTERACTION_CORRECTED', `interaction ${id} %`)).toEqual([
      {
        actor_user_id: await userId('admin@demo.test'),
        detail: `interaction ${id} of opportunity ${o.id}: duration none to 240s`,
      },
    ]);
    // Refused: no reason, by the read-only role or a broker, an unknown interaction.
    expect((await admin.post(`/interviews-api/interactions/${id}/strike`, { reason: '  ' })).status).toBe(400);
    expect((await opps.post(`/interviews-api/interactions/${id}/strike`, { reason: 'Wrong client' })).status).toBe(403);
    expect((await broker.post(`/interviews-api/interactions/${id}/strike`, { reason: 'Wrong client' })).status).toBe(
      403,
    );
    expect((await admin.post('/interviews-api/interactions/999999/strike', { reason: 'Wrong client' })).status).toBe(
      404,
    );
    const before = (await admin.get<Opportunity>(`/interviews-api/opportunities/${o.id}`)).body.phoneCount;
    const struck = await staff['supervisor@demo.test']!.post<Interaction>(`/interviews-api/interactions/${id}/strike`, {
      reason: 'Logged on the wrong client',
    });
    expect(struck.status).toBe(200);
    expect(struck.body.struck).toMatchObject({ reason: 'Logged on the wrong client', by: expect.any(String) });
    expect((await admin.get<Opportunity>(`/interviews-api/opportunities/${o.id}`)).body.phoneCount).toBe(before - 1);
    const listed = (
      await admin.get<Page<Interaction>>(`/interviews-api/interactions?opportunityId=${o.id}`)
    ).body.content.find((i) => i.id === id);
    expect(listed?.struck?.reason).toBe('Logged on the wrong client');
    expect(await auditRows('INTERACTION_STRUCK', `interaction ${id} %`)).toEqual([
      {
        actor_user_id: await userId('supervisor@demo.test'),
        detail: `interaction ${id} (CALL) of opportunity ${o.id}: Logged on the wrong client`,
      },
    ]);
    expect((await admin.patch(`/interviews-api/interactions/${id}`, { dispositionId: d.id })).status).toBe(409);
    expect((await admin.post(`/interviews-api/interactions/${id}/strike`, { reason: 'Again' })).status).toBe(409);
  });
});
