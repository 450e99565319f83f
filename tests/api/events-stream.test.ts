// The live console's stream (decision 0081): GET /events sends each user the changes their
// role and tenant may see and nothing else, resumes after Last-Event-ID, opens with a single-use
// ticket for EventSource, and refuses without credentials. "Never reaches" is proved without
// waiting: every stream is in id order, so once a later event the user may see has arrived, an
// earlier one they may not see would have arrived before it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { issueTokens } from '../../server/auth/tokens.ts';
import { cursorCodec } from '../../server/events/cursor.ts';
import { liveStreamsOf, MAX_STREAMS_PER_TOKEN } from '../../server/events/streams.ts';
import { MAX_OPEN_TICKETS_PER_TOKEN } from '../../server/routes/events/live-events.ts';
import { OAUTH_CLIENTS } from '../../src/lib/brand.ts';
import {
  call,
  callerFor,
  DEMO_AGENT_PHONE,
  signIn,
  startTestServer,
  type Caller,
  type TestServer,
} from '../setup/test-server.ts';
import { readStream, type LiveEvent, type OpenStream } from './events-sse.ts';

let server: TestServer;
let broker: Caller; // Harbor Point Realty
let basic: Caller; // Maple & Main Homes
let staff: Caller;
let agent: Caller; // the demo agent of Harbor Point
let lender: Caller;
let agentId: number;
let harborId: number;
let agentReferral: number; // a referral of the demo agent
let colleagueReferral: number; // a referral of another Harbor Point agent
let colleagueId: number;
let mapleReferral: number; // a referral of Maple & Main
const open: OpenStream[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [broker, basic, staff, agent, lender] = await Promise.all([
    signIn(server, 'broker@demo.test'),
    signIn(server, 'broker.basic@demo.test'),
    signIn(server, 'admin@demo.test'),
    signIn(server, DEMO_AGENT_PHONE),
    signIn(server, 'lender@demo.test'),
  ]);
  const db = server.db;
  const agentUser = await db
    .selectFrom('users')
    .select(['agent_id', 'broker_id'])
    .where('phone', '=', DEMO_AGENT_PHONE)
    .executeTakeFirstOrThrow();
  agentId = agentUser.agent_id!;
  const a = await db.selectFrom('agents').select('brokerage_id').where('id', '=', agentId).executeTakeFirstOrThrow();
  harborId = a.brokerage_id;
  const mine = await db
    .selectFrom('referrals')
    .select('id')
    .where('agent_id', '=', agentId)
    .where('stage', '=', 'SPOKEN_WITH')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  agentReferral = mine.id;
  const colleague = await db
    .selectFrom('referrals')
    .select(['id', 'agent_id'])
    .where('brokerage_id', '=', harborId)
    .where('agent_id', '<>', agentId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  colleagueReferral = colleague.id;
  colleagueId = colleague.agent_id;
  const mapleAdmin = await db
    .selectFrom('users')
    .select('broker_id')
    .where('email', '=', 'broker.basic@demo.test')
    .executeTakeFirstOrThrow();
  mapleReferral = (
    await db
      .selectFrom('referrals')
      .select('id')
      .where('brokerage_id', '=', mapleAdmin.broker_id!)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await server.close();
});

async function listen(who: Caller, headers: Record<string, string> = {}, path = '/events'): Promise<OpenStream> {
  const res = await server.app.request(path, {
    headers: { Authorization: `Bearer ${who.token}`, Accept: 'text/event-stream', ...headers },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
  const s = readStream(res);
  open.push(s);
  return s;
}

const note = async (who: Caller, referralId: number, text: string) => {
  const res = await who.post(`/agents-api/broker-referrals/${referralId}/notes`, { text });
  expect(res.status).toBe(201);
};
const noteOf = (referralId: number) => (e: LiveEvent) =>
  e.type === 'REFERRAL_NOTE_ADDED' && e.payload.referralId === referralId;

describe('GET /events', () => {
  it('refuses without credentials (401), without Accept: text/event-stream (406) and a bad Last-Event-ID (400), as JSON', async () => {
    const none = await call(server, 'GET', '/events', { headers: { Accept: 'text/event-stream' } });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ status: 401 });
    const plain = await broker.get('/events');
    expect(plain.status).toBe(406);
    expect(plain.body).toMatchObject({ status: 406, message: expect.stringContaining('text/event-stream') });
    const badId = await broker.get('/events', { Accept: 'text/event-stream', 'Last-Event-ID': 'abc' });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ fields: { 'Last-Event-ID': expect.any(String) } });
  });

  it("a note in brokerage A reaches A's admin, staff and the referral's agent, never brokerage B's admin or another agent", async () => {
    const [a, b, s, me] = await Promise.all([listen(broker), listen(basic), listen(staff), listen(agent)]);
    await note(broker, colleagueReferral, 'Called the client back');
    const seen = await a.next(noteOf(colleagueReferral));
    expect(seen.payload).toMatchObject({ referralId: colleagueReferral, agentId: colleagueId, brokerageId: harborId });
    await s.next(noteOf(colleagueReferral));
    // Later events each of the others may see: the earlier one would have come first.
    await note(basic, mapleReferral, 'Maple & Main note');
    await b.next(noteOf(mapleReferral));
    await note(broker, agentReferral, 'For the demo agent');
    await me.next(noteOf(agentReferral));
    expect(b.events.map((e) => e.payload.referralId)).toEqual([mapleReferral]);
    expect(me.events.map((e) => e.payload.referralId)).toEqual([agentReferral]);
    // Staff see every tenant's, in commit order; A's admin never sees B's.
    await s.next(noteOf(mapleReferral));
    expect(s.events.map((e) => e.payload.referralId)).toEqual([colleagueReferral, mapleReferral, agentReferral]);
    await a.next(noteOf(agentReferral));
    expect(a.events.some(noteOf(mapleReferral))).toBe(false);
  });

  it("a staff change to a lead (name, status, a logged call) reaches its brokerage's admin and staff, never another brokerage's", async () => {
    const [a, b, s] = await Promise.all([listen(broker), listen(basic), listen(staff)]);
    const lead = await server.db
      .selectFrom('opportunities')
      .select(['id', 'status'])
      .where('brokerage_id', '=', harborId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const changed = (change: string) => (e: LiveEvent) =>
      e.type === 'OPPORTUNITY_CHANGED' && e.payload.opportunityId === lead.id && e.payload.change === change;
    expect((await staff.patch(`/interviews-api/opportunities/${lead.id}`, { nameFirst: 'Renamed' })).status).toBe(200);
    expect((await a.next(changed('EDITED'))).payload).toMatchObject({ opportunityId: lead.id, brokerageId: harborId });
    await s.next(changed('EDITED'));
    const next = lead.status === 'FUTURE_INTEREST' ? 'CONTACT_ESTABLISHED' : 'FUTURE_INTEREST';
    expect((await staff.put(`/interviews-api/opportunities/${lead.id}/status`, { status: next })).status).toBe(200);
    await a.next(changed('STATUS'));
    const disposition = (
      await server.db.selectFrom('dispositions').select('id').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await staff.post('/interviews-api/interactions', {
          opportunityId: lead.id,
          type: 'CALL',
          direction: 'OUTBOUND',
          dispositionId: disposition,
          durationSeconds: 30,
        })
      ).status,
    ).toBe(201);
    await a.next(changed('INTERACTION'));
    // A later event Maple & Main's admin may see: Harbor Point's lead would have come before it.
    await note(basic, mapleReferral, 'after the lead change');
    await b.next(noteOf(mapleReferral));
    expect(b.events.some((e) => e.type === 'OPPORTUNITY_CHANGED')).toBe(false);
  });

  it("a lender hears their office's changes only, and a brokerage admin none of them", async () => {
    const [l, a] = await Promise.all([listen(lender), listen(broker)]);
    const office = await server.db
      .selectFrom('users')
      .select('loan_office_id')
      .where('email', '=', 'lender@demo.test')
      .executeTakeFirstOrThrow();
    const lr = await server.db
      .selectFrom('lender_referrals')
      .select('id')
      .where('loan_office_id', '=', office.loan_office_id!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(
      (await lender.post(`/lenders-match-api/lender-assignments/${lr.id}/notes`, { body: 'Left a voicemail' })).status,
    ).toBe(201);
    const heard = await l.next((e) => e.type === 'LENDER_REFERRAL_CHANGED');
    expect(heard.payload).toEqual({ lenderReferralId: lr.id, loanOfficeId: office.loan_office_id });
    await note(broker, colleagueReferral, 'after the lender');
    await a.next(noteOf(colleagueReferral));
    expect(a.events.some((e) => e.type === 'LENDER_REFERRAL_CHANGED')).toBe(false);
  });

  it("a reassignment tells the new agent's brokerage and the previous agent, with the agent notification", async () => {
    const [a, me] = await Promise.all([listen(broker), listen(agent)]);
    const res = await broker.patch(`/agents-api/referrals/${agentReferral}/reassign`, { agentId: colleagueId });
    expect(res.status).toBe(200);
    const moved = await a.next((e) => e.type === 'REFERRAL_REASSIGNED');
    expect(moved.payload).toMatchObject({ referralId: agentReferral, fromAgentId: agentId, toAgentId: colleagueId });
    // The previous agent hears that the referral left them, not who has it now (decision 0085).
    const left = await me.next((e) => e.type === 'REFERRAL_REASSIGNED');
    expect(left.payload).toEqual({ referralId: agentReferral, brokerageId: harborId, fromAgentId: agentId, agentId });
    const told = await a.next((e) => e.type === 'AGENT_NOTIFICATION');
    expect(told.payload).toMatchObject({
      notificationType: 'FORCE_ASSIGNED_REFERRAL',
      agentId: colleagueId,
      referralId: agentReferral,
    });
    expect((await me.next((e) => e.type === 'REFERRAL_REASSIGNED')).payload).toMatchObject({
      referralId: agentReferral,
      agentId,
    });
    // The previous agent is not told of the new agent's notification. Move it back for the other tests.
    expect((await broker.patch(`/agents-api/referrals/${agentReferral}/reassign`, { agentId })).status).toBe(200);
    await me.next((e) => e.type === 'AGENT_NOTIFICATION' && e.payload.agentId === agentId);
    expect(me.events.filter((e) => e.type === 'AGENT_NOTIFICATION').map((e) => e.payload.agentId)).toEqual([agentId]);
  });

  it('a sample notification and a stage move reach the agent as they happen', async () => {
    const me = await listen(agent);
    expect((await broker.post('/agents-api/notifications/sample', { agentId })).status).toBe(201);
    expect((await me.next((e) => e.type === 'AGENT_NOTIFICATION')).payload).toMatchObject({
      notificationType: 'TEST_NEW_REFERRAL',
      agentId,
      title: 'Test notification',
    });
    const received = await server.db
      .selectFrom('referrals')
      .select('id')
      .where('agent_id', '=', agentId)
      .where('stage', '=', 'AWAITING_FOLLOWUP')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(
      (await agent.patch(`/agents-api/agents/${agentId}/referrals/${received.id}`, { stage: 'SPOKEN_WITH' })).status,
    ).toBe(200);
    expect((await me.next((e) => e.type === 'REFERRAL_ACCEPTED')).payload).toMatchObject({
      referralId: received.id,
      fromStage: 'AWAITING_FOLLOWUP',
      toStage: 'SPOKEN_WITH',
    });
  });

  it('resumes after Last-Event-ID with what it missed, in order; without it, starts from now', async () => {
    const first = await listen(broker);
    await note(broker, colleagueReferral, 'seen');
    const last = await first.next(noteOf(colleagueReferral));
    await first.close();
    await note(broker, colleagueReferral, 'missed one');
    await note(basic, mapleReferral, 'not theirs');
    await note(broker, agentReferral, 'missed two');
    const resumed = await listen(broker, { 'Last-Event-ID': last.id });
    await resumed.next(noteOf(agentReferral));
    expect(resumed.events.map((e) => e.payload.referralId)).toEqual([colleagueReferral, agentReferral]);
    expect(resumed.events.every((e) => e.id !== last.id)).toBe(true);
    const fresh = await listen(broker);
    await note(broker, colleagueReferral, 'after the fresh start');
    await fresh.next(noteOf(colleagueReferral));
    expect(fresh.events).toHaveLength(1);
  });

  it('opens with a single-use ticket for EventSource, which a second use and a made-up ticket cannot', async () => {
    const issued = await broker.post<{ ticket: string; expiresIn: number }>('/events/ticket');
    expect(issued.status).toBe(201);
    expect(issued.body.expiresIn).toBe(30);
    const res = await server.app.request(`/events/stream?ticket=${issued.body.ticket}`, {
      headers: { Accept: 'text/event-stream' },
    });
    expect(res.status).toBe(200);
    const s = readStream(res);
    open.push(s);
    await note(broker, colleagueReferral, 'over the ticketed stream');
    await s.next(noteOf(colleagueReferral));
    const again = await call(server, 'GET', `/events/stream?ticket=${issued.body.ticket}`, {
      headers: { Accept: 'text/event-stream' },
    });
    expect(again.status).toBe(401);
    const madeUp = await call(server, 'GET', `/events/stream?ticket=${'x'.repeat(43)}`, {
      headers: { Accept: 'text/event-stream' },
    });
    expect(madeUp.status).toBe(401);
    const malformed = await call(server, 'GET', '/events/stream?ticket=short', {
      headers: { Accept: 'text/event-stream' },
    });
    expect(malformed.status).toBe(400);
    expect((await call(server, 'POST', '/events/ticket')).status).toBe(401);
  });

  it("a logout ends the user's streams at the next heartbeat; other users' streams go on", async () => {
    const leaving = await signIn(server, 'broker@demo.test');
    const [gone, staying] = await Promise.all([listen(leaving), listen(basic)]);
    expect((await leaving.get('/auth/logout')).status).toBeLessThan(400);
    await liveStreamsOf(server.events).heartbeat();
    await gone.ended;
    await note(basic, mapleReferral, 'still here');
    await staying.next(noteOf(mapleReferral));
  });

  it("a logout ends the user's streams within 2 s, without waiting for a heartbeat", async () => {
    const leaving = await signIn(server, 'broker@demo.test');
    const gone = await listen(leaving);
    expect((await leaving.get('/auth/logout')).status).toBe(204);
    await within(2_000, gone.ended);
  });
});

