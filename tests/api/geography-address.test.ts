import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AddressValidation } from '../../src/contract/address-validation.ts';
import type { GeographyPage, ZipCode } from '../../src/contract/geography.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// GET /interviews-api/zipCodes/{zip}, /geography, /markets and
// POST /contact-center-api/proxy/google-api/validate-address.

let server: TestServer;
const as: Record<string, Caller> = {};
const EMAILS = ['admin', 'manager', 'qa', 'supervisor', 'engagement', 'csr', 'opps', 'broker', 'lender'];
const VALIDATE = '/contact-center-api/proxy/google-api/validate-address';

beforeAll(async () => {
  server = await startTestServer();
  await Promise.all(
    EMAILS.map(async (e) => {
      as[e] = await signIn(server, `${e}@demo.test`);
    }),
  );
  as['agent'] = await signIn(server, '+15550100001');
});
afterAll(async () => {
  await server.close();
});

describe('the seeded geography', () => {
  it('resolves every ZIP the demo seed uses: coverage, exclusions, opportunities, suppliers, questionnaires and brokerages', async () => {
    const missing = await sql<{ zip: string }>`
      select zip from lead_supplier_zip_codes union select zip from agent_coverage_areas where zip is not null
      union select zip from agent_excluded_areas union select zip from opportunities where zip is not null
      union select zip from brokerages where zip is not null
      union select q.zip from agent_questionnaires a cross join lateral jsonb_array_elements_text(cast(a.zip_codes as jsonb)) as q(zip)
      except select zip from zip_codes`.execute(server.db);
    expect(missing.rows).toEqual([]);
    expect((await server.db.selectFrom('markets').select('id').execute()).length).toBe(6);
  });
});

describe('GET /interviews-api/zipCodes/{zip} and /geography', () => {
  it('answers a ZIP with its city, state and market, and 404 for a ZIP the table does not know', async () => {
    expect((await as['broker']!.get<ZipCode>('/interviews-api/zipCodes/53703')).body).toEqual({
      zip: '53703',
      city: 'Madison',
      state: 'WI',
      market: 'Madison Metro',
    });
    expect((await as['admin']!.get<ZipCode>('/interviews-api/zipCodes/04250')).body).toMatchObject({ state: 'ME' });
    expect((await as['admin']!.get('/interviews-api/zipCodes/99999')).status).toBe(404);
    expect((await as['admin']!.get('/interviews-api/zipCodes/9999')).status).toBe(400);
  });

  it('searches by ZIP prefix, city, state and market, counting from the table', async () => {
    const byPrefix = (await as['admin']!.get<GeographyPage>('/interviews-api/geography?zip=0410&pageSize=100')).body;
    const n = (
      await sql<{ n: number }>`select count(*)::int as n from zip_codes where zip like '0410%'`.execute(server.db)
    ).rows[0]!.n;
    expect(byPrefix.totalElements).toBe(n);
    expect(byPrefix.content.every((z) => z.zip.startsWith('0410'))).toBe(true);
    const city = (await as['admin']!.get<GeographyPage>('/interviews-api/geography?city=meridian&state=id&pageSize=5'))
      .body;
    expect(city.content.length).toBeGreaterThan(0);
    expect(city.content.every((z) => z.city === 'Meridian' && z.state === 'ID' && z.market === 'Treasure Valley')).toBe(
      true,
    );
    const market = await server.db
      .selectFrom('markets')
      .select('id')
      .where('name', '=', 'Boise Metro')
      .executeTakeFirstOrThrow();
    const inMarket = (
      await as['admin']!.get<GeographyPage>(`/interviews-api/geography?marketId=${market.id}&pageSize=1`)
    ).body;
    const inTable = (
      await sql<{ n: number }>`select count(*)::int as n from zip_codes where market_id = ${market.id}`.execute(
        server.db,
      )
    ).rows[0]!.n;
    expect(inMarket.totalElements).toBe(inTable);
    expect(inMarket.content[0]).toMatchObject({ market: 'Boise Metro', state: 'ID' });
  });

  it('resolves a list of ZIPs at once, leaving unknown ones out', async () => {
    const res = await as['broker']!.get<GeographyPage>('/interviews-api/geography?zips=04101,53703,99999&pageSize=10');
    expect(res.body.content.map((z) => z.zip)).toEqual(['04101', '53703']);
    expect((await as['broker']!.get('/interviews-api/geography?zips=04101,abc')).status).toBe(400);
    expect((await as['broker']!.get('/interviews-api/geography?state=Maine')).status).toBe(400);
  });

  it('admits staff and brokerage admins, and refuses CSRs, lenders and agents', async () => {
    for (const p of ['/interviews-api/zipCodes/04101', '/interviews-api/geography', '/interviews-api/markets']) {
      for (const who of ['admin', 'manager', 'qa', 'supervisor', 'engagement', 'broker'])
        expect((await as[who]!.get(p)).status, `${who} ${p}`).toBe(200);
      for (const who of ['csr', 'opps', 'lender', 'agent'])
        expect((await as[who]!.get(p)).status, `${who} ${p}`).toBe(403);
    }
  });
});

