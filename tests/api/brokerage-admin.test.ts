import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApinationState, ProductOffering } from '../../src/contract/brokerage-admin.ts';
import type { Brokerage } from '../../src/contract/brokerages.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// PUT /agents-api/brokerages/{id}, GET /agents-api/product, Apination.

let server: TestServer;
const as: Record<string, Caller> = {};
const EMAILS = [
  'admin',
  'manager',
  'qa',
  'supervisor',
  'engagement',
  'csr',
  'opps',
  'broker',
  'broker.basic',
  'supplier',
  'lender',
];
let harbor: number;
let maple: number;
let brokerUserId: number;

beforeAll(async () => {
  server = await startTestServer();
  await Promise.all(
    EMAILS.map(async (e) => {
      as[e] = await signIn(server, `${e}@demo.test`);
    }),
  );
  as['agent'] = await signIn(server, '+15550100001');
  const rows = await server.db.selectFrom('brokerages').select(['id', 'name']).execute();
  harbor = rows.find((r) => r.name === 'Harbor Point Realty')!.id;
  maple = rows.find((r) => r.name === 'Maple & Main Homes')!.id;
  brokerUserId = (
    await server.db.selectFrom('users').select('id').where('email', '=', 'broker@demo.test').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server.close();
});

const STAFF = ['admin', 'manager', 'qa', 'supervisor', 'engagement'];
const NOT_STAFF = ['csr', 'opps', 'broker', 'broker.basic', 'supplier', 'lender', 'agent'];
const full = {
  name: 'Harbor Point Realty',
  status: 'ACTIVE',
  productFamily: 'COMBINED',
  email: 'office@harborpoint.example',
  phone: '(555) 010-1000',
  street: '120 Commercial Street',
  city: 'Portland',
  state: 'ME',
  zip: '04101',
};
const row = (id: number) =>
  server.db.selectFrom('brokerages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('PUT /agents-api/brokerages/{id}: the full edit', () => {
  it('lets each staff role replace every field, normalising phone, email and state, and blanks become null', async () => {
    for (const who of STAFF) {
      const res = await as[who]!.put<Brokerage>(`/agents-api/brokerages/${maple}`, {
        name: `  Maple & Main (${who}) `,
        status: 'PAUSED',
        productFamily: 'LEAD_GENIUS',
        email: 'Hello@MapleMain.example',
        phone: '555.010.2000',
        street: ' 25 West Main Street ',
        city: 'Madison',
        state: 'wi',
        zip: '53703',
      });
      expect(res.status, who).toBe(200);
      expect(res.body).toMatchObject({
        name: `Maple & Main (${who})`,
        status: 'PAUSED',
        product: [{ productFamily: 'LEAD_GENIUS' }],
        email: 'hello@maplemain.example',
        phone: '+15550102000',
        street: '25 West Main Street',
        city: 'Madison',
        state: 'WI',
        zip: '53703',
      });
    }
    const cleared = await as['admin']!.put<Brokerage>(`/agents-api/brokerages/${maple}`, {
      ...full,
      name: 'Maple & Main Homes',
      email: '',
      phone: '',
      street: '',
      zip: '',
    });
    expect(cleared.body).toMatchObject({ email: null, phone: null, street: null, zip: null });
    expect(await row(maple)).toMatchObject({
      email: null,
      phone: null,
      street: null,
      zip: null,
      product_family: 'COMBINED',
    });
    await as['admin']!.put(`/agents-api/brokerages/${maple}`, {
      ...full,
      name: 'Maple & Main Homes',
      productFamily: 'PORCHLIGHT',
      city: 'Madison',
      state: 'WI',
      zip: '53703',
    });
  });

  it('refuses everyone but staff, and answers 404 for a brokerage that does not exist', async () => {
    for (const who of NOT_STAFF)
      expect((await as[who]!.put(`/agents-api/brokerages/${harbor}`, full)).status, who).toBe(403);
    expect((await as['admin']!.put('/agents-api/brokerages/999999', full)).status).toBe(404);
  });

  it('answers bad input with 400 and the spec messages, and writes nothing', async () => {
    const before = await row(harbor);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...full, name: '  ' }, 'name', 'Name is required'],
      [{ ...full, name: 'x'.repeat(256) }, 'name', 'Name must be less than 255 characters'],
      [{ ...full, email: 'nope@' }, 'email', 'Invalid e-mail.'],
      [{ ...full, phone: '12345' }, 'phone', 'Invalid phone number.'],
      [{ ...full, zip: '0410' }, 'zip', 'ZIP must be exactly 5 digits'],
      [{ ...full, state: 'ZZ' }, 'state', 'Choose a state'],
      [{ ...full, status: 'GONE' }, 'status', 'Status must be Active, Paused or Hidden'],
      [{ ...full, productFamily: 'X' }, 'productFamily', 'Choose a product'],
    ];
    for (const [body, field, message] of cases) {
      const res = await as['admin']!.put<{ status: number; fields: Record<string, string> }>(
        `/agents-api/brokerages/${harbor}`,
        body,
      );
      expect(res.status, field).toBe(400);
      expect(res.body.fields[field], field).toBe(message);
    }
    const { name: _n, ...noName } = full;
    expect((await as['admin']!.put(`/agents-api/brokerages/${harbor}`, noName)).status).toBe(400);
    expect((await as['admin']!.put(`/agents-api/brokerages/${harbor}`, { ...full, boost: true })).status).toBe(400);
    expect((await as['admin']!.put(`/agents-api/brokerages/${harbor}`, 'text')).status).toBe(400);
    expect(await row(harbor)).toEqual(before);
  });
});

