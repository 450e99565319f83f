import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { REASSIGN_REFUSAL_MESSAGES, reassignRefusal, type ReassignRefusal } from '../../src/lib/reassignment-rule.ts';
import { call, DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// A brokerage admin and staff act on a referral where they look at it: reassign it, remind
// its agent, note it. Each use as the owner brokerage admin, another brokerage's admin, staff ADMIN
// and nobody signed in.

let server: TestServer;
let broker: Caller;
let other: Caller;
let admin: Caller;
let harbor: number;
let maple: number;

beforeAll(async () => {
  server = await startTestServer();
  [broker, other, admin] = (await Promise.all(
    ['broker@demo.test', 'broker.basic@demo.test', 'admin@demo.test'].map((u) => signIn(server, u)),
  )) as [Caller, Caller, Caller];
  const rows = await server.db.selectFrom('brokerages').select(['id', 'name']).execute();
  harbor = rows.find((b) => b.name === 'Harbor Point Realty')!.id;
  maple = rows.find((b) => b.name === 'Maple & Main Homes')!.id;
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.setNow(new Date());
});

const anonymous = (method: string, path: string, body: unknown) => call(server, method, path, { body });

/**
 * Overdue referrals of Harbor Point no earlier test has used, each with its agent: idle ones (not
 * under contract past the sale date, which a move does not bring up to date).
 */
const used = new Set<number>();
async function overdueReferral(): Promise<{ id: number; agentId: number }> {
  const page = await broker.get<{ content: { id: number; agentId: number; stage: string }[] }>(
    '/agents-api/broker-referrals?followupType=OVERDUE&pageSize=100&sort=updated,DESC',
  );
  const ref = page.body.content.find((r) => !used.has(r.id) && r.stage !== 'UNDER_CONTRACT');
  if (!ref) throw new Error('no unused overdue referral left');
  used.add(ref.id);
  return { id: ref.id, agentId: ref.agentId };
}

/** An ACTIVE agent of the brokerage other than `not`. */
async function colleague(brokerageId: number, not: number): Promise<number> {
  return (
    await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', brokerageId)
      .where('status', '=', 'ACTIVE')
      .where('id', '<>', not)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const audits = async (action: string, detail: string) =>
  await server.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'detail'])
    .where('action', '=', action)
    .where('detail', 'like', `${detail}%`)
    .execute();
const agentOf = async (refId: number) =>
  (await server.db.selectFrom('referrals').select('agent_id').where('id', '=', refId).executeTakeFirstOrThrow())
    .agent_id;

describe('reassigning a referral', () => {
  it('lets the owner brokerage admin move it, telling the new agent and writing an audit row', async () => {
    const ref = await overdueReferral();
    const to = await colleague(harbor, ref.agentId);
    const res = await broker.patch(`/agents-api/referrals/${ref.id}/reassign`, { agentId: to });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ref.id, agentId: to, overdue: false });
    expect(await agentOf(ref.id)).toBe(to);
    expect(await audits('REFERRAL_REASSIGNED', `referral ${ref.id}:`)).toHaveLength(1);
    const told = await server.db
      .selectFrom('agent_notifications')
      .select('type')
      .where('referral_id', '=', ref.id)
      .where('agent_id', '=', to)
      .execute();
    expect(told).toEqual([{ type: 'FORCE_ASSIGNED_REFERRAL' }]);
  });

  it("refuses another brokerage's admin with 403 and changes nothing", async () => {
    const ref = await overdueReferral();
    const res = await other.patch(`/agents-api/referrals/${ref.id}/reassign`, {
      agentId: await colleague(harbor, ref.agentId),
    });
    expect(res).toMatchObject({ status: 403, body: { status: 403, error: 'Forbidden' } });
    expect(await agentOf(ref.id)).toBe(ref.agentId);
    expect(await audits('REFERRAL_REASSIGNED', `referral ${ref.id}:`)).toHaveLength(0);
  });

  it('lets staff ADMIN move it, with the audit row naming them', async () => {
    const ref = await overdueReferral();
    const to = await colleague(harbor, ref.agentId);
    expect((await admin.patch(`/agents-api/referrals/${ref.id}/reassign`, { agentId: to })).status).toBe(200);
    const adminId = (
      await server.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow()
    ).id;
    expect(await audits('REFERRAL_REASSIGNED', `referral ${ref.id}:`)).toEqual([
      expect.objectContaining({ actor_user_id: adminId }),
    ]);
  });

  it('answers 401 to nobody signed in and changes nothing', async () => {
    const ref = await overdueReferral();
    expect(
      (
        await anonymous('PATCH', `/agents-api/referrals/${ref.id}/reassign`, {
          agentId: await colleague(harbor, ref.agentId),
        })
      ).status,
    ).toBe(401);
    expect(await agentOf(ref.id)).toBe(ref.agentId);
  });

  it("refuses exactly the agents the console's picker marks, with the rule's reason", async () => {
    const agents = await server.db
      .selectFrom('agents')
      .select(['id', 'brokerage_id', 'status'])
      .where('brokerage_id', '=', harbor)
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .limit(3)
      .execute();
    const [deactivated, deleted, active] = agents as [(typeof agents)[0], (typeof agents)[0], (typeof agents)[0]];
    await server.db.updateTable('agents').set({ status: 'DEACTIVATED' }).where('id', '=', deactivated.id).execute();
    await server.db.updateTable('agents').set({ status: 'DELETED' }).where('id', '=', deleted.id).execute();
    const mapleAgent = await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', maple)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    try {
      const ref = await overdueReferral();
      const candidates = [
        { id: ref.agentId, brokerageId: harbor, status: 'ACTIVE' },
        { id: deactivated.id, brokerageId: harbor, status: 'DEACTIVATED' },
        { id: deleted.id, brokerageId: harbor, status: 'DELETED' },
        { id: mapleAgent.id, brokerageId: maple, status: 'ACTIVE' },
      ];
      const expected: ReassignRefusal[] = ['SAME_AGENT', 'DEACTIVATED', 'DELETED', 'OTHER_BROKERAGE'];
      for (const [i, agent] of candidates.entries()) {
        const refusal = reassignRefusal({ agentId: ref.agentId, brokerageId: harbor }, agent);
        expect(refusal).toBe(expected[i]);
        const res = await broker.patch(`/agents-api/referrals/${ref.id}/reassign`, { agentId: agent.id });
        expect(res.status).toBe(refusal === 'OTHER_BROKERAGE' ? 400 : 409);
        expect(res.body).toMatchObject({ message: REASSIGN_REFUSAL_MESSAGES[refusal!] });
      }
      expect(await agentOf(ref.id)).toBe(ref.agentId);
      const free = active.id === ref.agentId ? await colleague(harbor, ref.agentId) : active.id;
      expect(
        reassignRefusal(
          { agentId: ref.agentId, brokerageId: harbor },
          { id: free, brokerageId: harbor, status: 'ACTIVE' },
        ),
      ).toBeNull();
      expect((await broker.patch(`/agents-api/referrals/${ref.id}/reassign`, { agentId: free })).status).toBe(200);
    } finally {
      await server.db
        .updateTable('agents')
        .set({ status: 'ACTIVE' })
        .where('id', 'in', [deactivated.id, deleted.id])
        .execute();
    }
  });

  it('answers bad input with a 400 JSON body', async () => {
    const ref = await overdueReferral();
    for (const body of [{}, { agentId: '7' }, { agentId: -1 }, { agentId: 7, extra: 1 }]) {
      const res = await broker.patch(`/agents-api/referrals/${ref.id}/reassign`, body);
      expect(res).toMatchObject({ status: 400, body: { status: 400, error: 'Bad Request' } });
    }
    expect(await agentOf(ref.id)).toBe(ref.agentId);
  });
});

