import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  brokerageIdByName,
  call,
  signIn,
  startTestServer,
  type Caller,
  type TestServer,
} from '../setup/test-server.ts';

// Supplier Management: lead suppliers, ZIP coverage, limits, and the dashboard's cap.

let server: TestServer;
let admin: Caller;
let facebook: number;
let harbor: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.test');
  facebook = (
    await server.db
      .selectFrom('lead_suppliers')
      .select('id')
      .where('name', '=', 'Facebook Ads')
      .executeTakeFirstOrThrow()
  ).id;
  harbor = await brokerageIdByName(server.db, 'Harbor Point Realty');
});
afterAll(async () => {
  await server.close();
});

const READERS = ['admin@demo.test', 'manager@demo.test', 'qa@demo.test', 'supervisor@demo.test'];
const OTHERS = [
  'engagement@demo.test',
  'csr@demo.test',
  'opps@demo.test',
  'broker@demo.test',
  'supplier@demo.test',
  'lender@demo.test',
];

describe('who may read and write supplier data', () => {
  it.each(READERS)('%s reads the supplier list, a supplier, its ZIPs and its limits', async (who) => {
    const u = await signIn(server, who);
    expect((await u.get('/users-api/lead-suppliers')).status).toBe(200);
    expect((await u.get(`/users-api/lead-suppliers/${facebook}`)).status).toBe(200);
    expect((await u.get(`/leads-api/lead-supplier-zip-codes?supplierId=${facebook}`)).status).toBe(200);
    expect((await u.get(`/leads-api/lead-supplier-limit?supplierId=${facebook}`)).status).toBe(200);
  });
  it.each(OTHERS)('%s is refused every supplier call (403)', async (who) => {
    const u = await signIn(server, who);
    for (const path of [
      '/users-api/lead-suppliers',
      `/users-api/lead-suppliers/${facebook}`,
      `/leads-api/lead-supplier-zip-codes?supplierId=${facebook}`,
      `/leads-api/lead-supplier-limit?supplierId=${facebook}`,
    ]) {
      expect((await u.get(path)).status, path).toBe(403);
    }
  });
  it.each(['manager@demo.test', 'qa@demo.test', 'supervisor@demo.test'])(
    '%s cannot create a supplier, change coverage or set a limit (ADMIN only)',
    async (who) => {
      const u = await signIn(server, who);
      expect((await u.post('/users-api/lead-suppliers', { name: 'Sneaky Leads' })).status).toBe(403);
      expect((await u.post('/leads-api/lead-supplier-zip-codes', { supplierId: facebook, zip: '04199' })).status).toBe(
        403,
      );
      expect(
        (await u.post('/leads-api/lead-supplier-zip-codes/bulk', { supplierId: facebook, zips: '04199' })).status,
      ).toBe(403);
      expect((await u.delete(`/leads-api/lead-supplier-zip-codes/${facebook}/04101`)).status).toBe(403);
      expect(
        (await u.post('/leads-api/lead-supplier-limit', { supplierId: facebook, brokerageId: harbor, quarterlyCap: 5 }))
          .status,
      ).toBe(403);
      expect((await u.patch('/leads-api/lead-supplier-limit/1', { quarterlyCap: 5 })).status).toBe(403);
    },
  );
  it('an anonymous caller gets 401', async () => {
    expect((await call(server, 'GET', '/users-api/lead-suppliers')).status).toBe(401);
  });
});

