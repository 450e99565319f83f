import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Disposition, ForceAssignmentResult, Interaction, Opportunity } from '../../src/contract/interviews.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

type Page<T> = { content: T[]; totalElements: number };
let server: TestServer;
let admin: Caller;
let harbor: number;
let maple: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.test');
  const b = await server.db.selectFrom('brokerages').select(['id', 'name']).execute();
  harbor = b.find((x) => x.name === 'Harbor Point Realty')!.id;
  maple = b.find((x) => x.name === 'Maple & Main Homes')!.id;
});
afterAll(async () => {
  await server.close();
});

const countWhere = async (status: string) =>
  Number(
    (
      await server.db
        .selectFrom('opportunities')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('opportunity lists', () => {
  it('pages every opportunity newest first', async () => {
    const res = await admin.get<Page<Opportunity>>('/interviews-api/opportunities?pageSize=20');
    expect(res.body.totalElements).toBe(1500);
    const created = res.body.content.map((o) => o.created);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('filters by one or several statuses', async () => {
    const closed = await admin.get<Page<Opportunity>>('/interviews-api/opportunities?status=CLOSED&pageSize=100');
    expect(closed.body.totalElements).toBe(await countWhere('CLOSED'));
    expect(closed.body.content.every((o) => o.status === 'CLOSED')).toBe(true);
    const two = await admin.get<Page<Opportunity>>('/interviews-api/opportunities?status=CLOSED,UNQUALIFIED');
    expect(two.body.totalElements).toBe((await countWhere('CLOSED')) + (await countWhere('UNQUALIFIED')));
  });

  it('searches names, email and phone digits, with * as a wildcard', async () => {
    const o = await server.db
      .selectFrom('opportunities')
      .selectAll()
      .where('contact_email', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const byEmail = await admin.get<Page<Opportunity>>(
      `/interviews-api/opportunities/search?q=${encodeURIComponent(o.contact_email!.toUpperCase())}`,
    );
    expect(byEmail.body.content.map((x) => x.id)).toContain(o.id);
    const digits = o.contact_phone!.slice(-7);
    const byPhone = await admin.get<Page<Opportunity>>(
      `/interviews-api/opportunities/search?q=${digits.slice(0, 3)}-${digits.slice(3)}&pageSize=100`,
    );
    expect(byPhone.body.content.map((x) => x.id)).toContain(o.id);
    const wild = await admin.get<Page<Opportunity>>(
      `/interviews-api/opportunities/search?q=${o.contact_first!.slice(0, 2)}*${o.contact_last!.slice(-2)}&pageSize=1000`,
    );
    expect(wild.body.content.map((x) => x.id)).toContain(o.id);
    const last = await server.db
      .selectFrom('opportunities')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const byId = await admin.get<Page<Opportunity>>(`/interviews-api/opportunities/search?q=${last.id}`);
    expect(byId.body.content.map((x) => x.id)).toContain(last.id);
    expect((await admin.get('/interviews-api/opportunities/search?q=%25%25zz-no-such')).body.totalElements).toBe(0);
  });

  it('lists dispositions by category then name, and the interactions of one opportunity', async () => {
    const d = await admin.get<Page<Disposition>>('/interviews-api/dispositions');
    const keys = d.body.content.map((x) => `${x.category}/${x.name}`);
    expect(keys).toEqual([...keys].sort());
    const opp = (await admin.get<Page<Opportunity>>('/interviews-api/opportunities?pageSize=1')).body.content[0]!;
    const i = await admin.get<Page<Interaction>>(`/interviews-api/interactions?opportunityId=${opp.id}`);
    expect(i.body.totalElements).toBe(1 + (opp.id % 3));
    expect(i.body.content.every((x) => x.opportunityId === opp.id && x.disposition !== null)).toBe(true);
  });
});

describe('opportunity changes', () => {
  it('edits the contact, checks its values, and changes the status', async () => {
    const id = (await admin.get<Page<Opportunity>>('/interviews-api/opportunities?pageSize=1')).body.content[0]!.id;
    const res = await admin.patch<Opportunity>(`/interviews-api/opportunities/${id}`, {
      nameFirst: 'Jo-Ann',
      phoneNumber: '(207) 555-0111',
      emailAddress: 'Jo@Mail.Example',
    });
    expect(res.body.contact).toEqual({
      nameFirst: 'Jo-Ann',
      nameLast: res.body.contact.nameLast,
      phoneNumber: '+12075550111',
      emailAddress: 'jo@mail.example',
    });
    const bad = await admin.patch(`/interviews-api/opportunities/${id}`, { emailAddress: 'nope', nameFirst: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ emailAddress: 'Invalid e-mail.', nameFirst: 'Name is required' });
    const status = await admin.put<Opportunity>(`/interviews-api/opportunities/${id}/status`, {
      status: 'IN_PRIORITY_NURTURE',
    });
    expect(status.body.status).toBe('IN_PRIORITY_NURTURE');
    expect((await admin.put(`/interviews-api/opportunities/${id}/status`, { status: 'MAYBE' })).status).toBe(400);
  });

  it('keeps notes newest first', async () => {
    const id = (await admin.get<Page<Opportunity>>('/interviews-api/opportunities?pageSize=1')).body.content[0]!.id;
    const note = await admin.post(`/interviews-api/opportunities/${id}/notes`, { body: 'Prefers calls after 5 pm.' });
    expect(note.status).toBe(201);
    const list = await admin.get(`/interviews-api/opportunities/${id}/notes`);
    expect(list.body.content[0]).toMatchObject({
      opportunityId: id,
      body: 'Prefers calls after 5 pm.',
      author: { name: 'Alex Admin' },
    });
  });

  it('force-assigns an opportunity to an agent of its brokerage: a new referral, the old one removed, an SMS to the agent', async () => {
    const db = server.db;
    const opp = await db
      .selectFrom('opportunities')
      .select(['id', 'agent_id', 'contact_first'])
      .where('brokerage_id', '=', harbor)
      .where('agent_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const old = await db
      .selectFrom('referrals')
      .select(['id', 'stage'])
      .where('opportunity_id', '=', opp.id)
      .executeTakeFirstOrThrow();
    const agent = await db
      .selectFrom('agents')
      .select(['id', 'phone'])
      .where('brokerage_id', '=', harbor)
      .where('status', '=', 'ACTIVE')
      .where('id', '<>', opp.agent_id!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const res = await admin.post<ForceAssignmentResult>('/interviews-api/agent-connection/forceReferralAssignment', {
      agentId: agent.id,
      opportunityId: opp.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.opportunity).toMatchObject({ id: opp.id, agentId: agent.id, status: 'ASSIGNED_TO_AGENT' });
    expect(res.body.referral).toMatchObject({ agentId: agent.id, opportunityId: opp.id, stage: 'AWAITING_FOLLOWUP' });
    const before = await db.selectFrom('referrals').select('stage').where('id', '=', old.id).executeTakeFirstOrThrow();
    expect(before.stage).toBe(['CLOSED', 'LEASED', 'REMOVED'].includes(old.stage) ? old.stage : 'REMOVED');
    const sms = await db
      .selectFrom('outbox')
      .select(['recipient', 'body'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sms.recipient).toBe(agent.phone);
    const events = await db
      .selectFrom('referral_events')
      .select(['type', 'detail'])
      .where('referral_id', '=', res.body.referral.id)
      .execute();
    expect(events).toEqual([{ type: 'CREATED', detail: 'FORCE_ASSIGNED' }]);
  });

  it('refuses an agent of another brokerage and unknown ids, and writes nothing', async () => {
    const db = server.db;
    const opp = await db
      .selectFrom('opportunities')
      .select('id')
      .where('brokerage_id', '=', harbor)
      .where('agent_id', 'is', null)
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', maple)
      .executeTakeFirstOrThrow();
    const referrals = async () =>
      Number(
        (
          await db
            .selectFrom('referrals')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await referrals();
    expect(
      (
        await admin.post('/interviews-api/agent-connection/forceReferralAssignment', {
          agentId: other.id,
          opportunityId: opp.id,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await admin.post('/interviews-api/agent-connection/forceReferralAssignment', {
          agentId: other.id,
          opportunityId: 99999999,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await admin.post('/interviews-api/agent-connection/forceReferralAssignment', {
          agentId: '1',
          opportunityId: opp.id,
        })
      ).status,
    ).toBe(400);
    expect(await referrals()).toBe(before);
  });

  it('unassigns the agent once, ending the open referral', async () => {
    const db = server.db;
    const opp = await db
      .selectFrom('opportunities')
      .select('id')
      .where('status', '=', 'ASSIGNED_TO_AGENT')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const res = await admin.delete<Opportunity>(`/interviews-api/opportunities/${opp.id}/assignedAgent`);
    expect(res.body).toMatchObject({ agentId: null, assignedAt: null, status: 'REMOVED_ASSIGNMENT_TO_AGENT' });
    const open = await db
      .selectFrom('referrals')
      .select('id')
      .where('opportunity_id', '=', opp.id)
      .where('stage', 'not in', ['REMOVED', 'CLOSED', 'LEASED'])
      .execute();
    expect(open).toEqual([]);
    expect((await admin.delete(`/interviews-api/opportunities/${opp.id}/assignedAgent`)).status).toBe(409);
  });
});