describe('reminding the agent of an overdue referral', () => {
  const remind = (who: Caller, ref: { id: number; agentId: number }) =>
    who.post('/agents-api/notifications/sample', {
      agentId: ref.agentId,
      type: 'OVERDUE_REFERRAL_REMINDER',
      referralId: ref.id,
    });
  const reminders = async (refId: number) =>
    (
      await server.db
        .selectFrom('agent_notifications')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('referral_id', '=', refId)
        .where('type', '=', 'OVERDUE_REFERRAL_REMINDER')
        .executeTakeFirstOrThrow()
    ).n;

  it('lets the owner brokerage admin send one naming the referral, then throttles it for an hour with 429 and Retry-After', async () => {
    const ref = await overdueReferral();
    const before = await reminders(ref.id);
    const res = await remind(broker, ref);
    expect(res.status).toBe(201);
    const row = await server.db
      .selectFrom('referrals')
      .select(['prospect_first', 'prospect_last'])
      .where('id', '=', ref.id)
      .executeTakeFirstOrThrow();
    // It names who sent it, and the referral's timeline keeps it.
    const sender = await server.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    const by = `${sender.first_name} ${sender.last_name}`;
    expect(res.body).toMatchObject({
      agentId: ref.agentId,
      type: 'OVERDUE_REFERRAL_REMINDER',
      referralId: ref.id,
      title: `Reminder from ${by}`,
    });
    expect(res.body.text).toContain(`${by} reminded you: ${row.prospect_first} ${row.prospect_last} is`);
    expect(await audits('REFERRAL_REMINDER_SENT', `referral ${ref.id} `)).toHaveLength(1);
    const timeline = await server.db
      .selectFrom('referral_events')
      .select(['type', 'detail', 'actor_user_id'])
      .where('referral_id', '=', ref.id)
      .where('type', '=', 'REMINDER_SENT')
      .execute();
    expect(timeline).toEqual([
      { type: 'REMINDER_SENT', detail: expect.stringMatching(/^Reminded /), actor_user_id: sender.id },
    ]);
    // The sender's bell (notMine) leaves out what they did themselves; My Notifications keeps it.
    const bell = await broker.get<{ content: { id: number }[] }>('/agents-api/notifications?pageSize=100&notMine=true');
    expect(bell.body.content.map((n) => n.id)).not.toContain(res.body.id);
    const log = await broker.get<{ content: { id: number }[] }>('/agents-api/notifications?pageSize=100');
    expect(log.body.content.map((n) => n.id)).toContain(res.body.id);

    const again = await remind(broker, ref);
    expect(again).toMatchObject({ status: 429, body: { status: 429, error: 'Too Many Requests' } });
    expect(again.body.message).toMatch(/less than an hour ago/);
    const wait = Number(again.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await reminders(ref.id)).toBe(before + 1);

    server.setNow(new Date(Date.now() + 61 * 60_000));
    expect((await remind(await signIn(server, 'broker@demo.test'), ref)).status).toBe(201);
  });

  it("refuses another brokerage's admin with 403 and sends nothing", async () => {
    const ref = await overdueReferral();
    const before = await reminders(ref.id);
    expect((await remind(other, ref)).status).toBe(403);
    expect(await reminders(ref.id)).toBe(before);
  });

  it('lets staff ADMIN send one, with an audit row', async () => {
    const ref = await overdueReferral();
    expect((await remind(admin, ref)).status).toBe(201);
    expect(await audits('REFERRAL_REMINDER_SENT', `referral ${ref.id} `)).toHaveLength(1);
  });

  it('answers 401 to nobody signed in', async () => {
    const ref = await overdueReferral();
    expect(
      (
        await anonymous('POST', '/agents-api/notifications/sample', {
          agentId: ref.agentId,
          type: 'OVERDUE_REFERRAL_REMINDER',
          referralId: ref.id,
        })
      ).status,
    ).toBe(401);
  });

  it("refuses a referral that is not overdue, or not the agent's, and a reminder without its referral", async () => {
    const ref = await overdueReferral();
    const upToDate = await broker.get<{ content: { id: number; agentId: number }[] }>(
      '/agents-api/broker-referrals?followupType=UP_TO_DATE&category=active&pageSize=1',
    );
    const fresh = upToDate.body.content[0]!;
    expect(await remind(broker, fresh)).toMatchObject({
      status: 409,
      body: { message: 'This referral is not overdue, so there is nothing to remind the agent of' },
    });
    const someoneElse = await colleague(harbor, ref.agentId);
    expect(await remind(broker, { id: ref.id, agentId: someoneElse })).toMatchObject({
      status: 400,
      body: { fields: { referralId: 'not a referral of this agent' } },
    });
    expect(
      (
        await broker.post('/agents-api/notifications/sample', {
          agentId: ref.agentId,
          type: 'OVERDUE_REFERRAL_REMINDER',
        })
      ).status,
    ).toBe(400);
    expect(
      (await broker.post('/agents-api/notifications/sample', { agentId: ref.agentId, referralId: ref.id })).status,
    ).toBe(400);
    expect(
      (
        await broker.post('/agents-api/notifications/sample', {
          agentId: ref.agentId,
          type: 'NEW_REFERRAL',
          referralId: ref.id,
        })
      ).status,
    ).toBe(400);
    expect(await reminders(ref.id)).toBe(0);
  });

  it('still sends the fixed sample when no type is given', async () => {
    const ref = await overdueReferral();
    expect(await broker.post('/agents-api/notifications/sample', { agentId: ref.agentId })).toMatchObject({
      status: 201,
      body: { type: 'TEST_NEW_REFERRAL', referralId: null },
    });
  });
});