/** A Harbor Point user with the roles given, signed in on the console (a token issued as the password grant does). */
async function harborUser(roles: string[]): Promise<{ id: number; caller: Caller }> {
  const db = server.db;
  const user = await db
    .insertInto('users')
    .values({
      email: `stream-${roles.join('-').toLowerCase()}-${Date.now()}@example.test`,
      first_name: 'Stream',
      last_name: 'User',
      status: 'ACTIVE',
      broker_id: harborId,
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = await db.selectFrom('roles').select(['id', 'name']).where('name', 'in', roles).execute();
  await db
    .insertInto('user_roles')
    .values(roles.map((r, position) => ({ user_id: user.id, role_id: ids.find((x) => x.name === r)!.id, position })))
    .execute();
  const tokens = await issueTokens(db, {
    userId: user.id,
    clientId: OAUTH_CLIENTS.console,
    stayLoggedIn: false,
    now: new Date(),
  });
  return { id: user.id, caller: callerFor(server, tokens.access_token, tokens.refresh_token) };
}

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

describe('stream positions', () => {
  /** The `id:` lines of a stream's first chunk (the position it starts from). */
  async function firstPosition(who: Caller): Promise<string> {
    const res = await server.app.request('/events', {
      headers: { Authorization: `Bearer ${who.token}`, Accept: 'text/event-stream' },
    });
    const reader = res.body!.getReader();
    let text = '';
    while (!/^id: .*$/m.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    return /^id: (.*)$/m.exec(text)![1]!;
  }

  it('are cursors that carry no platform-wide event count, and resume where they say', async () => {
    const before = await firstPosition(basic);
    // Another tenant's activity in between: the next stream's position tells nothing of how much.
    await note(broker, colleagueReferral, 'activity elsewhere');
    await note(broker, colleagueReferral, 'more activity elsewhere');
    // A stream starts at what the bus has read; on PostgreSQL the NOTIFY of the last note may not have
    // reached it yet, so it reads now.
    await server.events.poke();
    const after = await firstPosition(basic);
    for (const cursor of [before, after]) expect(cursor).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const lastId = Number(
      (await server.db.selectFrom('events').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id,
    );
    expect([before, after]).not.toContain(String(lastId));
    const codec = await cursorCodec(server.db);
    expect(codec.decode(after)).toBe(lastId);
    const s = await listen(basic, { 'Last-Event-ID': before });
    await note(basic, mapleReferral, 'after the cursor');
    await s.next(noteOf(mapleReferral));
    expect(s.events.map((e) => e.type)).not.toContain('reset');
  });

  it('starts a stream from now, telling the client to reload, for a position it did not give (a plain id, a made-up cursor)', async () => {
    for (const made of ['1', 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const s = await listen(basic, { 'Last-Event-ID': made });
      await s.next((e) => e.type === 'reset');
    }
  });
});

describe('streams follow authority', () => {
  it('a stream stops hearing its brokerage the moment the user loses BROKERAGE_ADMIN, and goes on with what the user still may see', async () => {
    const { id, caller } = await harborUser(['BROKERAGE_ADMIN', 'LEAD_SUPPLIER']);
    const [theirs, witness] = await Promise.all([listen(caller), listen(broker)]);
    await note(broker, colleagueReferral, 'while still an admin');
    await theirs.next(noteOf(colleagueReferral));
    const role = await server.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'BROKERAGE_ADMIN')
      .executeTakeFirstOrThrow();
    expect((await staff.delete(`/users-api/users/${id}/roles/${role.id}`)).status).toBe(200);
    await note(broker, agentReferral, 'after the role went');
    await witness.next(noteOf(agentReferral));
    // Streams are in id order and the role's removal came first: the stream has dealt with that note.
    await liveStreamsOf(server.events).heartbeat();
    expect(theirs.events.filter(noteOf(agentReferral))).toEqual([]);
    expect(liveStreamsOf(server.events).size).toBeGreaterThanOrEqual(2);
  });

  it("a user removed by their brokerage's admin, and an agent deleted, lose their streams within 2 s", async () => {
    const { id, caller } = await harborUser(['BROKERAGE_ADMIN']);
    const removed = await listen(caller);
    expect((await broker.delete(`/users-api/users/${id}`)).status).toBe(200);
    await within(2_000, removed.ended);
    const phone = await signIn(server, DEMO_AGENT_PHONE);
    const agentStream = await listen(phone);
    expect((await broker.delete(`/agents-api/agents/${agentId}`)).status).toBe(200);
    await within(2_000, agentStream.ended);
    expect((await broker.patch(`/agents-api/agents/${agentId}/reactivate`)).status).toBe(200);
    agent = await signIn(server, DEMO_AGENT_PHONE);
  });

  it('keeps a token to a few open streams: one more ends the oldest', async () => {
    const first = await listen(broker);
    const more = await Promise.all(Array.from({ length: MAX_STREAMS_PER_TOKEN }, () => listen(broker)));
    await within(2_000, first.ended);
    await note(broker, colleagueReferral, 'to the newest streams');
    await Promise.all(more.map((s) => s.next(noteOf(colleagueReferral))));
  });

  it('keeps a token to a few open tickets: past them, 429 with Retry-After', async () => {
    const caller = (await harborUser(['BROKERAGE_ADMIN'])).caller;
    for (let i = 0; i < MAX_OPEN_TICKETS_PER_TOKEN; i += 1)
      expect((await caller.post('/events/ticket')).status).toBe(201);
    const refused = await caller.post('/events/ticket');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
