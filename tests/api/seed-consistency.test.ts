import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AgentEnrollment } from '../../src/contract/agents.ts';
import { BrokerageUpdate } from '../../src/contract/brokerage-admin.ts';
import { NewDncRequest } from '../../src/contract/interviews.ts';
import { LoanOfficerEdit } from '../../src/contract/loan-officers.ts';
import { isEmail, isValidPhone } from '../../src/lib/validation.ts';
import { signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

// The demo seed tells one story: no two people share a sign-in phone, a lead's client type fits its
// type, and every seeded phone and email passes the rules the console and the server apply.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('the demo seed', () => {
  it('gives every agent, and every user, their own phone', async () => {
    // An agent's sign-in user carries the agent's phone (one person), so each table is checked alone.
    const repeated = (phones: (string | null)[]) => {
      const seen = new Map<string, number>();
      for (const p of phones) if (p !== null) seen.set(p, (seen.get(p) ?? 0) + 1);
      return [...seen].filter(([, n]) => n > 1).map(([p]) => p);
    };
    const agents = (await server.db.selectFrom('agents').select('phone').execute()).map((r) => r.phone);
    expect(agents.length).toBeGreaterThan(50);
    expect(repeated(agents)).toEqual([]);
    expect(repeated((await server.db.selectFrom('users').select('phone').execute()).map((r) => r.phone))).toEqual([]);
  });

  it('never makes a seller a first-time or repeat buyer', async () => {
    const rows = await server.db.selectFrom('opportunities').select(['type', 'client_type']).execute();
    expect(rows.length).toBeGreaterThan(100);
    expect(
      rows.filter(
        (r) => r.type === 'SELLER' && (r.client_type === 'FIRST_TIME_BUYER' || r.client_type === 'REPEAT_BUYER'),
      ),
    ).toEqual([]);
    expect(rows.filter((r) => r.type === 'BUYER' && r.client_type === 'HOME_OWNER')).toEqual([]);
  });

  it('holds only phones and emails the contract admits', async () => {
    const agents = await server.db.selectFrom('agents').select(['phone', 'email']).execute();
    const leads = await server.db
      .selectFrom('opportunities')
      .select(['contact_phone as phone', 'contact_email as email'])
      .execute();
    const rows = [...agents, ...leads];
    expect(rows.filter((r) => r.phone !== null && !isValidPhone(r.phone)).map((r) => r.phone)).toEqual([]);
    expect(rows.filter((r) => r.email !== null && !isEmail(r.email)).map((r) => r.email)).toEqual([]);
  });
});

/** What the contract says of each seeded row, as the edit form would send it back unchanged: failures only. */
function refused(
  rows: Record<string, unknown>[],
  schema: v.GenericSchema,
): { row: Record<string, unknown>; issue: string }[] {
  expect(rows.length).toBeGreaterThan(0);
  return rows.flatMap((row) => {
    const r = v.safeParse(schema, row);
    return r.success ? [] : [{ row, issue: `${v.getDotPath(r.issues[0]) ?? ''}: ${r.issues[0].message}` }];
  });
}

describe('every seeded record passes the contract the server checks its edits with', () => {
  it('brokerages, as Edit Brokerage would save them unchanged', async () => {
    const rows = await server.db
      .selectFrom('brokerages')
      .select(['name', 'status', 'product_family as productFamily', 'email', 'phone', 'street', 'city', 'state', 'zip'])
      .execute();
    expect(refused(rows, BrokerageUpdate)).toEqual([]);
  });

  it('loan officers, as Edit Loan Officer would save them unchanged', async () => {
    const rows = await server.db
      .selectFrom('loan_officers')
      .select(['first_name as firstName', 'last_name as lastName', 'email', 'phone', 'nmls'])
      .execute();
    expect(refused(rows, LoanOfficerEdit)).toEqual([]);
  });

  it('agents, as enrolling them again would send them (the few the seed leaves unnamed, for "Not Available", by phone alone)', async () => {
    const rows = await server.db
      .selectFrom('agents')
      .select(['brokerage_id as brokerageId', 'first_name as firstName', 'last_name as lastName', 'email', 'phone'])
      .execute();
    const unnamed = rows.filter((r) => r.firstName === null && r.lastName === null && r.email === null);
    expect(unnamed.length).toBeLessThan(rows.length / 10);
    expect(
      refused(
        rows.filter((r) => !unnamed.includes(r)),
        AgentEnrollment,
      ),
    ).toEqual([]);
    expect(
      refused(
        unnamed.map(({ phone }) => ({ phone })),
        v.object({ phone: AgentEnrollment.entries.phone }),
      ),
    ).toEqual([]);
  });

  it('the do-not-call list, as New DNC would take each entry', async () => {
    const rows = await server.db
      .selectFrom('dnc_contacts')
      .select(['type', 'value', 'owner_type as ownerType', 'channel', 'disposition', 'blocked'])
      .execute();
    expect(refused(rows, NewDncRequest)).toEqual([]);
  });
});