describe('notifications worded for their reader', () => {
  it("a reassignment names the broker who made it to the agent, and stays out of that broker's own bell", async () => {
    const ref = await overdueReferral();
    const to = await colleague(harbor, ref.agentId);
    expect((await broker.patch(`/agents-api/referrals/${ref.id}/reassign`, { agentId: to })).status).toBe(200);
    const sender = await server.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    const n = await server.db
      .selectFrom('agent_notifications')
      .select(['id', 'text', 'actor_user_id'])
      .where('referral_id', '=', ref.id)
      .where('type', '=', 'FORCE_ASSIGNED_REFERRAL')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(n.text).toMatch(new RegExp(`^${sender.first_name} ${sender.last_name} assigned .+ to you\\.$`));
    expect(n.actor_user_id).toBe(sender.id);
    const bell = await broker.get<{ content: { id: number }[] }>('/agents-api/notifications?pageSize=100&notMine=true');
    expect(bell.body.content.map((x) => x.id)).not.toContain(n.id);
    // Another reader (staff) still sees it.
    const staff = await admin.get<{ content: { id: number }[] }>(
      `/agents-api/notifications?pageSize=100&notMine=true&brokerageId=${harbor}`,
    );
    expect(staff.body.content.map((x) => x.id)).toContain(n.id);
    expect((await broker.get('/agents-api/notifications?notMine=maybe')).status).toBe(400);
  });

  it("the agent's reminder of an overdue referral leaves their list once they act on the referral (a note)", async () => {
    // Three weeks on, the demo agent's idle referrals are overdue (the clock goes back after the test).
    server.setNow(new Date(Date.now() + 21 * 86_400_000));
    const [agent, broker] = await Promise.all([signIn(server, DEMO_AGENT_PHONE), signIn(server, 'broker@demo.test')]);
    const me = (
      await server.db
        .selectFrom('users')
        .select('agent_id')
        .where('phone', '=', DEMO_AGENT_PHONE)
        .executeTakeFirstOrThrow()
    ).agent_id!;
    const page = await broker.get<{ content: { id: number; agentId: number; stage: string }[] }>(
      `/agents-api/broker-referrals?followupType=OVERDUE&agentId=${me}&pageSize=100&sort=updated,DESC`,
    );
    const ref = page.body.content.find((r) => !used.has(r.id) && r.stage !== 'UNDER_CONTRACT')!;
    used.add(ref.id);
    const sent = await broker.post<{ id: number }>('/agents-api/notifications/sample', {
      agentId: me,
      type: 'OVERDUE_REFERRAL_REMINDER',
      referralId: ref.id,
    });
    expect(sent.status).toBe(201);
    const mine = async () =>
      (
        await agent.get<{ content: { id: number }[] }>('/agents-api/notifications/mobile?pageSize=100')
      ).body.content.map((x) => x.id);
    expect(await mine()).toContain(sent.body.id);
    expect(
      (
        await agent.post(
          `/agents-api/agents/${me}/referrals/${ref.id}/notes`,
          { text: 'Called back, viewing Friday' },
          { 'Idempotency-Key': 'acted-on-reminder' },
        )
      ).status,
    ).toBe(201);
    expect(await mine()).not.toContain(sent.body.id);
    // The brokerage's log keeps it.
    expect(
      (await broker.get<{ content: { id: number }[] }>('/agents-api/notifications?pageSize=100')).body.content.map(
        (x) => x.id,
      ),
    ).toContain(sent.body.id);
  });
});

