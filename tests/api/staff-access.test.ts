import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Every staff-console endpoint with every demo identity: exactly the route table's answer
// (spec 1 section 6), 2xx for those admitted (with their own data) and 403 for everyone else.

const WHO = [
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
] as const;
type Who = (typeof WHO)[number];
const STAFF: Who[] = ['admin', 'manager', 'qa', 'supervisor', 'engagement'];

interface Fx {
  harbor: number;
  summit: number;
  officer: number;
  agent: number;
  opp: number;
  per: Record<
    Who,
    { dnc: number; holdAgent: number; heldAgent: number; area: number; freeOpp: number; assignedOpp: number }
  >;
  reason: number;
}
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (f: Fx, w: Who) => string;
  body?: (f: Fx, w: Who, i: number) => unknown;
  allowed: Who[];
}

const CASES: Case[] = [
  {
    name: 'DNC search',
    method: 'GET',
    path: () => '/interviews-api/DNC/search?pageSize=40&blocked=true',
    allowed: [...STAFF, 'csr'],
  },
  {
    name: 'DNC create',
    method: 'POST',
    path: () => '/interviews-api/DNC',
    body: (_f, _w, i) => ({ type: 'PHONE', value: `(207) 555-01${String(i).padStart(2, '0')}` }),
    allowed: [...STAFF, 'csr'],
  },
  {
    name: 'DNC block',
    method: 'PATCH',
    path: (f, w) => `/interviews-api/DNC/${f.per[w].dnc}`,
    body: () => ({ blocked: true }),
    allowed: [...STAFF, 'csr'],
  },
  {
    name: 'DNC delete',
    method: 'DELETE',
    path: (f, w) => `/interviews-api/DNC/delete?id=${f.per[w].dnc}`,
    allowed: [...STAFF, 'csr'],
  },
  {
    name: 'DNC export',
    method: 'GET',
    path: () => '/interviews-api/DNC/export.csv?blocked=true',
    allowed: [...STAFF, 'csr'],
  },
  {
    name: 'brokerages list',
    method: 'GET',
    path: () => '/agents-api/brokerages?productFamily=COMBINED',
    allowed: STAFF,
  },
  { name: 'brokerage names', method: 'GET', path: () => '/agents-api/brokerages/names', allowed: STAFF },
  {
    name: 'brokerage one',
    method: 'GET',
    path: (f) => `/agents-api/brokerages/${f.harbor}`,
    allowed: [...STAFF, 'broker', 'supplier'],
  },
  {
    name: 'brokerage patch',
    method: 'PATCH',
    path: (f) => `/agents-api/brokerages/${f.harbor}`,
    body: () => ({ city: 'Portland' }),
    allowed: STAFF,
  },
  {
    name: 'brokerage referrals',
    method: 'GET',
    path: (f) => `/agents-api/brokerages/${f.harbor}/referrals`,
    allowed: [...STAFF, 'broker', 'supplier'],
  },
  { name: 'brokerages export', method: 'GET', path: () => '/agents-api/brokerages/export.csv', allowed: STAFF },
  {
    name: 'broker notes list',
    method: 'GET',
    path: (f) => `/agents-api/brokerNotes?brokerageId=${f.harbor}`,
    allowed: STAFF,
  },
  {
    name: 'broker note add',
    method: 'POST',
    path: () => '/agents-api/brokerNotes',
    body: (f, w) => ({ brokerageId: f.harbor, body: `note by ${w}` }),
    allowed: STAFF,
  },
  { name: 'agent notes list', method: 'GET', path: (f) => `/agents-api/agents/${f.agent}/notes`, allowed: STAFF },
  {
    name: 'agent note add',
    method: 'POST',
    path: (f) => `/agents-api/agents/${f.agent}/notes`,
    body: (_f, w) => ({ body: `note by ${w}` }),
    allowed: STAFF,
  },
  { name: 'admin hold reasons', method: 'GET', path: () => '/agents-api/adminHoldReasons', allowed: STAFF },
  { name: 'agent holds', method: 'GET', path: (f) => `/agents-api/agents/${f.agent}/adminHoldReason`, allowed: STAFF },
  {
    name: 'admin hold add',
    method: 'POST',
    path: (f, w) => `/agents-api/agents/${f.per[w].holdAgent}/adminHoldReason`,
    body: (f) => ({ reasonId: f.reason }),
    allowed: STAFF,
  },
  {
    name: 'admin hold lift',
    method: 'DELETE',
    path: (f, w) => `/agents-api/agents/${f.per[w].heldAgent}/adminHoldReason/${f.reason}`,
    allowed: STAFF,
  },
  {
    name: 'coverage areas',
    method: 'GET',
    path: (f) => `/agents-api/agents/${f.agent}/coverageAreas`,
    allowed: [...STAFF, 'broker', 'supplier'],
  },
  {
    name: 'coverage add',
    method: 'POST',
    path: (f) => `/agents-api/agents/${f.agent}/coverageAreas`,
    body: (_f, _w, i) => ({ zip: `099${String(i).padStart(2, '0')}` }),
    allowed: STAFF,
  },
  {
    name: 'coverage remove',
    method: 'DELETE',
    path: (f, w) => `/agents-api/agents/${f.agent}/coverageAreas/${f.per[w].area}`,
    allowed: STAFF,
  },
  { name: 'agents export', method: 'GET', path: () => '/agents-api/agents/export.csv?status=ACTIVE', allowed: STAFF },
  { name: 'loan offices', method: 'GET', path: () => '/lenders-api/loan-offices', allowed: [...STAFF, 'lender'] },
  {
    name: 'loan office one',
    method: 'GET',
    path: (f) => `/lenders-api/loan-offices/${f.summit}`,
    allowed: [...STAFF, 'lender'],
  },
  // The list admits brokerage admins too (my-loan-officers), showing the officers their referrals went to.
  {
    name: 'loan officers',
    method: 'GET',
    path: (f) => `/lenders-api/loan-officers?loanOfficeId=${f.summit}`,
    allowed: [...STAFF, 'broker', 'broker.basic', 'supplier', 'lender'],
  },
  {
    name: 'loan officer one',
    method: 'GET',
    path: (f) => `/lenders-api/loan-officers/${f.officer}`,
    allowed: [...STAFF, 'lender'],
  },
  {
    name: 'opportunities',
    method: 'GET',
    path: () => '/interviews-api/opportunities?status=CLOSED',
    allowed: [...STAFF, 'opps'],
  },
  {
    name: 'opportunity search',
    method: 'GET',
    path: () => '/interviews-api/opportunities/search?q=ol*a',
    allowed: [...STAFF, 'opps'],
  },
  {
    name: 'opportunity one',
    method: 'GET',
    path: (f) => `/interviews-api/opportunities/${f.opp}`,
    allowed: [...STAFF, 'opps'],
  },
  {
    name: 'opportunity patch',
    method: 'PATCH',
    path: (f) => `/interviews-api/opportunities/${f.opp}`,
    body: () => ({ nameFirst: 'Pat' }),
    allowed: STAFF,
  },
  {
    name: 'opportunity status',
    method: 'PUT',
    path: (f) => `/interviews-api/opportunities/${f.opp}/status`,
    body: () => ({ status: 'FUTURE_INTEREST' }),
    allowed: STAFF,
  },
  {
    name: 'opportunity notes',
    method: 'GET',
    path: (f) => `/interviews-api/opportunities/${f.opp}/notes`,
    allowed: [...STAFF, 'opps'],
  },
  {
    name: 'opportunity note add',
    method: 'POST',
    path: (f) => `/interviews-api/opportunities/${f.opp}/notes`,
    body: (_f, w) => ({ body: `note by ${w}` }),
    allowed: STAFF,
  },
  {
    name: 'opportunity unassign',
    method: 'DELETE',
    path: (f, w) => `/interviews-api/opportunities/${f.per[w].assignedOpp}/assignedAgent`,
    allowed: STAFF,
  },
  {
    name: 'force assignment',
    method: 'POST',
    path: () => '/interviews-api/agent-connection/forceReferralAssignment',
    body: (f, w) => ({ agentId: f.agent, opportunityId: f.per[w].freeOpp }),
    allowed: STAFF,
  },
  {
    name: 'interactions',
    method: 'GET',
    path: (f) => `/interviews-api/interactions?opportunityId=${f.opp}`,
    allowed: [...STAFF, 'opps'],
  },
  { name: 'dispositions', method: 'GET', path: () => '/interviews-api/dispositions', allowed: [...STAFF, 'opps'] },
  {
    name: 'opportunities export',
    method: 'GET',
    path: () => '/interviews-api/opportunities/export.csv?status=CLOSED',
    allowed: [...STAFF, 'opps'],
  },
  {
    name: 'users list',
    method: 'GET',
    path: (f) => `/users-api/users?brokerId=${f.harbor}&role=BROKERAGE_ADMIN&status=ACTIVE`,
    allowed: STAFF,
  },
  { name: 'impersonation audit', method: 'GET', path: () => '/users-api/impersonation-audit', allowed: ['admin'] },
  {
    name: 'impersonation sessions',
    method: 'GET',
    path: () => '/users-api/impersonation-audit/sessions',
    allowed: ['admin'],
  },
];

