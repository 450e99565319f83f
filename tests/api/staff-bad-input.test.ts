import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Bad input to every staff endpoint is a 400 JSON body naming the problem: never a 5xx.

let server: TestServer;
let admin: Caller;
let agent: number;
let opp: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.test');
  agent = (await server.db.selectFrom('agents').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  opp = (await server.db.selectFrom('opportunities').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server.close();
});

type Bad = [string, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', () => string, unknown?];
const CASES: Bad[] = [
  ['a page size of 0', 'GET', () => '/interviews-api/DNC/search?pageSize=0'],
  ['a negative page', 'GET', () => '/interviews-api/DNC/search?pageIndex=-1'],
  ['a blocked filter that is not true or false', 'GET', () => '/interviews-api/DNC/search?blocked=maybe'],
  ['a search value of 300 characters', 'GET', () => `/interviews-api/DNC/search?value=${'9'.repeat(300)}`],
  ['a DNC contact without a type', 'POST', () => '/interviews-api/DNC', { value: '2075550100' }],
  [
    'a DNC contact with a number for a value',
    'POST',
    () => '/interviews-api/DNC',
    { type: 'PHONE', value: 2075550100 },
  ],
  [
    'a DNC contact with a lower-case owner type',
    'POST',
    () => '/interviews-api/DNC',
    { type: 'PHONE', value: '2075550100', ownerType: 'iris' },
  ],
  ['a DNC block without a boolean', 'PATCH', () => '/interviews-api/DNC/1', { blocked: 'yes' }],
  [
    'a DNC delete of 1001 contacts',
    'DELETE',
    () => `/interviews-api/DNC/delete?id=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`,
  ],
  ['an unknown brokerage sort', 'GET', () => '/agents-api/brokerages?sort=owner,ASC'],
  ['an unknown product family', 'GET', () => '/agents-api/brokerages?productFamily=IRIS'],
  ['an empty brokerage name', 'PATCH', () => '/agents-api/brokerages/1', { name: '  ' }],
  ['a negative quarterly cap', 'PATCH', () => '/agents-api/brokerages/1', { quarterlyCap: -1 }],
  ['a brokerage referrals filter by an unknown stage', 'GET', () => '/agents-api/brokerages/1/referrals?stage=WON'],
  ['broker notes without a brokerage', 'GET', () => '/agents-api/brokerNotes'],
  ['an empty broker note', 'POST', () => '/agents-api/brokerNotes', { brokerageId: 1, body: ' ' }],
  ['an agent note of 5000 characters', 'POST', () => `/agents-api/agents/${agent}/notes`, { body: 'x'.repeat(5000) }],
  [
    'an admin hold without a reason id',
    'POST',
    () => `/agents-api/agents/${agent}/adminHoldReason`,
    { reasonId: 'License expired' },
  ],
  ['a ZIP of four digits', 'POST', () => `/agents-api/agents/${agent}/coverageAreas`, { zip: '0410' }],
  ['a ZIP of six digits', 'POST', () => `/agents-api/agents/${agent}/coverageAreas`, { zip: '041010' }],
  [
    'a ZIP and a city at once',
    'POST',
    () => `/agents-api/agents/${agent}/coverageAreas`,
    { zip: '04101', city: 'Portland', state: 'ME' },
  ],
  ['a city without a state', 'POST', () => `/agents-api/agents/${agent}/coverageAreas`, { city: 'Portland' }],
  ['an unknown state', 'POST', () => `/agents-api/agents/${agent}/coverageAreas`, { city: 'Portland', state: 'ZZ' }],
  ['an agents export by an unknown status', 'GET', () => '/agents-api/agents/export.csv?status=RETIRED'],
  ['a loan officer sort direction that is not ASC or DESC', 'GET', () => '/lenders-api/loan-officers?sort=lastName,UP'],
  ['a loan office id that is not a number', 'GET', () => '/lenders-api/loan-officers?loanOfficeId=summit'],
  ['an unknown opportunity status filter', 'GET', () => '/interviews-api/opportunities?status=CLOSED,WON'],
  ['an opportunity search without q', 'GET', () => '/interviews-api/opportunities/search'],
  ['an unknown opportunity status', 'PUT', () => `/interviews-api/opportunities/${opp}/status`, { status: 'WON' }],
  [
    'an opportunity change of an unknown field',
    'PATCH',
    () => `/interviews-api/opportunities/${opp}`,
    { brokerageId: 2 },
  ],
  [
    'an opportunity phone of 9 digits',
    'PATCH',
    () => `/interviews-api/opportunities/${opp}`,
    { phoneNumber: '207555010' },
  ],
  [
    'a force assignment without an agent',
    'POST',
    () => '/interviews-api/agent-connection/forceReferralAssignment',
    { opportunityId: 1 },
  ],
  ['interactions of a non-numeric opportunity', 'GET', () => '/interviews-api/interactions?opportunityId=abc'],
  ['dispositions with a page size of 5000', 'GET', () => '/interviews-api/dispositions?pageSize=5000'],
  ['a user search by an unknown role', 'GET', () => '/users-api/users?role=KING'],
  ['a user search by an unknown status', 'GET', () => '/users-api/users?status=GONE'],
  ['an audit filter by a lower-case action', 'GET', () => '/users-api/impersonation-audit?action=export'],
];

describe('bad input to the staff API', () => {
  it.each(CASES)('answers %s with 400 JSON', async (_what, method, path, body) => {
    const res = await (method === 'GET'
      ? admin.get(path())
      : method === 'POST'
        ? admin.post(path(), body)
        : method === 'PUT'
          ? admin.put(path(), body)
          : method === 'PATCH'
            ? admin.patch(path(), body)
            : admin.delete(path(), body));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, error: 'Bad Request', message: expect.any(String) });
  });

  it.each([
    ['POST', '/interviews-api/DNC'],
    ['PATCH', '/interviews-api/DNC/1'],
    ['POST', '/agents-api/brokerNotes'],
    ['POST', '/interviews-api/agent-connection/forceReferralAssignment'],
    ['PATCH', `/agents-api/brokerages/1`],
  ])('answers %s %s with a body that is not JSON with 400', async (method, path) => {
    const res = await call(server, method, path, {
      token: admin.token,
      headers: { 'Content-Type': 'application/json' },
      body: undefined,
    });
    expect(res.status).toBe(400);
    const broken = await server.app.request(path, {
      method,
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: '{"type":',
    });
    expect(broken.status).toBe(400);
  });
});
