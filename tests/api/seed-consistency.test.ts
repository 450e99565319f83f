import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmail, isValidPhone } from '../../src/lib/validation.ts';
import { sql } from 'kysely';
import { signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

// The demo seed tells one story: no two people share a sign-in phone, a lead's client type fits its
// type, and every seeded phone and email passes the rules the console and the server apply.

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

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
    expect(rows.filter((r) => r.type === 'SELLER' && (r.client_type === 'FIRST_TIME_BUYER' || r.client_type === 'REPEAT_BUYER'))).toEqual([]);
    expect(rows.filter((r) => r.type === 'BUYER' && r.client_type === 'HOME_OWNER')).toEqual([]);
  });

  it('holds only phones and emails the contract admits', async () => {
    const agents = await server.db.selectFrom('agents').select(['phone', 'email']).execute();
    const leads = await server.db.selectFrom('opportunities').select(['contact_phone as phone', 'contact_email as email']).execute();
    const rows = [...agents, ...leads];
    expect(rows.filter((r) => r.phone !== null && !isValidPhone(r.phone)).map((r) => r.phone)).toEqual([]);
    expect(rows.filter((r) => r.email !== null && !isEmail(r.email)).map((r) => r.email)).toEqual([]);
  });
});

describe('an opportunity\'s calls and texts', () => {
  it('are, for every seeded opportunity, the calls and texts among its interactions', async () => {
    const { rows } = await sql<{ id: number }>`select o.id from opportunities o
      where o.phone_count <> (select count(*) from interactions i where i.opportunity_id = o.id and i.type = 'CALL')
         or o.sms_count <> (select count(*) from interactions i where i.opportunity_id = o.id and i.type = 'SMS')`.execute(server.db);
    expect(rows.map((r) => r.id)).toEqual([]);
  });

  it('in the header agree with the interactions the API lists for it', async () => {
    const admin = await signIn(server, 'admin@demo.test');
    const busiest = await server.db.selectFrom('interactions').select(['opportunity_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('opportunity_id').orderBy('n', 'desc').orderBy('opportunity_id').limit(3).execute();
    expect(busiest.length).toBe(3);
    for (const { opportunity_id: id } of busiest) {
      const head = (await admin.get<{ phoneCount: number; smsCount: number }>(`/interviews-api/opportunities/${id}`)).body;
      const listed = (await admin.get<{ content: { type: string }[]; totalElements: number }>(`/interviews-api/interactions?opportunityId=${id}&size=200`)).body;
      expect(listed.content.length).toBe(listed.totalElements);
      const count = (type: string) => listed.content.filter((i) => i.type === type).length;
      expect([head.phoneCount, head.smsCount]).toEqual([count('CALL'), count('SMS')]);
    }
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
    const opp = await server.db.selectFrom('opportunities').select(['id', 'updated_at']).orderBy('updated_at').orderBy('id').executeTakeFirstOrThrow();
    const note = await admin.post<{ created: string }>(`/interviews-api/opportunities/${opp.id}/notes`, { body: 'Called back, no answer.' });
    expect(note.status).toBe(201);
    const audit = await server.db.selectFrom('audit_log').select(['action', 'detail']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'OPPORTUNITY_NOTE_ADDED', detail: expect.stringContaining(`on opportunity ${opp.id}`) });
    const afterNote = (await admin.get<{ updated: string }>(`/interviews-api/opportunities/${opp.id}`)).body.updated;
    expect(Date.parse(afterNote)).toBeGreaterThanOrEqual(Date.parse(note.body.created));
    expect(Date.parse(afterNote)).toBeGreaterThan(opp.updated_at.getTime());
    const mail = await admin.post<{ created: string }>('/interviews-api/interactions', { opportunityId: opp.id, type: 'EMAIL', direction: 'OUTBOUND' });
    expect(mail.status).toBe(201);
    const afterMail = (await admin.get<{ updated: string }>(`/interviews-api/opportunities/${opp.id}`)).body.updated;
    expect(Date.parse(afterMail)).toBeGreaterThanOrEqual(Date.parse(mail.body.created));
  });
});
