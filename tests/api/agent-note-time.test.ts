import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// A note written offline is dated when it was typed (writtenAt), within a week and never in the future.

let server: TestServer;
let agent: Caller;
let broker: Caller;
let demo: number;
let ref: number;
const NOW = new Date('2031-05-05T15:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  server.setNow(NOW);
  agent = await signIn(server, DEMO_AGENT_PHONE);
  broker = await signIn(server, 'broker@demo.test');
  demo = (
    await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow()
  ).agent_id!;
  ref = (
    await server.db
      .selectFrom('referrals')
      .select('id')
      .where('agent_id', '=', demo)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server.close();
});

const post = (who: Caller, body: Record<string, unknown>) =>
  who.post(`/agents-api/agents/${demo}/referrals/${ref}/notes`, body);

describe('POST .../referrals/:refId/notes with writtenAt', () => {
  it.each<[string, Date, Date]>([
    ['an hour before it synced', new Date(NOW.getTime() - HOUR), new Date(NOW.getTime() - HOUR)],
    ["in the future (a wrong phone clock): the server's time", new Date(NOW.getTime() + HOUR), NOW],
    [
      'a month before: a week before',
      new Date(NOW.getTime() - 30 * 24 * HOUR),
      new Date(NOW.getTime() - 7 * 24 * HOUR),
    ],
  ])('dates a note written %s', async (_, writtenAt, dated) => {
    const res = await post(agent, { text: `Written ${writtenAt.toISOString()}`, writtenAt: writtenAt.toISOString() });
    expect(res.status).toBe(201);
    expect(res.body.created).toBe(dated.toISOString());
    const row = await server.db
      .selectFrom('referral_notes')
      .select('created_at')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.created_at.toISOString()).toBe(dated.toISOString());
  });

  it('dates a note without writtenAt when it arrives, for the brokerage admin too', async () => {
    expect((await post(agent, { text: 'No time given' })).body.created).toBe(NOW.toISOString());
    expect(
      (await post(broker, { text: 'From the broker', writtenAt: new Date(NOW.getTime() - HOUR).toISOString() })).body
        .created,
    ).toBe(new Date(NOW.getTime() - HOUR).toISOString());
  });

  it('answers 400 for a writtenAt that is not a time, writing nothing', async () => {
    const before = await server.db
      .selectFrom('referral_notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post(agent, { text: 'Bad time', writtenAt: 'yesterday' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('writtenAt');
    const after = await server.db
      .selectFrom('referral_notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
