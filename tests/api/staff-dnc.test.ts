import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DncContact, DncPage } from '../../src/contract/interviews.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let csr: Caller;
beforeAll(async () => {
  server = await startTestServer();
  csr = await signIn(server, 'csr@demo.test');
});
afterAll(async () => {
  await server.close();
});

const search = async (qs: string) => {
  const res = await csr.get<DncPage>(`/interviews-api/DNC/search?${qs}`);
  expect(res.status).toBe(200);
  return res.body;
};
const idsInOrder = async (where = sql`true`) =>
  (await sql<{ id: number }>`select id from dnc_contacts where ${where} order by id desc`.execute(server.db)).rows.map(
    (r) => r.id,
  );

describe('DNC search', () => {
  it('answers ten contacts newest first with the total of the seeded list by default', async () => {
    const page = await search('');
    expect(page.totalElements).toBe(300);
    expect(page.content).toHaveLength(10);
    expect(page.content.map((c) => c.id)).toEqual((await idsInOrder()).slice(0, 10));
    expect(page.content[0]).toMatchObject({
      type: expect.stringMatching(/^(PHONE|EMAIL)$/),
      ownerType: expect.any(String),
      blocked: expect.any(Boolean),
    });
  });

  it('shows only inbound-blocked contacts with blocked=true, and its total counts only those', async () => {
    const page = await search('blocked=true&pageSize=40');
    const blocked = await idsInOrder(sql`blocked`);
    expect(page.totalElements).toBe(blocked.length);
    expect(page.content.every((c) => c.blocked)).toBe(true);
    expect(page.content.map((c) => c.id)).toEqual(blocked.slice(0, 40));
  });

  it.each([
    ['the start of a phone number', '+1555555', '+15555550100'],
    ['its last digits', '0100', '+15555550100'],
    ['a phone number typed with separators', '(555) 555-0100', '+15555550100'],
    ['the start of an email address, in any case', 'DO.NOT', 'do.not.call@mail.example'],
    ['the domain of an email address', 'call@mail.example', 'do.not.call@mail.example'],
  ])('finds a contact by %s', async (_what, value, expected) => {
    const page = await search(`value=${encodeURIComponent(value)}&pageSize=40`);
    expect(page.content.map((c) => c.value)).toContain(expected);
    expect(page.content.length).toBe(Math.min(40, page.totalElements));
  });

  it('treats LIKE wildcards in the search value literally', async () => {
    expect((await search('value=%25')).totalElements).toBe(0);
    expect((await search('value=_')).totalElements).toBe(0);
  });
});

describe('DNC paging at any depth', () => {
  // Several thousand contacts span several 1024-id blocks, so deep pages start inside a block.
  beforeAll(async () => {
    await sql`insert into dnc_contacts (type, value, owner_type, blocked, created)
      select 'PHONE', '+1666' || lpad(g::text, 7, '0'), case when g % 3 = 0 then 'LEAD_GENIUS' else 'PORCHLIGHT' end, g % 7 = 0,
        now() - make_interval(secs => 5000 - g)
      from generate_series(1, 4000) g`.execute(server.db);
  });

  it.each([0, 1, 25, 26, 51, 99, 107])(
    'page %i of 40 matches the same slice of the whole list, with and without the blocked filter',
    async (pageIndex) => {
      const all = await idsInOrder();
      const blocked = await idsInOrder(sql`blocked`);
      const plain = await search(`pageIndex=${pageIndex}&pageSize=40`);
      expect(plain.totalElements).toBe(all.length);
      expect(plain.content.map((c) => c.id)).toEqual(all.slice(pageIndex * 40, pageIndex * 40 + 40));
      const onlyBlocked = await search(`pageIndex=${pageIndex}&pageSize=40&blocked=true`);
      expect(onlyBlocked.totalElements).toBe(blocked.length);
      expect(onlyBlocked.content.map((c) => c.id)).toEqual(blocked.slice(pageIndex * 40, pageIndex * 40 + 40));
    },
  );

  it('keeps its counts right through creates, blocks, unblocks and deletes', async () => {
    const created = await csr.post<DncContact>('/interviews-api/DNC', {
      type: 'EMAIL',
      value: 'count.me@mail.example',
      blocked: true,
    });
    await csr.patch(`/interviews-api/DNC/${created.body.id}`, { blocked: false });
    const some = (await search('pageIndex=3&pageSize=5')).content.map((c) => c.id);
    await csr.patch(`/interviews-api/DNC/${some[0]}`, { blocked: true });
    await csr.delete(`/interviews-api/DNC/delete?id=${some[1]},${some[2]}`);
    const counts = await sql<{ n: number; b: number; bn: number; bb: number }>`select
      (select count(*)::int from dnc_contacts) n, (select count(*)::int from dnc_contacts where blocked) b,
      (select sum(total)::int from dnc_buckets) bn, (select sum(blocked)::int from dnc_buckets) bb`.execute(server.db);
    const c = counts.rows[0]!;
    expect([c.bn, c.bb]).toEqual([c.n, c.b]);
    expect((await search('')).totalElements).toBe(c.n);
    expect((await search('blocked=true')).totalElements).toBe(c.b);
  });

  it('answers an empty page past the end with the right total', async () => {
    const page = await search('pageIndex=100000&pageSize=40');
    expect(page.content).toEqual([]);
    expect(page.totalElements).toBe((await idsInOrder()).length);
  });
});

