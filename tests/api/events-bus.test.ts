// The event pipeline's delivery (decision 0081): an event recorded in a transaction
// reaches the process's listeners after commit, in id order, once; a rolled-back change tells
// nobody; recordEvent refuses to run outside a transaction; a failing listener delays only itself.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EventBus, recordEvent, subscribeEvents, type StoredEvent } from '../../server/events/bus.ts';
import { startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const audience = { roles: ['BROKERAGE_ADMIN' as const], brokerageId: 1 };

/** Resolves with the events the bus hands a fresh listener until `count` arrived. */
function collect(count: number, global = false): Promise<StoredEvent[]> {
  return new Promise((resolve) => {
    const seen: StoredEvent[] = [];
    const stop = (global ? subscribeEvents : server.events.subscribe.bind(server.events))((e) => {
      seen.push(e);
      if (seen.length === count) {
        stop();
        resolve(seen);
      }
    });
  });
}

describe('the event bus', () => {
  it('delivers an event after its transaction commits, with its audience, to this app and to process listeners', async () => {
    const local = collect(1);
    const processWide = collect(1, true);
    const id = await server.db.transaction().execute((trx) =>
      recordEvent(trx, {
        type: 'REFERRAL_NOTE_ADDED',
        payload: { referralId: 7, agentId: 3 },
        audience: { ...audience, agentId: 3 },
      }),
    );
    const [e] = await local;
    expect(e).toMatchObject({
      id,
      type: 'REFERRAL_NOTE_ADDED',
      payload: { referralId: 7, agentId: 3 },
      audienceRoles: ['BROKERAGE_ADMIN'],
      brokerageId: 1,
      agentId: 3,
      loanOfficeId: null,
    });
    expect((await processWide)[0]!.id).toBe(id);
  });

  it('tells nobody of a change that rolled back, and delivers later events in id order once each', async () => {
    const got = collect(3);
    await expect(
      server.db.transaction().execute(async (trx) => {
        await recordEvent(trx, { type: 'ANNOUNCEMENT_CHANGED', payload: { rolledBack: true }, audience });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(
        await server.db
          .transaction()
          .execute((trx) => recordEvent(trx, { type: 'ANNOUNCEMENT_CHANGED', payload: { n: i }, audience })),
      );
    }
    const events = await got;
    expect(events.map((e) => e.id)).toEqual(ids);
    expect(events.some((e) => e.payload.rolledBack)).toBe(false);
  });

  it('refuses to record an event outside a transaction', async () => {
    await expect(recordEvent(server.db, { type: 'ANNOUNCEMENT_CHANGED', payload: {}, audience })).rejects.toThrow(
      /inside the transaction/,
    );
  });

  it('a listener that throws or hangs does not hold up the others or the write', async () => {
    const stopBad = server.events.subscribe(() => {
      throw new Error('a broken listener');
    });
    const stopStuck = server.events.subscribe(() => new Promise(() => {}));
    const got = collect(2);
    for (let i = 0; i < 2; i += 1) {
      await server.db
        .transaction()
        .execute((trx) => recordEvent(trx, { type: 'ANNOUNCEMENT_CHANGED', payload: { n: i }, audience }));
    }
    expect((await got).map((e) => e.payload.n)).toEqual([0, 1]);
    stopBad();
    stopStuck();
  });

  it('heals a lost NOTIFY: a row committed without one is read at the next poke', async () => {
    const got = collect(1);
    // As if the NOTIFY were lost: the row is written without one.
    await sql`insert into events (type, payload, audience_roles) values ('ANNOUNCEMENT_CHANGED', '{"silent":true}', '{ADMIN}')`.execute(
      server.db,
    );
    void server.events.poke();
    expect((await got)[0]!.payload).toEqual({ silent: true });
  });

  it('a stopping bus lets each listener finish the event in hand, and hands it nothing more', async () => {
    const bus = await new EventBus(server.db).start(async () => async () => {});
    const finished: number[] = [];
    let begun = () => {};
    const inHand = new Promise<void>((resolve) => (begun = resolve));
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    bus.subscribe(async (e) => {
      begun();
      await gate;
      // The database is still open: the caller closes it only once stop() resolved.
      await server.db.selectFrom('events').select('id').where('id', '=', e.id).executeTakeFirstOrThrow();
      finished.push(e.id);
    });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push(
        await server.db
          .transaction()
          .execute((trx) => recordEvent(trx, { type: 'ANNOUNCEMENT_CHANGED', payload: { stop: i }, audience })),
      );
    void bus.poke();
    await inHand;
    let stopped = false;
    const stopping = bus.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false); // still waiting for the event in hand
    release();
    await stopping;
    expect(finished).toHaveLength(1);
    expect(ids).toContain(finished[0]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(finished).toHaveLength(1); // the events that waited are not handed on after the stop
  });
});
