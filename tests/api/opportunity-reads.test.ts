import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// The opportunity view's reads: the referral partner, the workflow tasks the
// opportunity waits on, the conversation (interaction timeline) and the contact numbers.

const READERS = [
  'admin@demo.test',
  'manager@demo.test',
  'qa@demo.test',
  'supervisor@demo.test',
  'engagement@demo.test',
  'opps@demo.test',
];
const OUTSIDERS = ['csr@demo.test', 'broker@demo.test', 'lender@demo.test', 'agent'];

let server: TestServer;
const as: Record<string, Caller> = {};
let withPartner: { id: number; partner_id: number };
let withTasks: number;
let withCalls: number;

beforeAll(async () => {
  server = await startTestServer();
  for (const who of [...READERS, ...OUTSIDERS.filter((w) => w !== 'agent')]) as[who] = await signIn(server, who);
  as['agent'] = await signIn(server, '+15550100001');
  const p = await server.db
    .selectFrom('opportunities')
    .select(['id', 'partner_id'])
    .where('partner_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  withPartner = { id: p.id, partner_id: p.partner_id! };
  withTasks = (
    await server.db
      .selectFrom('workflow_tasks')
      .select('opportunity_id')
      .groupBy('opportunity_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .orderBy('opportunity_id')
      .executeTakeFirstOrThrow()
  ).opportunity_id;
  withCalls = (
    await server.db
      .selectFrom('call_recordings as r')
      .innerJoin('interactions as i', 'i.id', 'r.interaction_id')
      .select('i.opportunity_id')
      .orderBy('i.opportunity_id')
      .executeTakeFirstOrThrow()
  ).opportunity_id;
});
afterAll(async () => {
  await server.close();
});

describe('GET /interviews-api/partners/{id}', () => {
  it.each(READERS)(
    'answers the partner with its opportunity counts for %s, and the opportunity names it',
    async (who) => {
      const opp = await as[who]!.get(`/interviews-api/opportunities/${withPartner.id}`);
      expect(opp.body.partnerId).toBe(withPartner.partner_id);
      const res = await as[who]!.get(`/interviews-api/partners/${withPartner.partner_id}`);
      expect(res.status).toBe(200);
      const total = await server.db
        .selectFrom('opportunities')
        .where('partner_id', '=', withPartner.partner_id)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const open = await server.db
        .selectFrom('opportunities')
        .where('partner_id', '=', withPartner.partner_id)
        .where('status', 'not in', ['CLOSED', 'DO_NOT_CONTACT', 'UNSERVICEABLE', 'UNQUALIFIED'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(res.body).toMatchObject({
        id: withPartner.partner_id,
        opportunities: { total: Number(total.n), open: Number(open.n) },
      });
      expect(res.body.name).toEqual(expect.any(String));
    },
  );

  it.each(OUTSIDERS)('refuses %s with 403', async (who) => {
    expect((await as[who]!.get(`/interviews-api/partners/${withPartner.partner_id}`)).status).toBe(403);
  });

  it('answers 404 for an unknown partner and 400 for a bad id, 401 without a token', async () => {
    expect((await as['admin@demo.test']!.get('/interviews-api/partners/999999')).status).toBe(404);
    expect((await as['admin@demo.test']!.get('/interviews-api/partners/9999999999')).status).toBe(400);
    expect((await call(server, 'GET', `/interviews-api/partners/${withPartner.partner_id}`)).status).toBe(401);
  });
});

describe('GET /workflow-api/tasks', () => {
  it.each(READERS)("lists the opportunity's tasks, open ones first by due time, for %s", async (who) => {
    const res = await as[who]!.get(`/workflow-api/tasks?opportunityId=${withTasks}`);
    expect(res.status).toBe(200);
    const rows = await server.db
      .selectFrom('workflow_tasks')
      .select(['id', 'status'])
      .where('opportunity_id', '=', withTasks)
      .execute();
    expect(res.body.totalElements).toBe(rows.length);
    const statuses = (res.body.content as { status: string }[]).map(
      (t) => t.status === 'OPEN' || t.status === 'IN_PROGRESS',
    );
    expect(statuses).toEqual([...statuses].sort((a, b) => Number(b) - Number(a)));
  });

  it('filters by status and marks open tasks past their due time as overdue', async () => {
    const open = await as['admin@demo.test']!.get(
      `/workflow-api/tasks?opportunityId=${withTasks}&status=open,in_progress`,
    );
    expect(open.status).toBe(200);
    expect(open.body.content.every((t: { status: string }) => ['OPEN', 'IN_PROGRESS'].includes(t.status))).toBe(true);
    // One open task falls due an hour ago; a finished one never counts as overdue.
    const task = await server.db
      .insertInto('workflow_tasks')
      .values({
        opportunity_id: withTasks,
        type: 'CALL_BACK',
        name: 'Call the client back',
        status: 'OPEN',
        assignee_user_id: null,
        due_at: new Date(Date.now() - 3_600_000),
        created_at: new Date(Date.now() - 7_200_000),
        completed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const later = await as['admin@demo.test']!.get(`/workflow-api/tasks?opportunityId=${withTasks}&pageSize=100`);
    const tasks = later.body.content as { id: number; status: string; due: string | null; overdue: boolean }[];
    expect(tasks.find((t) => t.id === task.id)?.overdue).toBe(true);
    for (const t of tasks) {
      expect(t.overdue).toBe(
        (t.status === 'OPEN' || t.status === 'IN_PROGRESS') && t.due !== null && Date.parse(t.due) < Date.now(),
      );
    }
  });

  it.each(OUTSIDERS)('refuses %s with 403', async (who) => {
    expect((await as[who]!.get(`/workflow-api/tasks?opportunityId=${withTasks}`)).status).toBe(403);
  });

  it('answers 400 JSON without an opportunity or with a bad status, 404 for an unknown opportunity', async () => {
    const missing = await as['admin@demo.test']!.get('/workflow-api/tasks');
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('opportunityId');
    expect(
      (await as['admin@demo.test']!.get(`/workflow-api/tasks?opportunityId=${withTasks}&status=LATE`)).status,
    ).toBe(400);
    expect((await as['admin@demo.test']!.get('/workflow-api/tasks?opportunityId=999999')).status).toBe(404);
  });
});

describe('GET /interviews-api/conversation', () => {
  it.each(READERS)(
    "answers the opportunity's interactions newest first with recordings and QA status for %s",
    async (who) => {
      const res = await as[who]!.get(
        `/interviews-api/conversation?opportunityId=${withCalls}&pageIndex=0&pageSize=100`,
      );
      expect(res.status).toBe(200);
      const rows = await server.db
        .selectFrom('interactions')
        .select(['id', 'created_at'])
        .where('opportunity_id', '=', withCalls)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(res.body.totalElements).toBe(rows.length);
      expect(res.body.content.map((e: { interactionId: number }) => e.interactionId)).toEqual(rows.map((r) => r.id));
      const recorded = (res.body.content as { recordingIds: number[]; qaStatus: string | null }[]).filter(
        (e) => e.recordingIds.length > 0,
      );
      expect(recorded.length).toBeGreaterThan(0);
      expect(recorded.every((e) => e.qaStatus !== null)).toBe(true);
    },
  );

  it('pages with pageIndex and pageSize (default 100)', async () => {
    const first = await as['admin@demo.test']!.get(
      `/interviews-api/conversation?opportunityId=${withCalls}&pageSize=1`,
    );
    expect(first.body.content).toHaveLength(1);
    expect(
      (
        await as['admin@demo.test']!.get(
          `/interviews-api/conversation?opportunityId=${withCalls}&pageSize=1&pageIndex=999`,
        )
      ).body.content,
    ).toEqual([]);
  });

  it.each(OUTSIDERS)('refuses %s with 403', async (who) => {
    expect((await as[who]!.get(`/interviews-api/conversation?opportunityId=${withCalls}`)).status).toBe(403);
  });

  it('answers 400 JSON without an opportunity or with a bad page, 404 for an unknown one', async () => {
    expect((await as['admin@demo.test']!.get('/interviews-api/conversation')).status).toBe(400);
    expect(
      (await as['admin@demo.test']!.get(`/interviews-api/conversation?opportunityId=${withCalls}&pageSize=-1`)).status,
    ).toBe(400);
    expect((await as['admin@demo.test']!.get('/interviews-api/conversation?opportunityId=999999')).status).toBe(404);
  });
});

describe('GET /interviews-api/contactNumbers', () => {
  it.each(READERS)("answers the client's number with its call and text counts for %s", async (who) => {
    const res = await as[who]!.get(`/interviews-api/contactNumbers?opportunityId=${withCalls}`);
    expect(res.status).toBe(200);
    const o = await server.db
      .selectFrom('opportunities')
      .select('contact_phone')
      .where('id', '=', withCalls)
      .executeTakeFirstOrThrow();
    const calls = await server.db
      .selectFrom('interactions')
      .where('opportunity_id', '=', withCalls)
      .where('type', '=', 'CALL')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(res.body.opportunityId).toBe(withCalls);
    expect(res.body.numbers).toEqual(
      o.contact_phone
        ? [expect.objectContaining({ number: o.contact_phone, label: 'Client', calls: Number(calls.n) })]
        : [],
    );
  });

  it('says when the do-not-call list blocks the number', async () => {
    const o = await server.db
      .selectFrom('opportunities')
      .select('contact_phone')
      .where('id', '=', withCalls)
      .executeTakeFirstOrThrow();
    expect(o.contact_phone).not.toBeNull();
    await server.db
      .insertInto('dnc_contacts')
      .values({ type: 'PHONE', value: o.contact_phone!, blocked: true })
      .onConflict((oc) => oc.columns(['type', 'value']).doUpdateSet({ blocked: true }))
      .execute();
    const res = await as['admin@demo.test']!.get(`/interviews-api/contactNumbers?opportunityId=${withCalls}`);
    expect(res.body.numbers[0].doNotCall).toBe(true);
  });

  it.each(OUTSIDERS)('refuses %s with 403', async (who) => {
    expect((await as[who]!.get(`/interviews-api/contactNumbers?opportunityId=${withCalls}`)).status).toBe(403);
  });

  it('answers 400 JSON without an opportunity, 404 for an unknown one', async () => {
    const res = await as['admin@demo.test']!.get('/interviews-api/contactNumbers?opportunityId=abc');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, fields: { opportunityId: expect.any(String) } });
    expect((await as['admin@demo.test']!.get('/interviews-api/contactNumbers?opportunityId=999999')).status).toBe(404);
  });
});