describe('DNC changes', () => {
  it('adds a phone contact normalised to +1 and ten digits, and an email lowercased', async () => {
    const phone = await csr.post<DncContact>('/interviews-api/DNC', {
      type: 'PHONE',
      value: '1 (207) 555-0199',
      channel: 'VOICE',
    });
    expect(phone.status).toBe(201);
    expect(phone.body).toMatchObject({
      type: 'PHONE',
      value: '+12075550199',
      ownerType: 'PORCHLIGHT',
      channel: 'VOICE',
      blocked: false,
    });
    const email = await csr.post<DncContact>('/interviews-api/DNC', {
      type: 'EMAIL',
      value: ' Someone.Else@Mail.Example ',
      ownerType: 'LEAD_GENIUS',
    });
    expect(email.body).toMatchObject({ value: 'someone.else@mail.example', ownerType: 'LEAD_GENIUS' });
  });

  it('refuses a duplicate, however it is typed, with 409 and a clear message', async () => {
    const first = await csr.post('/interviews-api/DNC', { type: 'PHONE', value: '207-555-0142' });
    expect(first.status).toBe(201);
    const again = await csr.post('/interviews-api/DNC', { type: 'PHONE', value: '+1 (207) 555 0142' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      status: 409,
      error: 'Conflict',
      message: 'The phone number +12075550142 is already on the do-not-call list',
    });
    const email = await csr.post('/interviews-api/DNC', { type: 'EMAIL', value: 'DO.NOT.CALL@mail.example' });
    expect(email.status).toBe(409);
    expect(email.body.message).toMatch(/email address do\.not\.call@mail\.example is already on the do-not-call list/);
  });

  it.each([
    [{ type: 'PHONE', value: '555-0100' }, 'value', 'Invalid phone number.'],
    [{ type: 'PHONE', value: '(555) 555-0100 ext 4' }, 'value', 'Invalid phone number.'],
    [{ type: 'EMAIL', value: 'someone@localhost' }, 'value', 'Invalid e-mail.'],
    [{ type: 'EMAIL', value: '' }, 'value', 'Value is required'],
    [{ type: 'FAX', value: '2075550100' }, 'type', 'Type must be PHONE or EMAIL'],
    [{ type: 'PHONE', value: '2075550100', blocked: 'yes' }, 'blocked', expect.any(String)],
  ])('refuses %j with 400 naming the field', async (body, field, message) => {
    const res = await csr.post('/interviews-api/DNC', body);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toEqual(message);
  });

  it('blocks and unblocks a number, and answers 404 for an unknown contact', async () => {
    const [first] = (await search('value=%2B15555550100')).content;
    const unblocked = await csr.patch<DncContact>(`/interviews-api/DNC/${first!.id}`, { blocked: false });
    expect(unblocked.body.blocked).toBe(false);
    expect((await csr.patch<DncContact>(`/interviews-api/DNC/${first!.id}`, { blocked: true })).body.blocked).toBe(
      true,
    );
    expect((await csr.patch('/interviews-api/DNC/99999999', { blocked: true })).status).toBe(404);
  });

  it('deletes the contacts given as ?id=, repeated or comma separated', async () => {
    const made = await Promise.all(
      ['a', 'b', 'c'].map((x) =>
        csr.post<DncContact>('/interviews-api/DNC', { type: 'EMAIL', value: `gone.${x}@mail.example` }),
      ),
    );
    const [a, b, c] = made.map((m) => m.body.id);
    expect((await csr.delete(`/interviews-api/DNC/delete?id=${a}&id=${b},${c}`)).body).toEqual({ deleted: 3 });
    expect((await csr.delete(`/interviews-api/DNC/delete?id=${a}`)).status).toBe(404);
    expect((await csr.delete('/interviews-api/DNC/delete')).status).toBe(400);
    expect((await csr.delete('/interviews-api/DNC/delete?id=abc')).status).toBe(400);
  });
});