describe('lead suppliers', () => {
  it('lists the seeded suppliers with ZIP and limit counts computed from the rows', async () => {
    const res = await admin.get('/users-api/lead-suppliers?pageSize=20');
    expect(res.body.totalElements).toBe(5);
    const fb = res.body.content.find((s: { name: string }) => s.name === 'Facebook Ads');
    const zips = await server.db
      .selectFrom('lead_supplier_zip_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('supplier_id', '=', facebook)
      .executeTakeFirstOrThrow();
    expect(fb).toMatchObject({ id: facebook, zipCount: Number(zips.n), limitCount: 1 });
    expect(
      (await admin.get('/users-api/lead-suppliers?name=goog')).body.content.map((s: { name: string }) => s.name),
    ).toEqual(['Google Ads']);
  });
  it('an admin creates a supplier; a duplicate name is a 409 and an empty one a 400', async () => {
    const res = await admin.post('/users-api/lead-suppliers', { name: 'Nextdoor Leads' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Nextdoor Leads', zipCount: 0, limitCount: 0 });
    expect((await admin.post('/users-api/lead-suppliers', { name: 'nextdoor leads' })).status).toBe(409);
    expect((await admin.post('/users-api/lead-suppliers', { name: '  ' })).status).toBe(400);
    expect((await admin.get('/users-api/lead-suppliers/999999')).status).toBe(404);
  });
});

describe('ZIP coverage', () => {
  it('adds one ZIP, refuses it twice, and removes it', async () => {
    expect(
      (await admin.post('/leads-api/lead-supplier-zip-codes', { supplierId: facebook, zip: '99501' })).status,
    ).toBe(201);
    expect(
      (await admin.post('/leads-api/lead-supplier-zip-codes', { supplierId: facebook, zip: '99501' })).status,
    ).toBe(409);
    expect(
      (await admin.get(`/leads-api/lead-supplier-zip-codes?supplierId=${facebook}&zip=9950`)).body.content.map(
        (z: { zip: string }) => z.zip,
      ),
    ).toEqual(['99501']);
    expect((await admin.delete(`/leads-api/lead-supplier-zip-codes/${facebook}/99501`)).status).toBe(204);
    expect((await admin.delete(`/leads-api/lead-supplier-zip-codes/${facebook}/99501`)).status).toBe(404);
  });
  it.each(['0410', '041011', 'abcde', '04 10'])('refuses the single ZIP %j (exactly 5 digits)', async (zip) => {
    const res = await admin.post('/leads-api/lead-supplier-zip-codes', { supplierId: facebook, zip });
    expect(res.status).toBe(400);
    expect(res.body.fields.zip).toBe('ZIP must be exactly 5 digits');
  });
  it('saves the valid lines of a pasted list and reports each invalid one by its line number', async () => {
    const before = await server.db
      .selectFrom('lead_supplier_zip_codes')
      .select('zip')
      .where('supplier_id', '=', facebook)
      .execute();
    const res = await admin.post('/leads-api/lead-supplier-zip-codes/bulk', {
      supplierId: facebook,
      zips: `98101\n9810\n\n98102, 98103\nseattle\n98101\n${before[0]?.zip}\n981044`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      saved: 3,
      alreadyCovered: 1,
      invalid: [
        { line: 2, value: '9810', message: 'ZIP must be exactly 5 digits' },
        { line: 5, value: 'seattle', message: 'ZIP must be exactly 5 digits' },
        { line: 8, value: '981044', message: 'ZIP must be exactly 5 digits' },
      ],
    });
    const after = await server.db
      .selectFrom('lead_supplier_zip_codes')
      .select('zip')
      .where('supplier_id', '=', facebook)
      .execute();
    expect(after.length).toBe(before.length + 3);
  });
  it('answers 404 for an unknown supplier and 400 without one, writing nothing', async () => {
    expect(
      (await admin.post('/leads-api/lead-supplier-zip-codes/bulk', { supplierId: 999999, zips: '12345' })).status,
    ).toBe(404);
    expect((await admin.get('/leads-api/lead-supplier-zip-codes')).status).toBe(400);
    expect(
      (await admin.post('/leads-api/lead-supplier-zip-codes/bulk', { supplierId: facebook, zips: '\n \n' })).status,
    ).toBe(400);
    expect(
      await server.db.selectFrom('lead_supplier_zip_codes').select('zip').where('zip', '=', '12345').execute(),
    ).toEqual([]);
  });
});

describe('limits: one source of truth for the dashboard cap', () => {
  it('the seeded Harbor Point cap of 300 is the sum of its supplier limits', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    expect((await broker.get(`/leads-api/leadstats/${harbor}`)).body.content[0].quarterlyCap).toBe(300);
  });
  it('a limit changed on the supplier screen is the cap the brokerage dashboard and profile show', async () => {
    const limits = (await admin.get(`/leads-api/lead-supplier-limit?supplierId=${facebook}`)).body;
    expect(limits).toHaveLength(1);
    expect(limits[0]).toMatchObject({ brokerageId: harbor, brokerageName: 'Harbor Point Realty', quarterlyCap: 100 });
    const res = await admin.patch(`/leads-api/lead-supplier-limit/${limits[0].id}`, { quarterlyCap: 250 });
    expect(res.status).toBe(200);
    expect(res.body.quarterlyCap).toBe(250);
    const broker = await signIn(server, 'broker@demo.test');
    expect((await broker.get(`/leads-api/leadstats/${harbor}`)).body.content[0].quarterlyCap).toBe(450);
    expect((await admin.get(`/agents-api/brokerages/${harbor}`)).body.quarterlyCap).toBe(450);
    const audit = await server.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'LEAD_SUPPLIER_LIMIT_SET')
      .execute();
    expect(audit.map((a) => a.detail)).toContain(`limit ${limits[0].id}: quarterly cap 100 -> 250`);
  });
  it('a new limit for a brokerage without one gives it a cap; an uncapped supplier makes it No cap (0)', async () => {
    const maple = await brokerageIdByName(server.db, 'Maple & Main Homes');
    const basic = await signIn(server, 'broker.basic@demo.test');
    expect((await basic.get(`/leads-api/leadstats/${maple}`)).body.content[0].quarterlyCap).toBe(0);
    const created = await admin.post('/leads-api/lead-supplier-limit', {
      supplierId: facebook,
      brokerageId: maple,
      quarterlyCap: 40,
    });
    expect(created.status).toBe(201);
    expect((await basic.get(`/leads-api/leadstats/${maple}`)).body.content[0].quarterlyCap).toBe(40);
    expect(
      (
        await admin.post('/leads-api/lead-supplier-limit', {
          supplierId: facebook,
          brokerageId: maple,
          quarterlyCap: 5,
        })
      ).status,
    ).toBe(409);
    const google = (
      await server.db
        .selectFrom('lead_suppliers')
        .select('id')
        .where('name', '=', 'Google Ads')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (await admin.post('/leads-api/lead-supplier-limit', { supplierId: google, brokerageId: maple, quarterlyCap: 0 }))
        .status,
    ).toBe(201);
    expect((await basic.get(`/leads-api/leadstats/${maple}`)).body.content[0].quarterlyCap).toBe(0);
  });
  it.each([-1, 100000, 1.5, '10'])(
    'refuses the quarterly cap %j with a 400 and changes nothing',
    async (quarterlyCap) => {
      const [limit] = (await admin.get(`/leads-api/lead-supplier-limit?supplierId=${facebook}`)).body;
      const res = await admin.patch(`/leads-api/lead-supplier-limit/${limit.id}`, { quarterlyCap });
      expect(res.status).toBe(400);
      expect((await admin.get(`/leads-api/lead-supplier-limit?supplierId=${facebook}`)).body[0].quarterlyCap).toBe(
        limit.quarterlyCap,
      );
    },
  );
  it('answers 404 for an unknown limit, supplier or brokerage', async () => {
    expect((await admin.patch('/leads-api/lead-supplier-limit/999999', { quarterlyCap: 5 })).status).toBe(404);
    expect(
      (await admin.post('/leads-api/lead-supplier-limit', { supplierId: 999999, brokerageId: harbor, quarterlyCap: 5 }))
        .status,
    ).toBe(404);
    expect(
      (
        await admin.post('/leads-api/lead-supplier-limit', {
          supplierId: facebook,
          brokerageId: 999999,
          quarterlyCap: 5,
        })
      ).status,
    ).toBe(404);
  });
  it('the brokerage PATCH no longer takes a quarterly cap (the suppliers own it)', async () => {
    expect((await admin.patch(`/agents-api/brokerages/${harbor}`, { quarterlyCap: 7 })).status).toBe(400);
  });
});