describe('POST validate-address (the reference stand-in for Google)', () => {
  it('confirms an address whose ZIP, city and state agree with the geography table', async () => {
    const res = await as['admin']!.post<AddressValidation>(VALIDATE, {
      street: '120  Commercial Street',
      city: 'Portland',
      state: 'me',
      zip: '04101-1234',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      verdict: 'VALID',
      issues: [],
      provider: 'reference',
      address: { street: '120 Commercial Street', city: 'Portland', state: 'ME', zip: '04101' },
      place: { zip: '04101', city: 'Portland', state: 'ME', market: 'Portland Metro' },
    });
  });

  it('fills a blank city and state from the ZIP, and calls a disagreeing or unknown ZIP suspect', async () => {
    const filled = (
      await as['broker']!.post<AddressValidation>(VALIDATE, { street: '25 West Main Street', zip: '53703' })
    ).body;
    expect(filled).toMatchObject({ verdict: 'VALID', address: { city: 'Madison', state: 'WI' } });
    const wrong = (
      await as['broker']!.post<AddressValidation>(VALIDATE, {
        street: '25 West Main Street',
        city: 'Boise',
        state: 'ID',
        zip: '53703',
      })
    ).body;
    expect(wrong.verdict).toBe('SUSPECT');
    expect(wrong.issues).toEqual([
      { field: 'state', message: 'ZIP 53703 is in WI' },
      { field: 'city', message: 'ZIP 53703 is in Madison' },
    ]);
    const unknown = (await as['admin']!.post<AddressValidation>(VALIDATE, { street: '1 Main St', zip: '99999' })).body;
    expect(unknown).toMatchObject({
      verdict: 'SUSPECT',
      place: null,
      issues: [{ field: 'zip', message: 'Unknown ZIP' }],
    });
  });

  it('calls a badly formed address invalid, field by field', async () => {
    const res = (
      await as['admin']!.post<AddressValidation>(VALIDATE, {
        street: 'Main Street',
        city: 'P0rtland',
        state: 'XX',
        zip: '041',
      })
    ).body;
    expect(res.verdict).toBe('INVALID');
    expect(res.issues.map((i) => i.field)).toEqual(['street', 'city', 'state', 'zip']);
    expect((await as['admin']!.post<AddressValidation>(VALIDATE, {})).body.issues.map((i) => i.message)).toEqual([
      'Street is required',
      'ZIP is required',
    ]);
  });

  it('answers 400 JSON for input that is not an address, and 403 to roles without address fields', async () => {
    for (const body of [{ street: 5 }, { zip: 'x'.repeat(11) }, { country: 'US' }, 'text']) {
      const res = await as['admin']!.post<{ status: number; message: string }>(VALIDATE, body);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(400);
    }
    for (const who of ['csr', 'opps', 'lender', 'agent'])
      expect((await as[who]!.post(VALIDATE, { zip: '04101' })).status, who).toBe(403);
  });
});
