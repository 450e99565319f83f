import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Writes queued offline are replayed with an Idempotency-Key: they apply once, and a replay the
// server refuses (the referral was reassigned) answers 4xx with a reason.

let server: TestServer;
let agent: Caller;
let broker: Caller;
let demo: number;
const base = () => `/agents-api/agents/${demo}/referrals`;

beforeAll(async () => {
  server = await startTestServer();
  agent = await signIn(server, DEMO_AGENT_PHONE);
  broker = await signIn(server, 'broker@demo.test');
  demo = (
    await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow()
  ).agent_id!;
});
afterAll(async () => {
  await server.close();
});

async function demoRef(stage: string, type: string): Promise<number> {
  return (
    await server.db
      .selectFrom('referrals')
      .select('id')
      .where('agent_id', '=', demo)
      .where('stage', '=', stage)
      .where('type', '=', type)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
}
const count = async (table: 'referral_events' | 'referral_notes', refId: number) =>
  (
    await server.db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('referral_id', '=', refId)
      .executeTakeFirstOrThrow()
  ).n;

describe('idempotent writes', () => {
  it('applies a stage change replayed with the same Idempotency-Key once and answers the replay with the original result', async () => {
    const ref = await demoRef('SHOWN_HOMES', 'BUYER');
    const before = await count('referral_events', ref);
    const key = { 'Idempotency-Key': 'stage-3f1c2a' };
    const first = await agent.patch(`${base()}/${ref}`, { stage: 'OFFER_MADE' }, key);
    const again = await agent.patch(`${base()}/${ref}`, { stage: 'OFFER_MADE' }, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    // The replay is built through the context like every answer: it carries the prepared headers.
    expect(again.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(again.headers.get('Cache-Control')).toBe('no-store');
    expect(await count('referral_events', ref)).toBe(before + 1);
    const event = await server.db
      .selectFrom('referral_events')
      .select('idempotency_key')
      .where('referral_id', '=', ref)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.idempotency_key).toMatch(/:stage-3f1c2a$/);
  });

  it('applies a note replayed with the same key once, and the note counts as a follow-up', async () => {
    const ref = await demoRef('AWAITING_FOLLOWUP', 'BUYER');
    const key = { 'Idempotency-Key': 'note-77a0' };
    const first = await agent.post(`${base()}/${ref}/notes`, { text: 'Called, viewing Saturday' }, key);
    const again = await agent.post(`${base()}/${ref}/notes`, { text: 'Called, viewing Saturday' }, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await count('referral_notes', ref)).toBe(1);
    const notes = await agent.get(`${base()}/${ref}/notes`);
    expect(notes.body).toMatchObject({
      totalElements: 1,
      content: [{ text: 'Called, viewing Saturday', authorName: 'Avery Lane' }],
    });
    expect((await agent.get(`${base()}/${ref}`)).body).toMatchObject({ overdue: false, daysOverdue: 0 });
  });

  it('applies two replays that race each other once, and both get the result', async () => {
    const ref = await demoRef('UNDER_CONTRACT', 'BUYER');
    const before = await count('referral_events', ref);
    const key = { 'Idempotency-Key': 'racing-replay' };
    const [a, b] = await Promise.all(
      [1, 2].map(() => agent.patch(`${base()}/${ref}`, { stage: 'CLOSED', dateOfSale: '2030-05-01' }, key)),
    );
    expect([a?.status, b?.status]).toEqual([200, 200]);
    expect(a?.body).toEqual(b?.body);
    expect(await count('referral_events', ref)).toBe(before + 1);
  });

  it('refuses the same key with a different body with 422 and writes nothing', async () => {
    const ref = await demoRef('SPOKEN_WITH', 'RENTAL');
    const key = { 'Idempotency-Key': 'reused-key-1' };
    expect((await agent.post(`${base()}/${ref}/notes`, { text: 'First' }, key)).status).toBe(201);
    const other = await agent.post(`${base()}/${ref}/notes`, { text: 'Second' }, key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      status: 422,
      message: 'This Idempotency-Key was already used for a different request',
    });
    const asStage = await agent.patch(`${base()}/${ref}`, { stage: 'SHOWN_HOMES' }, key);
    expect(asStage.status).toBe(422);
    expect(await count('referral_notes', ref)).toBe(1);
    expect(
      (await server.db.selectFrom('referrals').select('stage').where('id', '=', ref).executeTakeFirstOrThrow()).stage,
    ).toBe('SPOKEN_WITH');
  });

  it('does not keep a refused write, so the same key can carry the corrected request', async () => {
    const ref = await demoRef('SPOKEN_WITH', 'RENTAL');
    const key = { 'Idempotency-Key': 'retry-after-409' };
    expect((await agent.patch(`${base()}/${ref}`, { stage: 'CLOSED' }, key)).status).toBe(409);
    expect((await agent.patch(`${base()}/${ref}`, { stage: 'CLOSED' }, key)).status).toBe(409);
    expect((await agent.patch(`${base()}/${ref}`, { stage: 'SHOWN_HOMES' }, key)).status).toBe(200);
  });
});

describe('reassignment', () => {
  it('refuses a write replayed after the referral was reassigned with 403 and a reason, and never applies it', async () => {
    const ref = await demoRef('OFFER_MADE', 'BUYER');
    const applied = await agent.post(
      `${base()}/${ref}/notes`,
      { text: 'Offer sent' },
      { 'Idempotency-Key': 'before-move' },
    );
    expect(applied.status).toBe(201);
    const colleague = await server.db
      .selectFrom('agents')
      .select('id')
      .where(
        'brokerage_id',
        '=',
        (await server.db.selectFrom('agents').select('brokerage_id').where('id', '=', demo).executeTakeFirstOrThrow())
          .brokerage_id,
      )
      .where('id', '<>', demo)
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const moved = await broker.patch(`/agents-api/referrals/${ref}/reassign`, { agentId: colleague.id });
    expect(moved.status).toBe(200);
    expect(moved.body.agentId).toBe(colleague.id);

    const queued = await agent.patch(
      `${base()}/${ref}`,
      { stage: 'UNDER_CONTRACT', dateOfSale: '2031-01-15' },
      { 'Idempotency-Key': 'after-move' },
    );
    expect(queued.status).toBe(403);
    expect(queued.body.message).toBe(
      'This referral was reassigned to another agent and is no longer yours. Your change was not saved.',
    );
    const note = await agent.post(
      `${base()}/${ref}/notes`,
      { text: 'Still working it' },
      { 'Idempotency-Key': 'after-move-2' },
    );
    expect(note.status).toBe(403);
    expect(await agent.get(`${base()}/${ref}`)).toMatchObject({
      status: 403,
      body: { message: 'This referral was reassigned to another agent and is no longer yours.' },
    });
    // A write applied before the move still replays as applied.
    expect(
      (await agent.post(`${base()}/${ref}/notes`, { text: 'Offer sent' }, { 'Idempotency-Key': 'before-move' })).status,
    ).toBe(201);
    expect(await count('referral_notes', ref)).toBe(1);

    const row = await server.db
      .selectFrom('referrals')
      .select(['agent_id', 'stage'])
      .where('id', '=', ref)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ agent_id: colleague.id, stage: 'OFFER_MADE' });
    const events = await server.db
      .selectFrom('referral_events')
      .select('type')
      .where('referral_id', '=', ref)
      .orderBy('id', 'desc')
      .execute();
    expect(events[0]?.type).toBe('REASSIGNED');
    const told = await server.db
      .selectFrom('agent_notifications')
      .select('type')
      .where('referral_id', '=', ref)
      .where('agent_id', '=', colleague.id)
      .execute();
    expect(told).toEqual([{ type: 'FORCE_ASSIGNED_REFERRAL' }]);
  });

  it("is for staff and the brokerage admin, within the referral's brokerage", async () => {
    const ref = await demoRef('CLOSED', 'SELLER');
    expect((await agent.patch(`/agents-api/referrals/${ref}/reassign`, { agentId: demo })).status).toBe(403);
    const maple = await signIn(server, 'broker.basic@demo.test');
    expect((await maple.patch(`/agents-api/referrals/${ref}/reassign`, { agentId: demo })).status).toBe(403);
    expect(await broker.patch(`/agents-api/referrals/${ref}/reassign`, { agentId: demo })).toMatchObject({
      status: 409,
      body: { message: 'This referral is already assigned to that agent' },
    });
    const mapleAgent = await server.db
      .selectFrom('agents as a')
      .innerJoin('brokerages as b', 'b.id', 'a.brokerage_id')
      .select('a.id')
      .where('b.name', '=', 'Maple & Main Homes')
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    const admin = await signIn(server, 'admin@demo.test');
    expect(await admin.patch(`/agents-api/referrals/${ref}/reassign`, { agentId: mapleAgent.id })).toMatchObject({
      status: 400,
      body: { fields: { agentId: 'not an agent of this brokerage' } },
    });
    expect((await admin.patch(`/agents-api/referrals/${ref}/reassign`, { agentId: 'x' })).status).toBe(400);
    expect((await admin.patch('/agents-api/referrals/99999999/reassign', { agentId: demo })).status).toBe(404);
  });
});