describe("an opportunity's calls and texts", () => {
  it('are, for every seeded opportunity, the calls and texts among its interactions', async () => {
    const { rows } = await sql<{ id: number }>`select o.id from opportunities o
      where o.phone_count <> (select count(*) from interactions i where i.opportunity_id = o.id and i.type = 'CALL')
         or o.sms_count <> (select count(*) from interactions i where i.opportunity_id = o.id and i.type = 'SMS')`.execute(
      server.db,
    );
    expect(rows.map((r) => r.id)).toEqual([]);
  });

  it('in the header agree with the interactions the API lists for it', async () => {
    const admin = await signIn(server, 'admin@demo.test');
    const busiest = await server.db
      .selectFrom('interactions')
      .select(['opportunity_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('opportunity_id')
      .orderBy('n', 'desc')
      .orderBy('opportunity_id')
      .limit(3)
      .execute();
    expect(busiest.length).toBe(3);
    for (const { opportunity_id: id } of busiest) {
      const head = (await admin.get<{ phoneCount: number; smsCount: number }>(`/interviews-api/opportunities/${id}`))
        .body;
      const listed = (
        await admin.get<{ content: { type: string }[]; totalElements: number }>(
          `/interviews-api/interactions?opportunityId=${id}&size=200`,
        )
      ).body;
      expect(listed.content.length).toBe(listed.totalElements);
      const count = (type: string) => listed.content.filter((i) => i.type === type).length;
      expect([head.phoneCount, head.smsCount]).toEqual([count('CALL'), count('SMS')]);
    }
  });
});

describe("an opportunity's call and text counts", () => {
  it('are its logged calls and texts, for every opportunity of the seed', async () => {
    const { rows } = await sql<{ n: number; total: number }>`select count(*) filter (where
        o.phone_count <> (select count(*) from interactions i where i.opportunity_id = o.id and i.type = 'CALL')
        or o.sms_count <> (select count(*) from interactions i where i.opportunity_id = o.id and i.type = 'SMS'))::int as n,
      count(*)::int as total from opportunities o`.execute(server.db);
    expect(rows[0]!.total).toBeGreaterThan(1000);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('an opportunity\'s "Updated"', () => {
  it('is never older than its newest interaction or note, in the seed', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from opportunities o
      where o.updated_at < greatest(
        (select max(created_at) from interactions i where i.opportunity_id = o.id),
        (select max(created_at) from opportunity_notes n where n.opportunity_id = o.id))`.execute(server.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('moves to the time of a note or an email logged on it', async () => {
    const admin = await signIn(server, 'admin@demo.test');
    const opp = await server.db
      .selectFrom('opportunities')
      .select(['id', 'updated_at'])
      .orderBy('updated_at')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const note = await admin.post<{ created: string }>(`/interviews-api/opportunities/${opp.id}/notes`, {
      body: 'Called back, no answer.',
    });
    expect(note.status).toBe(201);
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'OPPORTUNITY_NOTE_ADDED',
      detail: expect.stringContaining(`on opportunity ${opp.id}`),
    });
    const afterNote = (await admin.get<{ updated: string }>(`/interviews-api/opportunities/${opp.id}`)).body.updated;
    expect(Date.parse(afterNote)).toBeGreaterThanOrEqual(Date.parse(note.body.created));
    expect(Date.parse(afterNote)).toBeGreaterThan(opp.updated_at.getTime());
    const mail = await admin.post<{ created: string }>('/interviews-api/interactions', {
      opportunityId: opp.id,
      type: 'EMAIL',
      direction: 'OUTBOUND',
    });
    expect(mail.status).toBe(201);
    const afterMail = (await admin.get<{ updated: string }>(`/interviews-api/opportunities/${opp.id}`)).body.updated;
    expect(Date.parse(afterMail)).toBeGreaterThanOrEqual(Date.parse(mail.body.created));
  });
});