describe('GET /agents-api/product', () => {
  it('lists the three product families with the brokerages on each, counted from the table', async () => {
    const res = await as['admin']!.get<ProductOffering[]>('/agents-api/product');
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.productFamily)).toEqual(['PORCHLIGHT', 'LEAD_GENIUS', 'COMBINED']);
    const counts = await server.db.selectFrom('brokerages').select(['product_family']).execute();
    for (const p of res.body)
      expect(p.brokerageCount).toBe(counts.filter((c) => c.product_family === p.productFamily).length);
  });

  it('admits staff, brokerage admins and lead suppliers; refuses the rest', async () => {
    for (const who of [...STAFF, 'broker', 'broker.basic', 'supplier'])
      expect((await as[who]!.get('/agents-api/product')).status, who).toBe(200);
    for (const who of ['csr', 'opps', 'lender', 'agent'])
      expect((await as[who]!.get('/agents-api/product')).status, who).toBe(403);
  });
});

describe('Apination', () => {
  const path = (id: number, action = '') => `/agents-api/brokerages/${id}/apination${action}`;

  it('is off until someone enables it; the broker admin enables and disables their own, recording who and when', async () => {
    expect((await as['broker']!.get<ApinationState>(path(harbor))).body).toEqual({
      brokerageId: harbor,
      enabled: false,
      changedBy: null,
      actedBy: null,
      changedAt: null,
    });
    const on = await as['broker']!.post<ApinationState>(path(harbor, '/enable'));
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      brokerageId: harbor,
      enabled: true,
      changedBy: { id: brokerUserId, name: 'Blair Harbor' },
      actedBy: null,
    });
    const stored = await server.db
      .selectFrom('brokerage_apination')
      .selectAll()
      .where('brokerage_id', '=', harbor)
      .executeTakeFirstOrThrow();
    expect(new Date(stored.changed_at).toISOString()).toBe(on.body.changedAt);
    for (const who of STAFF) expect((await as[who]!.get<ApinationState>(path(harbor))).body.enabled, who).toBe(true);
    // Enabling again changes nothing (the first enabler stays).
    const again = await as['admin']!.post<ApinationState>(path(harbor, '/enable'));
    expect(again.body.changedBy?.id).toBe(brokerUserId);
    const off = await as['broker']!.post<ApinationState>(path(harbor, '/disable'));
    expect(off.body).toMatchObject({ enabled: false, changedBy: { id: brokerUserId } });
  });

  it('records the staff user behind an impersonated change', async () => {
    const admin = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const res = await as['admin']!.post<ApinationState>(path(harbor, '/enable'), undefined, {
      'X-Impersonated-User-Id': String(brokerUserId),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: true, changedBy: { id: brokerUserId }, actedBy: { id: admin.id } });
    await as['broker']!.post(path(harbor, '/disable'));
  });

  it("refuses another brokerage's Apination to a brokerage admin, the switch to staff outside the marketplace roles, and everyone else", async () => {
    expect((await as['broker']!.get(path(maple))).status).toBe(403);
    expect((await as['broker']!.post(path(maple, '/enable'))).status).toBe(403);
    expect((await as['broker.basic']!.post(path(harbor, '/enable'))).status).toBe(403);
    for (const who of ['manager', 'qa', 'supervisor'])
      expect((await as[who]!.post(path(maple, '/enable'))).status, who).toBe(403);
    for (const who of ['csr', 'opps', 'lender', 'agent']) {
      expect((await as[who]!.get(path(harbor))).status, who).toBe(403);
      expect((await as[who]!.post(path(harbor, '/enable'))).status, who).toBe(403);
    }
    expect((await as['admin']!.get(path(999999))).status).toBe(404);
    expect((await as['admin']!.post(path(999999, '/enable'))).status).toBe(404);
    expect((await as['broker']!.post(path(999999, '/enable'))).status).toBe(403);
    const rows = await server.db
      .selectFrom('brokerage_apination')
      .selectAll()
      .where('brokerage_id', '<>', harbor)
      .execute();
    expect(rows).toEqual([]);
  });

  it('lets staff who may impersonate switch any brokerage from the staff console', async () => {
    const res = await as['engagement']!.post<ApinationState>(path(maple, '/enable'));
    expect(res.body).toMatchObject({ enabled: true, changedBy: { name: expect.any(String) }, actedBy: null });
    expect((await as['broker.basic']!.get<ApinationState>(path(maple))).body.enabled).toBe(true);
    await as['engagement']!.post(path(maple, '/disable'));
  });
});