describe("noting an agent's referral from its page", () => {
  const notes = async (refId: number) =>
    (
      await server.db
        .selectFrom('referral_notes')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('referral_id', '=', refId)
        .executeTakeFirstOrThrow()
    ).n;
  const updated = async (refId: number) =>
    (await server.db.selectFrom('referrals').select('updated_at').where('id', '=', refId).executeTakeFirstOrThrow())
      .updated_at;
  const note = (who: Caller, ref: { id: number; agentId: number }, text = 'Called the agent about this one.') =>
    who.post(`/agents-api/agents/${ref.agentId}/referrals/${ref.id}/notes`, { text });

  it("lets staff ADMIN add one, which is not the agent's follow-up (the referral stays overdue)", async () => {
    const ref = await overdueReferral();
    const at = await updated(ref.id);
    const res = await note(admin, ref);
    expect(res).toMatchObject({ status: 201, body: { text: 'Called the agent about this one.' } });
    expect(await updated(ref.id)).toEqual(at);
  });

  it('lets the owner brokerage admin add one', async () => {
    const ref = await overdueReferral();
    expect((await note(broker, ref)).status).toBe(201);
  });

  it("refuses another brokerage's admin with 403 and nobody signed in with 401", async () => {
    const ref = await overdueReferral();
    const before = await notes(ref.id);
    expect((await note(other, ref)).status).toBe(403);
    expect(
      (await anonymous('POST', `/agents-api/agents/${ref.agentId}/referrals/${ref.id}/notes`, { text: 'x' })).status,
    ).toBe(401);
    expect(await notes(ref.id)).toBe(before);
  });

  it("answers 404 to staff for a referral that is not that agent's, and 400 to an empty note", async () => {
    const ref = await overdueReferral();
    expect((await note(admin, { id: ref.id, agentId: await colleague(harbor, ref.agentId) })).status).toBe(404);
    expect((await note(admin, ref, '   ')).status).toBe(400);
  });
});
