import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ON_BEHALF_LIMITS, ON_BEHALF_REFUSALS } from '../../server/auth/on-behalf.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Limits on mail sent on a user's behalf protect the people mailed without letting one customer
// block another (docs/security.md): the per-recipient count is per sending organisation (plus a
// higher cap over all), an organisation has a budget beside each person's, and a refusal speaks only
// of the caller's own sending.

let server: TestServer;
let harbor: Caller; // broker@demo.test, Harbor Point Realty
let harborSupplier: Caller; // supplier@demo.test, an administrator of the same brokerage
let maple: Caller; // broker.basic@demo.test, Maple & Main Homes

beforeAll(async () => {
  server = await startTestServer();
  [harbor, harborSupplier, maple] = await Promise.all([
    signIn(server, 'broker@demo.test'),
    signIn(server, 'supplier@demo.test'),
    signIn(server, 'broker.basic@demo.test'),
  ]);
});
afterAll(async () => server?.close());

const mailsTo = async (to: string) =>
  await server.db.selectFrom('outbox').select('body').where('recipient', '=', to).execute();
const name = (i: number) => `N${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;

describe('mail limits per organisation', () => {
  it('lets brokerage B invite an address brokerage A mailed three times, and tells A only of its own sending', async () => {
    const email = 'sought.after@example.test';
    const created = await harbor.post('/agents-api/potentialAgents', {
      firstName: 'Sought',
      lastName: 'After',
      email,
      phone: '5557719200',
    });
    expect(created.status).toBe(201);
    const max = ON_BEHALF_LIMITS.recipient[0].max;
    for (let i = 1; i < max; i++)
      expect((await harbor.post(`/agents-api/potentialAgents/invite/${created.body.id}`)).status).toBe(200);
    const refused = await harbor.post(`/agents-api/potentialAgents/invite/${created.body.id}`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ON_BEHALF_REFUSALS.recipient);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const other = await maple.post('/agents-api/potentialAgents', {
      firstName: 'Sought',
      lastName: 'After',
      email,
      phone: '5557719201',
    });
    expect(other.status).toBe(201);
    expect(await mailsTo(email)).toHaveLength(max + 1);
  });

  it('caps an address over all organisations, with an answer that names no other sender', async () => {
    const email = 'capped.everywhere@example.test';
    const now = new Date();
    await server.db
      .insertInto('rate_limit_events')
      .values(
        Array.from({ length: ON_BEHALF_LIMITS.recipientAll[0].max }, () => ({
          scope: `on-behalf-recipient-all:EMAIL:${email}`,
          created_at: now,
        })),
      )
      .execute();
    const refused = await maple.post('/agents-api/potentialAgents', {
      firstName: 'Capped',
      lastName: 'Everywhere',
      email,
      phone: '5557719202',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ON_BEHALF_REFUSALS.recipientAll);
    expect(refused.body.message).not.toMatch(/someone|another|other|brokerage/i);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("gives a brokerage one budget shared by its administrators beside each one's own", async () => {
    const [personal] = ON_BEHALF_LIMITS.sender;
    const [budget] = ON_BEHALF_LIMITS.organisation;
    const invite = (who: Caller, i: number) =>
      who.post('/users-api/invites', { email: `team${i}@example.test`, firstName: 'Team', lastName: name(i) });
    for (let i = 0; i < personal.max; i++)
      expect((await invite(harborSupplier, i)).status, `invitation ${i}`).toBe(202);
    // The other administrator, far from their own limit, is stopped when the brokerage's budget is spent.
    let refused;
    for (let i = personal.max; i < budget.max + 1; i++) {
      const res = await invite(harbor, i);
      if (res.status !== 202) {
        refused = res;
        break;
      }
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.message).toBe(ON_BEHALF_REFUSALS.organisation);
    const harborId = (
      await server.db
        .selectFrom('users')
        .select('broker_id')
        .where('email', '=', 'broker@demo.test')
        .executeTakeFirstOrThrow()
    ).broker_id;
    const spent = await server.db
      .selectFrom('rate_limit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scope', '=', `on-behalf-organisation:brokerage-${harborId}`)
      .executeTakeFirstOrThrow();
    expect(Number(spent.n)).toBe(budget.max);
    const byBroker = await server.db
      .selectFrom('rate_limit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'scope',
        '=',
        `on-behalf-sender:${(await server.db.selectFrom('users').select('id').where('email', '=', 'broker@demo.test').executeTakeFirstOrThrow()).id}`,
      )
      .executeTakeFirstOrThrow();
    expect(Number(byBroker.n)).toBeLessThan(personal.max);
    // Another brokerage's budget is its own.
    expect(
      (
        await maple.post('/users-api/invites', {
          email: 'maple-team@example.test',
          firstName: 'Maple',
          lastName: 'Team',
        })
      ).status,
    ).toBe(202);
  });
});