let server: TestServer;
let fx: Fx;
const callers = {} as Record<Who, Caller>;

beforeAll(async () => {
  server = await startTestServer();
  for (const w of WHO) callers[w] = await signIn(server, `${w}@demo.test`);
  const db = server.db;
  const org = async (table: 'brokerages' | 'loan_offices', name: string) =>
    (await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const harbor = await org('brokerages', 'Harbor Point Realty');
  const summit = await org('loan_offices', 'Summit Home Loans');
  const officer = (
    await db.selectFrom('loan_officers').select('id').where('loan_office_id', '=', summit).executeTakeFirstOrThrow()
  ).id;
  const agents = (
    await db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', harbor)
      .where('status', '=', 'ACTIVE')
      .where('phone', '<>', '+15550100001')
      .orderBy('id')
      .execute()
  ).map((a) => a.id);
  const opps = await db
    .selectFrom('opportunities')
    .select(['id', 'agent_id'])
    .where('brokerage_id', '=', harbor)
    .orderBy('id')
    .execute();
  const free = opps.filter((o) => o.agent_id === null).map((o) => o.id);
  const assigned = opps.filter((o) => o.agent_id !== null).map((o) => o.id);
  const reason = (await db.selectFrom('admin_hold_reasons').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const per = {} as Fx['per'];
  for (const [i, w] of WHO.entries()) {
    const dnc = (
      await db
        .insertInto('dnc_contacts')
        .values({ type: 'EMAIL', value: `matrix.${i}@mail.example` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const heldAgent = agents[12 + i]!;
    await db
      .insertInto('agent_admin_holds')
      .values({ agent_id: heldAgent, reason_id: reason, status_before: 'ACTIVE' })
      .execute();
    const area = (
      await db
        .insertInto('agent_coverage_areas')
        .values({ agent_id: agents[0]!, zip: `098${String(i).padStart(2, '0')}`, city: null, state: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    per[w] = { dnc, holdAgent: agents[1 + i]!, heldAgent, area, freeOpp: free[i]!, assignedOpp: assigned[i]! };
  }
  fx = { harbor, summit, officer, agent: agents[0]!, opp: opps[0]!.id, per, reason };
});
afterAll(async () => {
  await server.close();
});

describe('staff console route access', () => {
  it.each(CASES)('$method $name answers 2xx to exactly the admitted identities and 403 to the rest', async (c) => {
    const actual: Record<string, number | '2xx'> = {};
    const expected: Record<string, number | '2xx'> = {};
    for (const [i, w] of WHO.entries()) {
      const path = c.path(fx, w);
      const body = c.body?.(fx, w, i);
      const caller = callers[w];
      const res =
        c.method === 'GET'
          ? await caller.get(path)
          : c.method === 'POST'
            ? await caller.post(path, body)
            : c.method === 'PUT'
              ? await caller.put(path, body)
              : c.method === 'PATCH'
                ? await caller.patch(path, body)
                : await caller.delete(path, body);
      actual[w] = res.status >= 200 && res.status < 300 ? '2xx' : res.status;
      expected[w] = c.allowed.includes(w) ? '2xx' : 403;
    }
    expect(actual).toEqual(expected);
  });
});
